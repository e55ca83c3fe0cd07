/**
 * /newsletters/show/:newsletterId/issues, with ?status=published or ?status=draft (spec 001
 * section 2, 'Story and issue lists'; spec 000, Lists): the newsletter's issues on the shared
 * list, as cards or rows (remembered), with search (from 3 characters: the issue list's 'more than
 * 2'), one status filter, NEW, the issue badges of config/badges.json and pages of 10. The status
 * badge beside the title cycles ALL, PUBLISHED, DRAFT and back, and keeps its choice in the
 * address. Each issue's menu: Edit, Feature or Unfeature (admins), Delete. A click on an issue
 * opens its editor.
 */
import { Image, ImageFit, Link, mergeStyleSets, Stack, type IContextualMenuItem } from '@fluentui/react';
import { useState } from 'react';
import { useLocation, useParams, useSearch } from 'wouter';
import {
  CardActions,
  cardClasses,
  CardFact,
  CardFoot,
  CardStatus,
  CardText,
  CardTitle,
  filterOptions,
  isPlainClick,
  List,
  type CardParts,
  type ListColumn,
  type ListParams,
} from '../../../core/client/list';
import { handleError } from '../../../core/client/errors';
import { cardDate, listDate } from '../../../core/client/format-dates';
import { ConfirmDialog, PageHeader } from '../../../core/client/page-parts';
import { useCan } from '../../../core/client/permissions';
import { theme } from '../../../core/client/theme';
import { toast } from '../../../core/client/toasts';
import { t } from '../../../core/client/words';
import { resolveBadge, type ResolvedBadge } from '../../../core/shared/badges';
import { constants } from '../../../core/shared/config';
import { wholeIssueList } from '../endpoints';
import { issueDeletedText, processingRefusal } from '../rules';
import { issueApi, type Issue } from './issue-api';
import { issueEditorPath, issueName, newIssuePath } from './issue-paths';
import { CountCell, machineShareNote, RateCell } from './ResultsPanel';
import { listedTestWords } from './subject-test-words';
import { tAs } from './texts';

/** The list status badge's states, in the order a click moves through them (spec 001 section 4). */
const statusCycle = ['all', 'published', 'draft'] as const;
type ListStatus = (typeof statusCycle)[number];

/**
 * A result as a column: a rate with its count, sortable (plugins/issues/results.ts); `machines`,
 * for opens and clicks, the issue's machine share (its one figure, issue 55) as the cell's tooltip.
 */
const rateColumn = (
  key: 'openRate' | 'clickRate' | 'unsubscribeRate' | 'bounceRate',
  name: string,
  counted: 'opens' | 'clickers' | 'unsubscribes' | 'bounced',
  machines?: (issue: Issue) => string | null,
): ListColumn<Issue> => ({
  key,
  name,
  sort: key,
  // 'Unsubscribes' whole, with the sort mark.
  minWidth: 115,
  maxWidth: 130,
  render: (issue) => <RateCell ratio={issue.results?.[key]} count={issue.results?.[counted]} note={machines?.(issue)} />,
});
/** The rates issues are compared by, right after the subject: in view on a tablet. Made as the list is drawn, in the console's language. */
const leadingRates = (): ListColumn<Issue>[] => [
  rateColumn('openRate', t('Open rate'), 'opens', (issue) => machineShareNote(issue.results?.machineOpenShare, 'opens')),
  rateColumn('clickRate', t('Click rate'), 'clickers', (issue) => machineShareNote(issue.results?.machineClickShare, 'clicks')),
];
const otherResults = (): ListColumn<Issue>[] => [
  { key: 'sent', name: t('Sent'), sort: 'sent', minWidth: 70, maxWidth: 90, render: (issue) => <CountCell value={issue.results?.sent} /> },
  rateColumn('unsubscribeRate', t('Unsubscribes'), 'unsubscribes'),
  rateColumn('bounceRate', t('Bounced'), 'bounced'),
];

/**
 * What each state asks the list call for: the published flag alone, newest release first, or
 * the drafts most recently changed first (spec 001 section 7).
 */
const statusQueries: Record<ListStatus, { params: ListParams; sort: { sort: string; desc: boolean } }> = {
  all: { params: {}, sort: { sort: 'publishedAt', desc: true } },
  published: { params: { 'status.published': true }, sort: { sort: 'publishedAt', desc: true } },
  draft: { params: { 'status.published': false }, sort: { sort: 'updatedAt', desc: true } },
};

/** In English: shown through `t`. */
const emptyTitles: Record<ListStatus, string> = {
  all: 'There are no issues yet.',
  published: "You haven't published any issues yet...",
  draft: 'There are no draft issues.',
};

/** The filter's values (spec 000, Lists: 'Issue filter values'); 'ready' is a tested issue. Their texts in English: shown through `t`. */
const statusOptions = filterOptions('scheduled', 'processing', 'draft', 'sent', 'published', 'cancelled', 'ready');

