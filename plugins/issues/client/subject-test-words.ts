/**
 * A subject test's sentences in the console's language (issue 58, decision 0058): its phase, why
 * the winner won, and what the confirmation of a publication adds about it. The texts are ours
 * (the spec has no subject test); each is one whole sentence to translate, and its counts, rates,
 * durations and dates are written by core/client/format.ts in the same language.
 */
import { currentLang, formatNumber, formatPercent, intlLocale } from '../../../core/client/format';
import { t } from '../../../core/client/words';
import { constants } from '../../../core/shared/config';
import type { SubjectTest } from '../../../schemas/generated/entities/subject-test';
import { rate } from '../results';
import type { Issue } from './issue-api';

export type { SubjectTest };

/** A subject line by its place, as the form, the table and the sentences name it: 'Subject 1' is the issue's own. */
export const subjectName = (place: number) => t('Subject {number}', { number: formatNumber(place + 1) });

/** Items joined as the language joins them: '1, 2 and 3', '1, 2 ve 3'. */
export const listWords = (items: string[]) => new Intl.ListFormat(intlLocale[currentLang()], { type: 'conjunction' }).format(items);

/** A wait in hours and minutes: '4 hours', '1 hour 30 minutes', '1 saat 30 dakika'. */
export function waitWords(minutes: number): string {
  const unit = (value: number, name: 'hour' | 'minute') => formatNumber(value, currentLang(), { style: 'unit', unit: name, unitDisplay: 'long' });
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return [hours > 0 ? unit(hours, 'hour') : '', rest > 0 || hours === 0 ? unit(rest, 'minute') : ''].filter(Boolean).join(' ');
}

/** How sure a decision was, never written above what it was: 0.99996 is '99.9%', not '100%'. */
const confidenceWords = (confidence: number) => formatPercent(Math.floor(confidence * 1000) / 1000);

/**
 * The test's phase in words. A test in 'testing' is planned while the issue waits for its time,
 * and going out once the issue is sending; `decideAt` is written by `formatDate`.
 */
export function phaseWords(test: Pick<SubjectTest, 'phase' | 'decideAt'>, status: Issue['status'], formatDate: (date: string) => string): string {
  switch (test.phase) {
    case 'testing':
      return status.processing
        ? t('Testing: the copies of the test are going out.')
        : t('Planned: the copies of the test go out first, when the issue is sent.');
    case 'waiting':
      return test.decideAt
        ? t('Waiting for readers until {date}: then the winner goes to the rest of the audience.', { date: formatDate(test.decideAt) })
        : t('Waiting for readers: then the winner goes to the rest of the audience.');
    case 'decided':
      return t('Decided: the winner goes to the rest of the audience.');
    case 'cancelled':
      return t('Cancelled with the issue before a winner was chosen: the rest of the audience gets nothing.');
  }
}

type Figures = NonNullable<SubjectTest['decision']>[number];

/** The variant ahead of the others but `winner` by one figure's rate (ties to the earlier), with that rate. */
function runnerUp(figures: readonly Figures[], winner: number, part: (figures: Figures) => number): { place: number; rate: number } | null {
  let best: { place: number; rate: number } | null = null;
  figures.forEach((variant, place) => {
    const ratio = rate(part(variant), variant.delivered) ?? 0;
    if (place !== winner && (!best || ratio > best.rate)) best = { place, rate: ratio };
  });
  return best;
}

/**
 * Why the winner won, in a plain sentence or two: by people's opens or clicks with the winner's
 * and the next best's rates (over delivered copies, as the decision read them) and how sure the
 * difference is; too close to call, with the confidence reached and the level asked, and the
 * first subject going; or picked by hand. Null before a decision.
 */
export function verdictWords(test: Pick<SubjectTest, 'phase' | 'decideBy' | 'decidedBy' | 'winner' | 'confidence' | 'decision' | 'results'>): string | null {
  const { decidedBy, winner } = test;
  if (test.phase !== 'decided' || winner === null || decidedBy === null) return null;
  if (decidedBy === 'hand') return t('Picked by hand: {subject} goes to the rest of the audience.', { subject: subjectName(winner) });
  const confidence = confidenceWords(test.confidence ?? 0);
  if (decidedBy === 'tooClose')
    return t(
      'Too close to call: the difference between the subject lines reached {confidence} confidence, short of the {level} asked, so {subject}, the issue’s own, goes to the rest.',
      {
        confidence,
        level: formatPercent(constants.subjectTests.confidence),
        subject: subjectName(0),
      },
    );
  const figures: Figures[] = test.decision ?? test.results.map(({ delivered, opens, clickers }) => ({ delivered, opens, clickers }));
  const part = (variant: Figures) => (decidedBy === 'opens' ? variant.opens : variant.clickers);
  const won = figures[winner];
  const next = runnerUp(figures, winner, part);
  const values = {
    subject: subjectName(winner),
    rate: formatPercent(won ? (rate(part(won), won.delivered) ?? 0) : 0),
    other: formatPercent(next?.rate ?? 0),
    runner: subjectName(next?.place ?? 0),
    confidence,
  };
  const sentence =
    decidedBy === 'opens'
      ? t('{subject} won on people’s opens: {rate} opened it, against {other} for {runner}, with {confidence} confidence.', values)
      : t('{subject} won on people’s clicks: {rate} clicked, against {other} for {runner}, with {confidence} confidence.', values);
  return test.decideBy === 'opensThenClicks' && decidedBy === 'clicks'
    ? `${t('People’s opens were too close to call, so clicks decided.')} ${sentence}`
    : sentence;
}

/**
 * What the confirmation of a publication with a test adds: how many of the e-mail audience get
 * each subject line first (`perVariant`, in the subject lines' order), and how many get the
 * winner after the wait.
 */
export function testConfirmationWords(split: { tested: number; perVariant: number[]; rest: number }, waitMinutes: number): string {
  const sizes = split.perVariant.map((count, place) => t('{count} get {subject}', { count: formatNumber(count), subject: subjectName(place) }));
  return [
    t('The subject test goes to {count} e-mail subscribers first: {sizes}.', { count: formatNumber(split.tested), sizes: listWords(sizes) }),
    t('After {wait}, the winner goes to the other {rest}.', { wait: waitWords(waitMinutes), rest: formatNumber(split.rest) }),
  ].join(' ');
}

/** What the issue list says of an issue's test: the subject that won, or that it runs; nothing otherwise. */
export function listedTestWords(test: Issue['subjectTest']): string | null {
  if (!test) return null;
  if (test.phase === 'decided' && test.winningSubject) return t('Subject test won by “{subject}”', { subject: test.winningSubject });
  if (test.phase === 'testing' || test.phase === 'waiting') return t('Subject test running');
  return null;
}
