/**
 * The results of e-mailed issues (issue 30, definitions in ../results.ts) read in one statement:
 * a lateral join that the issue list and the issue call add to their select. Each part is read by
 * the plugin that keeps it: the copies sent, bounced and complained about here (issue_copy_counts,
 * which triggers keep from issue_deliveries: migrations 008 and 015),
 * people's and machines' opens and clicks by the plugin that tracks them (the `issueAudience`
 * extension point, analytics), unsubscriptions by the subscribers plugin. An unsubscription counts
 * for the issue the newsletter e-mailed last before it: from this issue's hand-over to the next's,
 * within constants.statistics.resultsUnsubscribeDays. An imported issue (imported.ts) was sent
 * elsewhere: it has no results, and neither ends another's window nor counts among a newsletter's.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { ownTables, type Handle } from '../../../core/server/db/database';
import { constants } from '../../../core/shared/config';
import { extensionPoint, type Extensions } from '../../../core/server/plugins/extension-points';
import { unsubscriptionsBetween } from '../../subscribers/server/public';
import type { ContentStats } from '../../stories/server/public';
import type { IssueTables } from './tables';
import { issueResults, noCounts, type IssueResults, type ResultCounts, type ResultSort } from '../results';

/**
 * The columns of one issue's opens and clicks (integers): each counted once a copy (opens,
 * machine_opens, clickers, machine_clickers), and people's repeats apart (open_repeats,
 * click_repeats: a copy's opens and clicks after its first, the issue call's `stats`).
 */
export interface IssueAudience {
  /** A one-row select of those columns for the issue whose id is `issueId` (a column of the outer query), in parentheses. */
  countsOf(issueId: RawBuilder<string>): RawBuilder<unknown>;
  /**
   * The same once-a-copy counts (opens, machine_opens, clickers, machine_clickers) in each group
   * of the issue's copies (a subject test's variants, decision 0058), as the copies' tokens named
   * them and kept as events arrive: a select of `copy_group` and those columns, a row per group
   * that has any, in parentheses.
   */
  groupCountsOf(issueId: string): RawBuilder<unknown>;
  /** The same, counted copy by copy for the `copies` (a select of `subscriber_id` and `copy_group`): the demo's, whose events were never tracked. */
  copyCountsOf(issueId: string, copies: RawBuilder<unknown>): RawBuilder<unknown>;
}

/** Takes the tracking plugin's counts (analytics); without one, opens and clicks are zeros. */
export const issueAudience = extensionPoint<IssueAudience>('issues.audience', { single: true });

/** The columns the lateral join `results` adds to a select from `issues`. */
export interface ResultColumns {
  /** Not `sent`: the issues' status flag has that name. */
  sent_copies: number;
  bounced: number;
  complaints: number;
  opens: number;
  machine_opens: number;
  clickers: number;
  machine_clickers: number;
  unsubscribes: number;
}

const noAudience = sql`(select 0 as opens, 0 as machine_opens, 0 as clickers, 0 as machine_clickers, 0 as open_repeats, 0 as click_repeats)`;

/** People's repeats, which the join adds for the issue call's `stats` (the list leaves them). */
interface AudienceRepeats {
  open_repeats: number;
  click_repeats: number;
}

/** Which of the costlier parts a results join reads (the copies always): the others are zeros. */
export interface ResultParts {
  audience: boolean;
  unsubscribes: boolean;
}

const everyPart: ResultParts = { audience: true, unsubscribes: true };

/** What each sort needs: the list finds a page by its key alone, then reads the page's rows whole. */
export const sortParts: Record<ResultSort, ResultParts> = {
  sent: { audience: false, unsubscribes: false },
  openRate: { audience: true, unsubscribes: false },
  clickRate: { audience: true, unsubscribes: false },
  unsubscribeRate: { audience: false, unsubscribes: true },
  bounceRate: { audience: false, unsubscribes: false },
};

