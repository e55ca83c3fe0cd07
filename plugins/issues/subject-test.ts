/**
 * A subject test (issue 58, decision 0058): up to four subject lines, each with its preview, sent
 * to an even share of the e-mail audience before the rest; after the wait the winner is the one
 * people engaged with most, by the figures of results.ts (human opens or human clickers over
 * delivered copies; machine opens and clicks never count), if a two-proportion test says the
 * difference is more than chance. Below the confidence asked for it is too close to call, and the
 * first subject (the issue's own) goes. Pure: the server decides with it, the console explains it.
 */
import { constants } from '../../core/shared/config';
import type { IssuePublishBody } from '../../schemas/generated/api/issue-publish';
import { sendingChecks } from './publishing';
import { rate } from './results';

/** What decides: human opens, human clicks, or clicks when opens are too close to call. */
export type SubjectTestMeasure = 'opens' | 'clicks' | 'opensThenClicks';

/** One variant's figures as results.ts counts them: copies delivered, and people who opened or clicked. */
export interface VariantFigures {
  delivered: number;
  opens: number;
  clickers: number;
}

/** How the winner was found: by which figure, with what confidence (0 to 1) that it is ahead of the next. */
export interface SubjectTestVerdict {
  /** The winning variant's place (0: the issue's own subject). */
  winner: number;
  /** The figure that decided; null when every figure asked was too close to call. */
  decidedBy: 'opens' | 'clicks' | null;
  /** The confidence of the last comparison made (two-sided), from 0 to 1. */
  confidence: number;
}

/** The standard normal distribution's cumulative function (Abramowitz and Stegun 7.1.26: error under 1.5e-7). */
export function normalCdf(z: number): number {
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * x);
  const polynomial = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  const erf = 1 - polynomial * Math.exp(-x * x);
  return z >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
}

/**
 * How sure one can be that two rates differ (1 - the two-sided p-value of the two-proportion
 * z-test with a pooled rate): 0 when nothing can be told (no copy, or nobody or everybody acted).
 */
export function differenceConfidence(a: { part: number; whole: number }, b: { part: number; whole: number }): number {
  if (a.whole <= 0 || b.whole <= 0) return 0;
  const pooled = (a.part + b.part) / (a.whole + b.whole);
  const spread = Math.sqrt(pooled * (1 - pooled) * (1 / a.whole + 1 / b.whole));
  const difference = Math.abs(a.part / a.whole - b.part / b.whole);
  if (!(spread > 0) || difference === 0) return 0;
  return 2 * normalCdf(difference / spread) - 1;
}

/** The variant ahead by one figure, and how sure it is ahead of the next best; ties go to the earlier variant. */
function leaderBy(figures: readonly VariantFigures[], part: (variant: VariantFigures) => number): { leader: number; confidence: number } {
  const ranked = figures
    .map((variant, place) => ({ place, part: part(variant), whole: variant.delivered, rate: rate(part(variant), variant.delivered) ?? -1 }))
    .sort((a, b) => b.rate - a.rate || a.place - b.place);
  const [first, second] = ranked;
  if (!first || !second) return { leader: first?.place ?? 0, confidence: 0 };
  return { leader: first.place, confidence: differenceConfidence(first, second) };
}

/**
 * The winner of a test by its figures: the leader of the figure asked for when the confidence
 * reaches `level` (constants.subjectTests.confidence), else, for 'opensThenClicks', the leader by
 * clicks at the same level; else the first subject, too close to call.
 */
export function decideSubjectTest(
  figures: readonly VariantFigures[],
  measure: SubjectTestMeasure,
  level: number = constants.subjectTests.confidence,
): SubjectTestVerdict {
  const order: ('opens' | 'clicks')[] = measure === 'opens' ? ['opens'] : measure === 'clicks' ? ['clicks'] : ['opens', 'clicks'];
  let confidence = 0;
  for (const figure of order) {
    const { leader, confidence: sure } = leaderBy(figures, (variant) => (figure === 'opens' ? variant.opens : variant.clickers));
    confidence = sure;
    if (sure >= level) return { winner: leader, decidedBy: figure, confidence: sure };
  }
  return { winner: 0, decidedBy: null, confidence };
}

/** A subject test as the publish call asks for it: the subject lines besides the issue's own. */
export type SubjectTestRequest = NonNullable<IssuePublishBody['subjectTest']>;

const { maxVariants, shareMin, shareMax, waitMinutesMin, waitMinutesMax } = constants.subjectTests;

/** The test's messages (ours: the spec has no subject test), in the console's words. */
export const subjectTestTexts = {
  count: `A subject test tries one to ${maxVariants - 1} more subject lines besides the issue's own.`,
  same: 'Each subject line of a test must differ from the others.',
  share: `The test's share of the e-mail audience is ${shareMin} % to ${shareMax} %.`,
  wait: `The wait is ${waitMinutesMin} minutes to ${waitMinutesMax / 60} hours.`,
  emailOnly: 'A subject test goes with an e-mail send of an issue not yet e-mailed.',
  started: 'The subject test has begun: its subject lines can no longer change.',
  none: 'This issue has no subject test.',
  over: 'The subject test is decided already.',
  notStarted: 'The subject test has not begun: its copies go out when the issue is published.',
  noSuchVariant: 'The test has no such subject line.',
  picked: 'The winner goes to the rest of the audience.',
} as const;

/**
 * What is wrong with a requested test, each with the body's path to it: the subject lines' count
 * and texts (each passes the issue's own checks: spec 001's subject and preview lengths), the
 * share, the wait. `own` is the issue's subject and preview, the first variant.
 */
export function subjectTestProblems(own: { subject: string; preview: string }, test: SubjectTestRequest): { message: string; path: string }[] {
  const problems: { message: string; path: string }[] = [];
  if (test.variants.length < 1 || test.variants.length > maxVariants - 1) problems.push({ message: subjectTestTexts.count, path: 'subjectTest.variants' });
  const seen = new Set([`${own.subject.trim()}\n${own.preview.trim()}`]);
  test.variants.forEach((variant, index) => {
    const path = `subjectTest.variants.${index}`;
    const checks = sendingChecks({ ...variant, notification: { title: '', body: '' } }, 1);
    for (const check of checks)
      if (!check.ok && (check.id === 'subject' || check.id === 'preview')) problems.push({ message: check.message, path: `${path}.${check.id}` });
    const key = `${variant.subject.trim()}\n${variant.preview.trim()}`;
    if (seen.has(key)) problems.push({ message: subjectTestTexts.same, path: `${path}.subject` });
    seen.add(key);
  });
  if (test.share < shareMin || test.share > shareMax) problems.push({ message: subjectTestTexts.share, path: 'subjectTest.share' });
  if (test.waitMinutes < waitMinutesMin || test.waitMinutes > waitMinutesMax)
    problems.push({ message: subjectTestTexts.wait, path: 'subjectTest.waitMinutes' });
  return problems;
}

/** How many of `audience` e-mail subscribers the test's copies reach, and how many of them get each of `variants` subject lines (sizes differ by one at most), as the send draws them. */
export function subjectTestSplit(audience: number, share: number, variants: number): { tested: number; perVariant: number[]; rest: number } {
  const tested = Math.round((audience * share) / 100);
  const perVariant = Array.from({ length: variants }, (_, place) => Math.floor(tested / variants) + (place < tested % variants ? 1 : 0));
  return { tested, perVariant, rest: audience - tested };
}