const statusOf = (search: string): ListStatus => {
  const asked = new URLSearchParams(search).get('status');
  return asked === 'published' || asked === 'draft' ? asked : 'all';
};

/** ALL in the neutral of an issue with no status; PUBLISHED and DRAFT in their own badges' colours. */
const cycleBadge = (status: ListStatus): ResolvedBadge =>
  status === 'all' ? { ...resolveBadge('issue', null), key: 'all', label: 'ALL' } : resolveBadge('issue', { [status]: true });

/** A published issue carries its release date; the rest, when they last changed. */
const shownDate = (issue: Issue) => (issue.status.published && issue.publishedAt ? issue.publishedAt : issue.updatedAt);

const classes = mergeStyleSets({
  open: { cursor: 'pointer' },
  test: { display: 'block', fontSize: 12, color: theme.palette.neutralSecondary, whiteSpace: 'normal', overflowWrap: 'anywhere' },
  cycle: {
    border: 'none',
    borderRadius: 4,
    padding: '4px 12px',
    font: 'inherit',
    fontSize: 12,
    fontWeight: 700,
    letterSpacing: 0.4,
    cursor: 'pointer',
    selectors: { ':focus-visible': { outline: `2px solid ${theme.palette.neutralPrimary}`, outlineOffset: 2 } },
  },
});

function IssueCard({ issue, parts, onOpen }: { issue: Issue; parts: CardParts; onOpen(issue: Issue): void }) {
  const name = issueName(issue);
  return (
    <article aria-label={name} data-testid="issue-card" className={`${cardClasses.card} ${cardClasses.raises} ${classes.open}`}>
      {/* The content opens the issue; the menu beside it is not part of it, so its clicks (and its menu's) stay its own. */}
      <div className={cardClasses.content} onClick={() => onOpen(issue)}>
        {issue.image ? <Image src={issue.image} alt="" imageFit={ImageFit.cover} styles={{ root: { aspectRatio: '2 / 1', width: '100%' } }} /> : null}
        <Stack tokens={{ childrenGap: 6, padding: 16 }} styles={{ root: { flex: 1 } }}>
          <CardStatus badge={parts.badge} text={cardDate(shownDate(issue))} clearMenu={Boolean(parts.actions) && !issue.image} />
          <CardTitle name={name} href={issueEditorPath(issue._id)} onOpen={() => onOpen(issue)} />
          {issue.preview ? <CardText lines={3}>{issue.preview}</CardText> : null}
          <SubjectTestLine issue={issue} />
          <CardFoot>
            <CardFact icon="Tag">{issue.key}</CardFact>
            {issue.premium ? (
              <CardFact icon="Diamond" fixed>
                {t('Premium')}
              </CardFact>
            ) : null}
          </CardFoot>
        </Stack>
      </div>
      <CardActions>{parts.actions}</CardActions>
    </article>
  );
}

/** The subject test's line under an issue's subject (issue 58): the subject that won, or that the test runs. */
function SubjectTestLine({ issue }: { issue: Issue }) {
  const words = listedTestWords(issue.subjectTest);
  return words ? (
    <span className={classes.test} data-testid="subject-test-line">
      {words}
    </span>
  ) : null;
}

/** What the list status badge offers next. */
const showTitles: Record<ListStatus, string> = { all: 'Show all issues', published: 'Show published issues', draft: 'Show draft issues' };

/** The list status badge: a click moves it on to the next of ALL, PUBLISHED, DRAFT. */
function StatusCycleButton({ status, onCycle }: { status: ListStatus; onCycle(next: ListStatus): void }) {
  const badge = cycleBadge(status);
  const next = statusCycle[(statusCycle.indexOf(status) + 1) % statusCycle.length]!;
  const label = t(badge.label);
  return (
    <button
      type="button"
      aria-label={t('Issues shown: {status}', { status: label })}
      title={t(showTitles[next])}
      className={`${classes.cycle} mh-touch-target`}
      style={{ background: badge.color, color: badge.textColor }}
      onClick={() => onCycle(next)}
    >
      {label}
    </button>
  );
}

