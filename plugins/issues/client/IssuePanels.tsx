/**
 * The newsletter dashboard's issue panels (spec 000, Dashboards): 'Draft issues', the three most
 * recently changed drafts, and 'Published issues', the three most recently published, each
 * opening the issue's editor, with 'See all' for the issue list filtered the same way. With no
 * published issue the second says "You haven't published any issues yet..." and offers to create
 * one. The dashboard is the first screen after sign-in (design.md section 6): no date library,
 * nothing of the list component here.
 */
import { Link } from '@fluentui/react';
import { Link as RouteLink } from 'wouter';
import { ListPanel, PanelRow, panelDate, usePanelData } from '../../../core/client/panel-list';
// The badge alone: the list's index would bring the whole list component to the first screen.
import { StatusBadge } from '../../../core/client/list/StatusBadge';
import { useCan } from '../../../core/client/permissions';
import { resolveBadge } from '../../../core/shared/badges';
import { constants } from '../../../core/shared/config';
import type { Scope } from '../../../schemas/generated/entities/scope';
import type { IssueListQuery } from '../../../schemas/generated/api/issue-list-query';
import { issueApi, type Issue } from './issue-api';
import { issueEditorPath, issueName, newIssuePath } from './issue-paths';

type PanelKind = 'draft' | 'published';

/** What each panel asks the issue list for (spec 001 section 7: limit 3, publishedAt, or updatedAt for drafts). */
const panelQueries: Record<PanelKind, IssueListQuery> = {
  draft: { 'status.published': false, sort: 'updatedAt', desc: true },
  published: { status: 'published', sort: 'publishedAt', desc: true },
};

const panelTitles: Record<PanelKind, string> = { draft: 'Draft issues', published: 'Published issues' };
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
  const title = panelTitles[kind];
  return (
    <ListPanel
      title={title}
      href={`/newsletters/show/${scope._id}/issues?status=${kind}`}
      linkLabel={`See all ${title.toLowerCase()}`}
      items={issues}
      emptyText={emptyTexts[kind]}
      emptyAction={
        kind === 'published' && can('issues.create') ? (
          <RouteLink href={newIssuePath(scope._id)} asChild>
            <Link>Create a new issue</Link>
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
          details={`${issue.key} · ${panelDate(shownDate(issue, kind))}`}
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
