/**
 * An e-mailed issue's results (issue 30): what went out and came back, and what readers did, as
 * rates with their counts beside them (plugins/issues/results.ts defines each). Shown at the top of
 * the issue's and the story's analytics and in the editor's statistics block. A rate with nothing
 * delivered to divide by is '—'.
 */
import { Shimmer, Text } from '@fluentui/react';
import { Figure, Figures } from '../../../core/client/figures';
import { useFormat } from '../../../core/client/format-dates';
import { theme } from '../../../core/client/theme';
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

function Note({ children }: { children: string }) {
  return (
    <Text block variant="small" styles={{ root: { color: theme.palette.neutralSecondary, marginTop: 4 } }}>
      {children}
    </Text>
  );
}

const labels = ['Sent', 'Delivered', 'Open rate', 'Click rate', 'Unsubscribe rate', 'Bounced', 'Complaints'];

/** `results` undefined while they load (skeletons); `title` names whose results they are (a story's are its issue's). */
export function ResultsPanel({ results, title, minWidth = 160 }: { results: IssueResults | undefined; title?: string; minWidth?: number }) {
  const { count, rate } = useResultFormat();
  if (!results)
    return (
      <section aria-label={title ?? 'Results'} aria-busy="true" data-testid="issue-results">
        <Figures minWidth={minWidth}>
          {labels.map((label) => (
            <Figure key={label} label={label} value="">
              <Shimmer width="70%" styles={{ root: { marginTop: -28 } }} data-testid="result-skeleton" />
            </Figure>
          ))}
        </Figures>
      </section>
    );
  const machines = (share: number | null, noun: string) => (share ? `${rate(share)} machine ${noun} filtered` : null);
  const notes = (...lines: (string | null)[]) => lines.filter((line): line is string => Boolean(line)).map((line) => <Note key={line}>{line}</Note>);
  return (
    <section aria-label={title ?? 'Results'} data-testid="issue-results">
      {title ? (
        <Text block variant="mediumPlus" styles={{ root: { fontWeight: 600, marginBottom: 8 } }}>
          {title}
        </Text>
      ) : null}
      <Figures minWidth={minWidth}>
        <Figure label="Sent" value={count(results.sent)} />
        <Figure label="Delivered" value={count(results.delivered)}>
          {notes('Sent less bounced')}
        </Figure>
        <Figure label="Open rate" value={rate(results.openRate)}>
          {notes(`${count(results.opens)} opened`, machines(results.machineOpenShare, 'opens'))}
        </Figure>
        <Figure label="Click rate" value={rate(results.clickRate)}>
          {notes(`${count(results.clickers)} clicked`, machines(results.machineClickShare, 'clicks'))}
        </Figure>
        <Figure label="Unsubscribe rate" value={rate(results.unsubscribeRate)}>
          {notes(`${count(results.unsubscribes)} unsubscribed`)}
        </Figure>
        <Figure label="Bounced" value={rate(results.bounceRate)}>
          {notes(`${count(results.bounced)} bounced`)}
        </Figure>
        <Figure label="Complaints" value={count(results.complaints)}>
          {notes(`${rate(results.complaintRate)} of delivered`)}
        </Figure>
      </Figures>
    </section>
  );
}

/** A rate with its count beside it, as the issue list shows a result: '%41,2 (1.204)'; '—' with nothing delivered. */
export function RateCell({ ratio, count: counted }: { ratio: number | null | undefined; count: number | undefined }) {
  const { count, rate } = useResultFormat();
  if (ratio === undefined || counted === undefined) return <>{noRate}</>;
  return (
    <span title={ratio === null ? 'Nothing delivered' : undefined}>
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