export default function IssuesPage() {
  const { newsletterId } = useParams<{ newsletterId: string }>();
  const [location, navigate] = useLocation();
  const status = statusOf(useSearch());
  const can = useCan();
  const [refreshKey, setRefreshKey] = useState(0);
  const [deleting, setDeleting] = useState<Issue | null>(null);
  const refresh = () => setRefreshKey((key) => key + 1);

  const open = (issue: Issue) => navigate(issueEditorPath(issue._id));
  // The choice lives in the address, so a reload, a link from the dashboard or Back shows the same list.
  const cycle = (next: ListStatus) => navigate(next === 'all' ? location : `${location}?status=${next}`, { replace: true });

  const feature = async (issue: Issue, on: boolean) => {
    try {
      const { msg } = await issueApi.feature(issue._id, on);
      toast('success', 'Success!', msg);
      refresh();
    } catch (error) {
      await handleError(error);
    }
  };

  const remove = async (issue: Issue) => {
    const { msg } = await issueApi.remove(issue._id);
    toast('success', 'Success!', msg ?? issueDeletedText);
    setDeleting(null);
    refresh();
  };

  const rowActions = (issue: Issue): IContextualMenuItem[] => [
    ...(can('issues.update') ? [{ key: 'edit', text: t('Edit'), iconProps: { iconName: 'Edit' }, onClick: () => open(issue) }] : []),
    ...(can('issues.feature')
      ? [
          issue.status.featured
            ? { key: 'unfeature', text: t('Unfeature'), iconProps: { iconName: 'FavoriteStarFill' }, onClick: () => void feature(issue, false) }
            : { key: 'feature', text: t('Feature'), iconProps: { iconName: 'FavoriteStar' }, onClick: () => void feature(issue, true) },
        ]
      : []),
    ...(can('issues.delete')
      ? [
          {
            key: 'delete',
            text: t('Delete'),
            iconProps: { iconName: 'Delete' },
            // An issue on its way out cannot be deleted (the server refuses it too).
            disabled: issue.status.processing,
            title: issue.status.processing ? t(processingRefusal) : undefined,
            onClick: () => setDeleting(issue),
          },
        ]
      : []),
  ];

  const columns: ListColumn<Issue>[] = [
    {
      key: 'subject',
      name: t('Subject'),
      sort: 'subject',
      minWidth: 160,
      maxWidth: 420,
      render: (issue) => (
        <div style={{ minWidth: 0 }}>
          <Link
            href={issueEditorPath(issue._id)}
            onClick={(event) => {
              if (!isPlainClick(event)) return;
              event.preventDefault();
              open(issue);
            }}
            styles={{ root: { fontWeight: 600 } }}
          >
            {issueName(issue)}
          </Link>
          <SubjectTestLine issue={issue} />
        </div>
      ),
    },
    // The e-mail's results, so that issues compare at a glance (drafts have none): the rates first;
    // the code name and the owner, which the cards show too, last.
    ...(status === 'draft' ? [] : leadingRates()),
    { key: 'status', name: t('Status'), minWidth: 100, maxWidth: 120, render: 'badge' },
    {
      key: 'date',
      // 'Published' is a state elsewhere; here the day it went out.
      name: status === 'draft' ? t('Updated') : tAs('Published', 'Publication date'),
      sort: status === 'draft' ? 'updatedAt' : 'publishedAt',
      minWidth: 90,
      maxWidth: 120,
      render: (issue) => (status === 'draft' ? listDate(issue.updatedAt) : issue.publishedAt ? listDate(issue.publishedAt) : '—'),
    },
    ...(status === 'draft' ? [] : otherResults()),
    { key: 'key', name: t('Code name'), minWidth: 110, maxWidth: 240, render: (issue) => issue.key },
    { key: 'owner', name: t('Owner'), minWidth: 100, maxWidth: 200, render: (issue) => issue.owner?.name || '—' },
  ];

  const mayCreate = can('issues.create');
  const query = statusQueries[status];
  return (
    <Stack tokens={{ childrenGap: 24 }}>
      <PageHeader title={t('Issues')}>
        <StatusCycleButton status={status} onCycle={cycle} />
      </PageHeader>
      <List<Issue>
        endpoint={wholeIssueList}
        params={{ newsletter: newsletterId, ...query.params }}
        storageKey="issues-list-view"
        searchPlaceholder={t('Search issues')}
        itemName={issueName}
        renderCard={(issue, parts) => <IssueCard issue={issue} parts={parts} onOpen={open} />}
        columns={columns}
        rowActions={rowActions}
        badge={(issue) => ({ model: 'issue', status: issue.status })}
        filters={{ status: { options: statusOptions.map((option) => ({ ...option, text: t(option.text) })) } }}
        onNew={mayCreate ? () => navigate(newIssuePath(newsletterId)) : undefined}
        defaultSort={query.sort}
        pageSize={constants.pageSizes.list}
        refreshKey={refreshKey}
        emptyTitle={t(emptyTitles[status])}
        emptyText={mayCreate ? t('Create a new issue with NEW.') : undefined}
      />
      {deleting ? (
        <ConfirmDialog
          title={t('Delete Issue')}
          text={t('Are you sure you want to delete "{name}"? Its stories stay in the newsletter.', { name: issueName(deleting) })}
          action={t('DELETE')}
          onConfirm={() => remove(deleting)}
          onDismiss={() => setDeleting(null)}
        />
      ) : null}
    </Stack>
  );
}