/** The lateral select of an issue's results, correlated with the outer `issues` row; join it as `results` on true. */
export function resultsJoin(extensions: Extensions, parts: ResultParts = everyPart): RawBuilder<ResultColumns & AudienceRepeats> {
  const tracked = parts.audience ? extensions.one(issueAudience) : undefined;
  const audience = tracked?.countsOf(sql.ref('issues.id')) ?? noAudience;
  // Until the next issue's hand-over, and at most constants.statistics.resultsUnsubscribeDays (least() skips a null).
  const next = sql<Date | null>`least((select min(later.emailed_at) from issues later
    where later.newsletter_id = issues.newsletter_id and later.emailed_at > issues.emailed_at and not later.imported),
    issues.emailed_at + make_interval(days => ${constants.statistics.resultsUnsubscribeDays}))`;
  const unsubscriptions = unsubscriptionsBetween(sql.ref('issues.newsletter_id'), sql.ref('issues.emailed_at'), next);
  const unsubscribes = parts.unsubscribes ? sql`case when issues.emailed_at is null then 0 else ${unsubscriptions} end` : sql`0`;
  return sql<ResultColumns & AudienceRepeats>`(
    select copies.sent_copies, copies.bounced, copies.complaints, audience.opens::int as opens, audience.machine_opens::int as machine_opens,
      audience.clickers::int as clickers, audience.machine_clickers::int as machine_clickers,
      audience.open_repeats::int as open_repeats, audience.click_repeats::int as click_repeats,
      ${unsubscribes} as unsubscribes
    from (
      select coalesce(sum(sent), 0)::int as sent_copies, coalesce(sum(bounced), 0)::int as bounced, coalesce(sum(complaints), 0)::int as complaints
      from issue_copy_counts where issue_id = issues.id and medium = 'email'
    ) copies, ${audience} audience
  )`;
}

/**
 * The results of each of an issue's `variants` (decision 0058), in their order: the copies each
 * carried, sent, bounced and complained about (issue_copy_counts per variant, migration 015), and
 * the people and machines who opened and clicked them (the tracking plugin's counts per group of
 * copies), counted as the issue's own results count them, so that the variants add up to the
 * issue. One statement over a few kept rows, whatever the audience. Unsubscriptions are the
 * newsletter's, not a copy's: not counted per variant.
 */
export async function variantResults(db: Handle, tracked: IssueAudience | null, issueId: string, variants: number): Promise<IssueResults[]> {
  const sent = sql`(select variant, sum(sent)::int as sent_copies, sum(bounced)::int as bounced, sum(complaints)::int as complaints
    from issue_copy_counts where issue_id = ${issueId} and medium = 'email' group by variant)`;
  return resultsByVariant(db, variants, sent, tracked ? tracked.groupCountsOf(issueId) : noGroups);
}

/**
 * The same results of the copies `among` selects alone (a condition on issue_deliveries' columns),
 * counted copy by copy: the demo's decision, which read the test's copies before the rest went.
 */
export async function variantResultsAmong(
  db: Handle,
  tracked: IssueAudience | null,
  issueId: string,
  variants: number,
  among: RawBuilder<boolean>,
): Promise<IssueResults[]> {
  const copies = sql`(select subscriber_id, variant as copy_group from issue_deliveries where issue_id = ${issueId} and medium = 'email' and ${among})`;
  const sent = sql`(select variant, (count(*) filter (where state = 'sent'))::int as sent_copies,
      (count(*) filter (where state = 'sent' and bounce in ('hard', 'soft')))::int as bounced,
      (count(*) filter (where bounce = 'complaint'))::int as complaints
    from issue_deliveries where issue_id = ${issueId} and medium = 'email' and ${among}
    group by variant)`;
  return resultsByVariant(db, variants, sent, tracked ? tracked.copyCountsOf(issueId, copies) : noGroups);
}

const noGroups = sql`(select null::smallint as copy_group, 0 as opens, 0 as machine_opens, 0 as clickers, 0 as machine_clickers)`;

async function resultsByVariant(db: Handle, variants: number, sent: RawBuilder<unknown>, audience: RawBuilder<unknown>): Promise<IssueResults[]> {
  const { rows } = await sql<{ variant: number } & Omit<ResultColumns, 'unsubscribes'>>`
    select sent.variant, sent.sent_copies, sent.bounced, sent.complaints, coalesce(seen.opens, 0)::int as opens,
      coalesce(seen.machine_opens, 0)::int as machine_opens, coalesce(seen.clickers, 0)::int as clickers,
      coalesce(seen.machine_clickers, 0)::int as machine_clickers
    from ${sent} sent
    left join ${audience} seen on seen.copy_group = sent.variant`.execute(ownTables(db, 'issues'));
  return Array.from({ length: variants }, (_, variant) => presentResults(rows.find((row) => Number(row.variant) === variant) ?? {}));
}

