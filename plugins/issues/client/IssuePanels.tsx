/**
 * The newsletter dashboard's issue panels (spec 000, Dashboards): 'Draft issues', the three most
 * recently changed drafts, and 'Published issues', the three most recently published, each
 * opening the issue's editor, with 'See all' for the issue list filtered the same way. With no
 * published issue the second says "You haven't published any issues yet..." and offers to create
 * one. A published issue's row names the subject that won its subject test, or says that one runs.
 * The publisher home leads with 'At a glance'. The dashboard is the first screen after
 * sign-in (design.md section 6): no date library, nothing of the list component here.
 */
import { Link, Spinner, Stack, Text } from '@fluentui/react';
import { Link as RouteLink } from 'wouter';
import { call } from '../../../core/client/api';
import { Figure, Figures } from '../../../core/client/figures';
import { dayMonth, formatNumber, formatPercent, formatTime } from '../../../core/client/format';
import { ListPanel, PanelRow, PanelTitle, panelDate, usePanelData } from '../../../core/client/panel-list';
import { linkTo } from '../../../core/client/registry';
// The badge alone: the list's index would bring the whole list component to the first screen.
import { StatusBadge } from '../../../core/client/list/StatusBadge';
import { useCan } from '../../../core/client/permissions';
import { resolveBadge } from '../../../core/shared/badges';
import { constants } from '../../../core/shared/config';
import { t } from '../../../core/client/words';
import type { Scope } from '../../../schemas/generated/entities/scope';
import type { NewsletterSummary } from '../../../schemas/generated/entities/newsletter-summary';
import type { IssueListQuery } from '../../../schemas/generated/api/issue-list-query';
import { newsletterEndpoints } from '../../newsletters/endpoints';
import { issueApi, type Issue } from './issue-api';
import { issueEditorPath, issueName, newIssuePath } from './issue-paths';
import { issueAnalyticsRoute } from './public';
import { listedTestWords } from './subject-test-words';

type PanelKind = 'draft' | 'published';

/** What each panel asks the issue list for (spec 001 section 7: limit 3, publishedAt, or updatedAt for drafts). */
const panelQueries: Record<PanelKind, IssueListQuery> = {
  draft: { 'status.published': false, sort: 'updatedAt', desc: true },
  published: { status: 'published', sort: 'publishedAt', desc: true },
};

/** The panels' texts, in English: shown through `t`. */
const panelTitles: Record<PanelKind, string> = { draft: 'Draft issues', published: 'Published issues' };
const seeAll: Record<PanelKind, string> = { draft: 'See all draft issues', published: 'See all published issues' };
const emptyTexts: Record<PanelKind, string> = { draft: 'There are no draft issues.', published: "You haven't published any issues yet..." };

/** The date a row shows: when it went out for a published issue, when it last changed for a draft. */
const shownDate = (issue: Issue, kind: PanelKind) => (kind === 'published' && issue.publishedAt ? issue.publishedAt : issue.updatedAt);

function IssuesPanel({ scope, kind }: { scope: Scope; kind: PanelKind }) {
  const issues = usePanelData(
    `${scope._id}|${kind}`,
    () => issueApi.list({ newsletter: scope._id, ...panelQueries[kind], limit: constants.pageSizes.dashboardIssues }),
    [],
  );
  const can = useCan();
  return (
    <ListPanel
      title={t(panelTitles[kind])}
      href={`/newsletters/show/${scope._id}/issues?status=${kind}`}
      linkLabel={t(seeAll[kind])}
      items={issues}
      emptyText={t(emptyTexts[kind])}
      emptyAction={
        kind === 'published' && can('issues.create') ? (
          <RouteLink href={newIssuePath(scope._id)} asChild>
            <Link>{t('Create a new issue')}</Link>
          </RouteLink>
        ) : null
      }
    >
      {(issue) => (
        <PanelRow
          key={issue._id}
          href={issueEditorPath(issue._id)}
          icon={kind === 'published' ? 'Mail' : 'EditMail'}
          tone="accent"
          name={issueName(issue)}
          details={[issue.key, panelDate(shownDate(issue, kind)), listedTestWords(issue.subjectTest)].filter(Boolean).join(' · ')}
          badge={<StatusBadge badge={resolveBadge('issue', issue.status)} />}
        />
      )}
    </ListPanel>
  );
}

export function DraftIssuesPanel({ scope }: { scope: Scope }) {
  return <IssuesPanel scope={scope} kind="draft" />;
}

