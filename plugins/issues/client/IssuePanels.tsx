/**
 * The newsletter dashboard's issue panels (spec 000, Dashboards): 'Draft issues', the three most
 * recently changed drafts, and 'Published issues', the three most recently published, each
 * opening the issue's editor, with 'See all' for the issue list filtered the same way. With no
 * published issue the second says "You haven't published any issues yet..." and offers to create
 * one. The dashboard is the first screen after sign-in (design.md section 6): no date library,
 * nothing of the list component here.
 */
import { Link, Spinner, Stack, Text } from '@fluentui/react';
import { useEffect, useState } from 'react';
import { Link as RouteLink } from 'wouter';
import { handleError } from '../../../core/client/errors';
import { PanelList, PanelRow, panelDate } from '../../../core/client/panel-list';
// The badge alone: the list's index would bring the whole list component to the first screen.
import { StatusBadge } from '../../../core/client/list/StatusBadge';
import { useCan } from '../../../core/client/permissions';
import { theme } from '../../../core/client/theme';
import { resolveBadge } from '../../../core/shared/badges';
import { constants } from '../../../core/shared/config';
import type { Scope } from '../../../schemas/generated/entities/scope';
import { issueApi, type Issue } from './issue-api';
import { issueEditorPath, issueName, newIssuePath } from './issue-paths';

type PanelKind = 'draft' | 'published';

/** What each panel asks the issue list for (spec 001 section 7: limit 3, publishedAt, or updatedAt for drafts). */
const panelQueries: Record<PanelKind, Record<string, string | number | boolean>> = {
  draft: { 'status.published': false, sort: 'updatedAt', desc: true },
  published: { status: 'published', sort: 'publishedAt', desc: true },
};

const panelTitles: Record<PanelKind, string> = { draft: 'Draft issues', published: 'Published issues' };
const emptyTexts: Record<PanelKind, string> = { draft: 'There are no draft issues.', published: "You haven't published any issues yet..." };

/** The date a row shows: when it went out for a published issue, when it last changed for a draft. */
const shownDate = (issue: Issue, kind: PanelKind) => (kind === 'published' && issue.publishedAt ? issue.publishedAt : issue.updatedAt);

function IssuesPanel({ scope, kind }: { scope: Scope; kind: PanelKind }) {
  const [issues, setIssues] = useState<Issue[] | null>(null);
  const can = useCan();
  useEffect(() => {
    let live = true;
    setIssues(null);
    issueApi.list({ newsletter: scope._id, ...panelQueries[kind], limit: constants.pageSizes.dashboardIssues }).then(
      ({ data }) => live && setIssues(data),
      (error: unknown) => {
        if (!live) return;
        setIssues([]);
        return handleError(error);
      },
    );
    return () => {
      live = false;
    };
  }, [scope._id, kind]);

  const title = panelTitles[kind];
  return (
    <Stack tokens={{ childrenGap: 12 }}>
      <Stack horizontal horizontalAlign="space-between" verticalAlign="center" tokens={{ childrenGap: 12 }}>
        <Text as="h2" variant="xLarge" style={{ fontWeight: 600, margin: 0 }}>
          {title}
        </Text>
        <RouteLink href={`/newsletters/show/${scope._id}/issues?status=${kind}`} asChild>
          <Link aria-label={`See all ${title.toLowerCase()}`}>See all</Link>
        </RouteLink>
      </Stack>
      {!issues ? <Spinner /> : null}
      {issues?.length === 0 ? (
        <Stack tokens={{ childrenGap: 8 }} horizontalAlign="start">
          <Text styles={{ root: { color: theme.palette.neutralSecondary } }}>{emptyTexts[kind]}</Text>
          {kind === 'published' && can('issues.create') ? (
            <RouteLink href={newIssuePath(scope._id)} asChild>
              <Link>Create a new issue</Link>
            </RouteLink>
          ) : null}
        </Stack>
      ) : null}
      {issues && issues.length > 0 ? (
        <PanelList label={title}>
          {issues.map((issue) => (
            <PanelRow
              key={issue._id}
              href={issueEditorPath(issue._id)}
              icon={kind === 'published' ? 'Mail' : 'EditMail'}
              tone="accent"
              name={issueName(issue)}
              details={`${issue.key} · ${panelDate(shownDate(issue, kind))}`}
              badge={<StatusBadge badge={resolveBadge('issue', issue.status)} />}
            />
          ))}
        </PanelList>
      ) : null}
    </Stack>
  );
}

export function DraftIssuesPanel({ scope }: { scope: Scope }) {
  return <IssuesPanel scope={scope} kind="draft" />;
}

export function PublishedIssuesPanel({ scope }: { scope: Scope }) {
  return <IssuesPanel scope={scope} kind="published" />;
}