/** The SQL the list sorts by: the same arithmetic as ../results.ts (a zero denominator sorts last). */
export const resultOrder: Record<ResultSort, RawBuilder<number | null>> = {
  sent: sql`results.sent_copies`,
  openRate: sql`results.opens::float8 / nullif(results.sent_copies - results.bounced, 0)`,
  clickRate: sql`results.clickers::float8 / nullif(results.sent_copies - results.bounced, 0)`,
  unsubscribeRate: sql`results.unsubscribes::float8 / nullif(results.sent_copies - results.bounced, 0)`,
  bounceRate: sql`results.bounced::float8 / nullif(results.sent_copies, 0)`,
};

/** The results of a row read with the join, or of an issue never e-mailed. */
export function presentResults(row: { [column in keyof ResultColumns]?: number | null }): IssueResults {
  const counts: ResultCounts = {
    ...noCounts,
    sent: Number(row.sent_copies ?? 0),
    bounced: Number(row.bounced ?? 0),
    complaints: Number(row.complaints ?? 0),
    opens: Number(row.opens ?? 0),
    machineOpens: Number(row.machine_opens ?? 0),
    clickers: Number(row.clickers ?? 0),
    machineClickers: Number(row.machine_clickers ?? 0),
    unsubscribes: Number(row.unsubscribes ?? 0),
  };
  return issueResults(counts);
}

/**
 * One issue's results and its opens and clicks of all time (the issue call with updateStats): one
 * read of the same rollup rows, so that each figure of `stats` is its results' (issue 55): unique
 * opens and clicks are the people who opened and clicked, machine opens and clicks the copies
 * machines opened and followed, and the totals add people's repeats to the people.
 */
export async function numbersOfIssue(
  db: Kysely<IssueTables>,
  extensions: Extensions,
  issueId: string,
): Promise<{ results: IssueResults; audience: ContentStats }> {
  const { rows } = await sql<ResultColumns & AudienceRepeats>`select results.* from issues left join lateral ${resultsJoin(extensions)} results on true
    where issues.id = ${issueId}`.execute(db);
  const results = presentResults(rows[0] ?? {});
  return {
    results,
    audience: {
      totalOpens: results.opens + Number(rows[0]?.open_repeats ?? 0),
      uniqueOpens: results.opens,
      totalClicks: results.clickers + Number(rows[0]?.click_repeats ?? 0),
      uniqueClicks: results.clickers,
      machineOpens: results.machineOpens,
      machineClicks: results.machineClickers,
    },
  };
}

/**
 * The results of the issues these newsletters e-mailed in [startAt, endAt], summed per newsletter
 * (the publisher's comparison of its newsletters, analytics): each issue counted as its own results
 * count it, so a newsletter's rates are the same arithmetic over all their copies; one that e-mailed
 * nothing then has no issue and no rate.
 */
export async function emailedResultsOf(
  db: Handle,
  extensions: Extensions,
  query: { newsletterIds: readonly string[]; startAt: Date; endAt: Date },
): Promise<Map<string, { issues: number; results: IssueResults }>> {
  const { rows } = await sql<{ newsletter_id: string; issues: number } & ResultColumns>`
    select issues.newsletter_id, count(*)::int as issues, sum(results.sent_copies)::int as sent_copies, sum(results.bounced)::int as bounced,
      sum(results.complaints)::int as complaints, sum(results.opens)::int as opens, sum(results.machine_opens)::int as machine_opens,
      sum(results.clickers)::int as clickers, sum(results.machine_clickers)::int as machine_clickers, sum(results.unsubscribes)::int as unsubscribes
    from issues left join lateral ${resultsJoin(extensions)} results on true
    where issues.newsletter_id = any(${[...query.newsletterIds]}::text[]) and issues.emailed_at between ${query.startAt} and ${query.endAt}
      and not issues.imported
    group by issues.newsletter_id`.execute(ownTables(db, 'issues'));
  const emailed = new Map(rows.map((row) => [row.newsletter_id, { issues: Number(row.issues), results: presentResults(row) }]));
  return new Map(query.newsletterIds.map((id) => [id, emailed.get(id) ?? { issues: 0, results: presentResults({}) }]));
}
