/**
 * The newsletter's latest published issues, each a link to its analytics, with the open and click
 * rates of those that were e-mailed (issue 30): which issues did well reads at a glance.
 */
import { Link, Text } from '@fluentui/react';
import { Link as RouteLink } from 'wouter';
import { latestIssues } from './analytics-api';
import { NotReady, Panel, Waiting } from './ChartPanel';
import { places, useQueued } from './fetch-queue';
import { issueAnalyticsPath } from './paths';
import { useFormat } from '../../../core/client/format-dates';
import { t } from '../../../core/client/words';
import type { Issue } from '../../../schemas/generated/entities/issue';

/** The panel's title, in English (shown through `t`). */
export const latestIssuesTitle = 'ISSUES';
/** Issues listed: the latest ones; older ones are a click away in the issue list. */
const listed = 10;

export function LatestIssues({ newsletterId }: { newsletterId: string }) {
  const state = useQueued((next) => next(() => latestIssues(newsletterId, listed)), `latest-issues|${newsletterId}`, 'handle', places.below + 1);
  const format = useFormat();
  const title = t(latestIssuesTitle);
  const rates = (results: Issue['results']) =>
    results && results.delivered > 0
      ? t('Open rate {open} · Click rate {click}', { open: format.percent(results.openRate ?? 0), click: format.percent(results.clickRate ?? 0) })
      : null;
  return (
    <Panel title={title}>
      {state.status === 'waiting' ? (
        <Waiting label={title} />
      ) : state.status === 'failed' || state.data.length === 0 ? (
        <NotReady />
      ) : (
        <ul className="analytics-issue-list">
          {state.data.map((issue) => (
            <li key={issue._id}>
              <div className="analytics-issue-line">
                <RouteLink href={issueAnalyticsPath(issue._id)} asChild>
                  <Link>{issue.subject || issue.key}</Link>
                </RouteLink>
                {issue.publishedAt ? <Text variant="small">{format.date(new Date(issue.publishedAt), 'd MMMM yyyy')}</Text> : null}
              </div>
              {rates(issue.results) ? (
                <Text block variant="small" className="analytics-note">
                  {rates(issue.results)}
                </Text>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