export function PublishedIssuesPanel({ scope }: { scope: Scope }) {
  return <IssuesPanel scope={scope} kind="published" />;
}

interface Glance {
  subscribers: number;
  newsletters: number;
  last: Issue | null;
  next: Issue | null;
}

/** Scheduled issues looked at for the next one; a publisher plans a few weeks ahead at most. */
const scheduledLooked = 50;
/** The latest published issues looked at for the last e-mailed one. */
const publishedLooked = 10;

/** Every newsletter of the publisher, a page of the largest size at a time: the glance adds up all of them. */
async function allNewsletters(publisher: string): Promise<NewsletterSummary[]> {
  const limit = 100;
  const found: NewsletterSummary[] = [];
  for (let page = 0; ; page += 1) {
    const { data } = await call(newsletterEndpoints.list, { query: { publisher, limit, page } });
    found.push(...data);
    if (data.length < limit) return found;
  }
}

async function glanceOf(scope: Scope): Promise<{ data: Glance }> {
  const [newsletters, sent, scheduled] = await Promise.all([
    allNewsletters(scope._id),
    issueApi.list({ 'status.published': true, sort: 'publishedAt', desc: true, limit: publishedLooked }),
    issueApi.list({ status: 'scheduled', limit: scheduledLooked }),
  ]);
  const planned = (issue: Issue) => Date.parse(issue.plannedAt ?? issue.publishedAt ?? '') || Infinity;
  const next = scheduled.data.reduce<Issue | null>((soonest, issue) => (!soonest || planned(issue) < planned(soonest) ? issue : soonest), null);
  return {
    data: {
      subscribers: newsletters.reduce((sum, newsletter) => sum + newsletter.stats.subscribers, 0),
      newsletters: newsletters.length,
      // The latest that went out by e-mail: a web-only issue has no rates.
      last: sent.data.find((issue) => issue.status.emailed) ?? null,
      next,
    },
  };
}

/**
 * The publisher home's first panel (issue 31): what a publisher looks for first. Its newsletters'
 * subscribers, the last e-mailed issue's open and click rates, and the next scheduled issue.
 */
export function PublisherGlancePanel({ scope }: { scope: Scope }) {
  const glance = usePanelData(`${scope._id}|glance`, () => glanceOf(scope));
  const results = glance?.last?.results;
  return (
    <Stack tokens={{ childrenGap: 12 }}>
      <PanelTitle>{t('At a glance')}</PanelTitle>
      {!glance ? (
        <Spinner />
      ) : (
        <Figures minWidth={200} tinted>
          <Figure label={t('Subscribers')} value={formatNumber(glance.subscribers)}>
            <Text variant="small">
              {t(glance.newsletters === 1 ? 'In {count} newsletter' : 'In {count} newsletters', { count: formatNumber(glance.newsletters) })}
            </Text>
          </Figure>
          <Figure label={t('Last issue’s open rate')} value={results && results.delivered > 0 ? formatPercent(results.openRate ?? 0) : '–'}>
            {glance.last ? (
              <Text variant="small">
                <RouteLink href={linkTo(issueAnalyticsRoute, { issueId: glance.last._id }) ?? issueEditorPath(glance.last._id)} asChild>
                  <Link>{issueName(glance.last)}</Link>
                </RouteLink>
                {` · ${panelDate(glance.last.emailedAt ?? glance.last.publishedAt ?? glance.last.updatedAt)}`}
                {results && results.delivered > 0 ? ` · ${t('Click rate {rate}', { rate: formatPercent(results.clickRate ?? 0) })}` : ''}
              </Text>
            ) : (
              <Text variant="small">{t('No issue has gone out yet.')}</Text>
            )}
          </Figure>
          <Figure label={t('Next scheduled')} value={glance.next ? dayMonth(glance.next.plannedAt ?? glance.next.publishedAt) : '–'}>
            {glance.next ? (
              <Text variant="small">
                <RouteLink href={issueEditorPath(glance.next._id)} asChild>
                  <Link>{issueName(glance.next)}</Link>
                </RouteLink>
                {` · ${formatTime(glance.next.plannedAt ?? glance.next.publishedAt)}`}
              </Text>
            ) : (
              <Text variant="small">{t('Nothing is scheduled.')}</Text>
            )}
          </Figure>
        </Figures>
      )}
    </Stack>
  );
}
