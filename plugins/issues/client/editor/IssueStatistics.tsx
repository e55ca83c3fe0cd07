/**
 * The issue's statistics block and progress bar (spec 001 section 2): stories, words and reading
 * time of what the channels hold, and how many of its stories are draft, ready and accepted. Once
 * the issue has gone out by e-mail, its results at the top (sent, delivered, bounced, opens,
 * clicks, unsubscriptions and complaints with their rates: ../ResultsPanel.tsx) from `updateStats`,
 * with a link to its analytics, and its subject test's figures when it had one.
 */
import { Link, mergeStyleSets, Stack, Text } from '@fluentui/react';
import { useEffect, useState } from 'react';
import { Link as RouteLink } from 'wouter';
import { useCan } from '../../../../core/client/permissions';
import { linkTo } from '../../../../core/client/registry';
import { formatNumber } from '../../../../core/client/format';
import { theme } from '../../../../core/client/theme';
import { t } from '../../../../core/client/words';
import { issueApi } from '../issue-api';
import { issueAnalyticsRoute } from '../public';
import { repeatsOf, ResultsPanel, type Repeats } from '../ResultsPanel';
import { IssueSubjectTest } from '../SubjectTestResults';
import { badges } from '../../../../core/shared/config';
import type { Story } from '../../../stories/client/public';
import type { Issue } from '../issue-api';
import { readingMinutes } from '../texts';

const classes = mergeStyleSets({
  block: { background: theme.palette.white, borderRadius: 8, padding: 16, boxShadow: theme.effects.elevation4 },
  bar: { display: 'flex', height: 8, borderRadius: 4, overflow: 'hidden', background: theme.palette.neutralLighter },
});

const words = (text: string) => (text.trim() ? text.trim().split(/\s+/).length : 0);

type Results = { results: NonNullable<Issue['results']>; repeats?: Repeats; issue: Issue };

/**
 * The results of an issue that went out by e-mail, with the repeats of its opens and clicks, asked
 * once per visit: null for one that did not, undefined while they load; a failure only hides them.
 */
function useResults(issue: Issue): Results | undefined | null {
  const sent = Boolean(issue.status.emailed || issue.status.sent);
  const [results, setResults] = useState<Results | undefined | null>(undefined);
  useEffect(() => {
    if (!sent) return;
    let current = true;
    issueApi.fetch(issue._id, { updateStats: true }).then(
      (fetched) =>
        current && setResults(fetched.results ? { results: fetched.results, repeats: fetched.stats && repeatsOf(fetched.stats), issue: fetched } : null),
      (error: unknown) => {
        console.warn('issue statistics', error);
        if (current) setResults(null);
      },
    );
    return () => {
      current = false;
    };
  }, [issue._id, sent]);
  return sent ? results : null;
}

export function IssueStatistics({ issue, stories }: { issue: Issue; stories: ReadonlyMap<string, Story> }) {
  const can = useCan();
  const results = useResults(issue);
  const analyticsPath = can('statistics.generate') ? linkTo(issueAnalyticsRoute, { issueId: issue._id }) : undefined;
  const held = issue.channelsNew.flatMap((channel) => channel.stories.map((id) => stories.get(id)).filter((story): story is Story => Boolean(story)));
  const draft = held.filter((story) => story.status.draft).length;
  const accepted = held.filter((story) => !story.status.draft && story.status.accepted).length;
  const ready = held.filter((story) => !story.status.draft && !story.status.accepted && story.status.ready).length;
  const total = Math.max(held.length, 1);
  // Labels in English (keys), shown through `t`.
  const figures = [
    { label: 'Stories', value: formatNumber(held.length) },
    { label: 'Words', value: formatNumber(words(issue.intro.text) + held.reduce((sum, story) => sum + words(story.body.text), 0)) },
    { label: 'Reading time', value: readingMinutes(held.reduce((sum, story) => sum + story.meta.readingTime, 0)) },
  ];
  const parts = [
    { key: 'draft', count: draft, color: badges.story.statuses.draft.color, label: 'Draft' },
    { key: 'ready', count: ready, color: badges.story.statuses.ready.color, label: 'Ready' },
    { key: 'accepted', count: accepted, color: badges.story.statuses.accepted.color, label: 'Accepted' },
  ];
  return (
    <div className={classes.block} data-testid="issue-statistics">
      {results !== null ? (
        <Stack tokens={{ childrenGap: 16 }} styles={{ root: { marginBottom: 16 } }}>
          <ResultsPanel results={results?.results} repeats={results?.repeats} minWidth={140} />
          {results ? <IssueSubjectTest issue={results.issue} /> : null}
        </Stack>
      ) : null}
      <Stack horizontal wrap tokens={{ childrenGap: 32 }}>
        {figures.map((figure) => (
          <Stack key={figure.label}>
            <Text variant="small" styles={{ root: { color: theme.semanticColors.bodySubtext } }}>
              {t(figure.label)}
            </Text>
            <Text variant="xLarge">{figure.value}</Text>
          </Stack>
        ))}
        {results && analyticsPath ? (
          <Stack verticalAlign="end">
            <RouteLink href={analyticsPath} asChild>
              <Link>{t('Analytics')}</Link>
            </RouteLink>
          </Stack>
        ) : null}
      </Stack>
      <div
        className={classes.bar}
        role="img"
        aria-label={parts.map((part) => `${t(part.label)} ${formatNumber(part.count)}`).join(', ')}
        style={{ marginTop: 12 }}
      >
        {parts.map((part) => (
          <div key={part.key} style={{ width: `${(part.count / total) * 100}%`, background: part.color }} />
        ))}
      </div>
      <Stack horizontal tokens={{ childrenGap: 16 }} styles={{ root: { marginTop: 6 } }}>
        {parts.map((part) => (
          <Text key={part.key} variant="small">
            <span style={{ display: 'inline-block', width: 8, height: 8, borderRadius: 4, background: part.color, marginRight: 6 }} />
            {t(part.label)} {formatNumber(part.count)}
          </Text>
        ))}
      </Stack>
    </div>
  );
}
