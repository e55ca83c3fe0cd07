/** The newsletter's latest published issues, each a link to its analytics. */
import { Link, Text } from '@fluentui/react';
import { Link as RouteLink } from 'wouter';
import { latestIssues } from './analytics-api';
import { NotReady, Panel, Waiting } from './ChartPanel';
import { useQueued } from './fetch-queue';
import { issueAnalyticsPath } from './paths';
import { formatDate } from '../../../core/client/format';

export const latestIssuesTitle = 'ISSUES';
/** Issues listed: the latest ones; older ones are a click away in the issue list. */
const listed = 10;

export function LatestIssues({ newsletterId }: { newsletterId: string }) {
  const state = useQueued((next) => next(() => latestIssues(newsletterId, listed)), `latest-issues|${newsletterId}`);
  return (
    <Panel title={latestIssuesTitle}>
      {state.status === 'waiting' ? (
        <Waiting label={latestIssuesTitle} />
      ) : state.status === 'failed' || state.data.length === 0 ? (
        <NotReady />
      ) : (
        <ul className="analytics-issue-list">
          {state.data.map((issue) => (
            <li key={issue._id}>
              <RouteLink href={issueAnalyticsPath(issue._id)} asChild>
                <Link>{issue.subject || issue.key}</Link>
              </RouteLink>
              {issue.publishedAt ? <Text variant="small">{formatDate(new Date(issue.publishedAt), 'd MMMM yyyy')}</Text> : null}
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
