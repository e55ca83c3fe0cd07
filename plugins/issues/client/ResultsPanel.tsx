/**
 * An e-mailed issue's results (issue 30): what went out and came back, and what readers did, as
 * rates with their counts beside them (plugins/issues/results.ts defines each). Shown at the top of
 * the issue's and the story's analytics and in the editor's statistics block, and as the issue
 * list's cells. A rate with nothing delivered to divide by is '—'. Opens and clicks are people, each
 * copy once; their repeats are only ever 'repeats', and the machine share is the issue's one figure
 * (issue 55): every screen writes them with the functions here.
 */
import { Shimmer, Text } from '@fluentui/react';
import { Figure, Figures } from '../../../core/client/figures';
import { formatNumber, formatPercent } from '../../../core/client/format';
import { useFormat } from '../../../core/client/format-dates';
import { theme } from '../../../core/client/theme';
import { t } from '../../../core/client/words';
import type { IssueResults } from '../../../schemas/generated/entities/issue-results';

const noRate = '—';

/** How the panel writes its numbers: counts and rates in the console's language (core/client/format.ts). */
function useResultFormat() {
  const format = useFormat();
  return {
    count: (value: number) => format.number(value),
    rate: (ratio: number | null) => (ratio === null ? noRate : format.percent(ratio)),
  };
}

type Activity = 'opens' | 'clicks';

/** An issue's machine share as every screen writes it: '19.7% machine opens filtered'; nothing without one. */
export function machineShareNote(share: number | null | undefined, noun: Activity): string | null {
  if (share === null || share === undefined) return null;
  const values = { rate: formatPercent(share) };
  return noun === 'opens' ? t('{rate} machine opens filtered', values) : t('{rate} machine clicks filtered', values);
}

/**
 * People's repeats beside their opens or clicks, which count each copy once: '310 repeat opens not
 * counted', never a second total. Nothing when no copy was opened or clicked again.
 */
export function repeatsNote(repeats: number, noun: Activity): string | null {
  if (!(repeats > 0)) return null;
  const values = { repeats: formatNumber(repeats) };
  return noun === 'opens' ? t('{repeats} repeat opens not counted', values) : t('{repeats} repeat clicks not counted', values);
}

/** The repeats of an issue's or a story's `stats` (updateStats): each total is the people and their repeats. */
export function repeatsOf(stats: { totalOpens: number; uniqueOpens: number; totalClicks: number; uniqueClicks: number }): Repeats {
  return { opens: stats.totalOpens - stats.uniqueOpens, clicks: stats.totalClicks - stats.uniqueClicks };
}

export interface Repeats {
  opens: number;
  clicks: number;
}

function Note({ children }: { children: string }) {
  return (
    <Text block variant="small" styles={{ root: { color: theme.palette.neutralSecondary, marginTop: 4 } }}>
      {children}
    </Text>
  );
}

/** In English: shown through `t`. */
const labels = ['Sent', 'Delivered', 'Open rate', 'Click rate', 'Unsubscribe rate', 'Bounced', 'Complaints'];

/**
 * `results` undefined while they load (skeletons); `title` names whose results they are (a story's
 * are its issue's); `repeats`, when known (the issue call with updateStats), under the opens and clicks.
 */
export function ResultsPanel({
  results,
  title,
  repeats,
  minWidth = 160,
}: {
  results: IssueResults | undefined;
  title?: string;
  repeats?: Repeats;
  minWidth?: number;
}) {
  const { count, rate } = useResultFormat();
  if (!results)
    return (
      <section aria-label={title ?? t('Results')} aria-busy="true" data-testid="issue-results">
        <Figures minWidth={minWidth}>
          {labels.map((label) => (
            <Figure key={label} label={t(label)} value="">
              <Shimmer width="70%" styles={{ root: { marginTop: -28 } }} data-testid="result-skeleton" />
            </Figure>
          ))}
        </Figures>
      </section>
    );
  const notes = (...lines: (string | null)[]) => lines.filter((line): line is string => Boolean(line)).map((line) => <Note key={line}>{line}</Note>);
  return (
    <section aria-label={title ?? t('Results')} data-testid="issue-results">
      {title ? (
        <Text block variant="mediumPlus" styles={{ root: { fontWeight: 600, marginBottom: 8 } }}>
          {title}
        </Text>
      ) : null}
      <Figures minWidth={minWidth}>
        <Figure label={t('Sent')} value={count(results.sent)} />
        <Figure label={t('Delivered')} value={count(results.delivered)}>
          {notes(t('Sent less bounced'))}
        </Figure>
        <Figure label={t('Open rate')} value={rate(results.openRate)}>
          {notes(
            t('{count} opened', { count: count(results.opens) }),
            repeats ? repeatsNote(repeats.opens, 'opens') : null,
            machineShareNote(results.machineOpenShare, 'opens'),
          )}
        </Figure>
        <Figure label={t('Click rate')} value={rate(results.clickRate)}>
          {notes(
            t('{count} clicked', { count: count(results.clickers) }),
            repeats ? repeatsNote(repeats.clicks, 'clicks') : null,
            machineShareNote(results.machineClickShare, 'clicks'),
          )}
        </Figure>
        <Figure label={t('Unsubscribe rate')} value={rate(results.unsubscribeRate)}>
          {notes(t('{count} unsubscribed', { count: count(results.unsubscribes) }))}
        </Figure>
        <Figure label={t('Bounced')} value={rate(results.bounceRate)}>
          {notes(t('{count} bounced', { count: count(results.bounced) }))}
        </Figure>
        <Figure label={t('Complaints')} value={count(results.complaints)}>
          {notes(t('{rate} of delivered', { rate: rate(results.complaintRate) }))}
        </Figure>
      </Figures>
    </section>
  );
}

/**
 * A rate with its count beside it, as the issue list shows a result: '%41,2 (1.204)'; '—' with
 * nothing delivered. `note` (the machine share) is its tooltip.
 */
export function RateCell({ ratio, count: counted, note }: { ratio: number | null | undefined; count: number | undefined; note?: string | null }) {
  const { count, rate } = useResultFormat();
  if (ratio === undefined || counted === undefined) return <>{noRate}</>;
  return (
    <span title={ratio === null ? t('Nothing delivered') : (note ?? undefined)}>
      {rate(ratio)}
      {ratio === null ? null : <span style={{ color: theme.palette.neutralSecondary }}> ({count(counted)})</span>}
    </span>
  );
}

/** A count in the console's language. */
export function CountCell({ value }: { value: number | undefined }) {
  const { count } = useResultFormat();
  return <>{value === undefined ? noRate : count(value)}</>;
}
