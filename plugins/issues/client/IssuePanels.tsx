/**
 * The newsletter dashboard's issue panels (spec 000, Dashboards): 'Draft issues', the three most
 * recently changed drafts, and 'Published issues', the three most recently published, each
 * opening the issue's editor, with 'See all' for the issue list filtered the same way. With no
 * published issue the second says "You haven't published any issues yet..." and offers to create
 * one. The dashboard is the first screen after sign-in (design.md section 6): no date library,
 * nothing of the list component here.
 */
import { FontIcon, Link, mergeStyleSets, Spinner, Stack, Text } from '@fluentui/react';
import { useEffect, useState } from 'react';
import { Link as RouteLink } from 'wouter';
import { handleError } from '../../../core/client/errors';
// The badge alone: the list's index would bring the whole list component to the first screen.
import { StatusBadge } from '../../../core/client/list/StatusBadge';
import { useCan } from '../../../core/client/permissions';
import { theme } from '../../../core/client/theme';
import { resolveBadge } from '../../../core/shared/badges';
import { constants } from '../../../core/shared/config';
import type { Scope } from '../../../schemas/generated/entities/scope';
import { issueApi, type Issue } from './issue-api';
import { issueEditorPath, issueName, newIssuePath } from './issue-paths';

/**
 * '22 Kasım', the lists' 'd MMMM' (constants.dates.list) in the browser's own Turkish, as the
 * dashboard's other panels write it.
 */
const listDate = new Intl.DateTimeFormat('tr-TR', { day: 'numeric', month: 'long' });

type PanelKind = 'draft' | 'published';

/** What each panel asks the issue list for (spec 001 section 7: limit 3, publishedAt, or updatedAt for drafts). */
const panelQueries: Record<PanelKind, Record<string, string | number | boolean>> = {
  draft: { 'status.published': false, sort: 'updatedAt', desc: true },
  published: { status: 'published', sort: 'publishedAt', desc: true },
};

const panelTitles: Record<PanelKind, string> = { draft: 'Draft issues', published: 'Published issues' };
const emptyTexts: Record<PanelKind, string> = { draft: 'There are no draft issues.', published: "You haven't published any issues yet..." };

const classes = mergeStyleSets({
  issue: {
    display: 'flex',
    alignItems: 'center',
    gap: 12,
    padding: 8,
    borderRadius: 6,
    color: 'inherit',
    textDecoration: 'none',
    selectors: { ':hover': { background: theme.palette.neutralLighter } },
  },
  icon: {
    flex: 'none',
    width: 40,
    height: 40,
    borderRadius: 6,
    background: theme.semanticColors.accentTint,
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    fontSize: 18,
  },
});

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
        <ul aria-label={title} style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 8 }}>
          {issues.map((issue) => (
            <li key={issue._id}>
              <RouteLink href={issueEditorPath(issue._id)} className={classes.issue}>
                <span className={classes.icon} aria-hidden>
                  <FontIcon iconName={kind === 'published' ? 'Mail' : 'EditMail'} />
                </span>
                <span style={{ minWidth: 0, flex: 1 }}>
                  <strong style={{ display: 'block', overflowWrap: 'anywhere' }}>{issueName(issue)}</strong>
                  <span style={{ color: theme.palette.neutralSecondary, fontSize: 12 }}>
                    {issue.key} · {listDate.format(new Date(shownDate(issue, kind)))}
                  </span>
                </span>
                <StatusBadge badge={resolveBadge('issue', issue.status)} />
              </RouteLink>
            </li>
          ))}
        </ul>
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
