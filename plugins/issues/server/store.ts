/** The issues plugin's queries: issues with their owner, the lists, slugs and keys, channel templates, and one change at a time per issue. */
import { randomUUID } from 'node:crypto';
import {
  sql,
  type RawBuilder,
  type Expression,
  type ExpressionBuilder,
  type Insertable,
  type Kysely,
  type SqlBool,
  type Transaction,
  type Updateable,
} from 'kysely';
import { inTransaction, ownTables, type Handle } from '../../../core/server/db/database';
import { containsPattern } from '../../../core/server/db/like';
import type { CoreTables } from '../../../core/server/db/tables';
import { withPeople, withPerson, type WithPerson } from '../../../core/server/people';
import { findNewsletter } from '../../../core/server/store';
import { badges } from '../../../core/shared/config';
import { issuesHolding, releaseStoriesOfIssue } from '../../stories/server/public';
import type { IssueRecord, IssuesTable, IssueTables, SubjectTestPhase } from './tables';
import type { SubjectVariant } from '../../../schemas/generated/entities/subject-variant';
import { resultOrder, sortParts, type ResultColumns, type ResultParts } from './results';
import type { ResultSort } from '../results';
import { clock } from '../../../core/server/clock';

export type IssuesDb = Kysely<CoreTables & IssueTables>;

/** Any handle (another plugin's, a transaction) seen with the issues' tables. */
export const issuesDb = (db: Handle): IssuesDb => ownTables(db, 'issues');

/** An issue with the name and picture of who created it. */
export type IssueRow = WithPerson<IssueRecord, 'owner'>;

/** The badge statuses as filters; 'ready' is the badge of a tested issue (config/badges.json). */
export type IssueBadgeStatus = 'published' | 'scheduled' | 'processing' | 'draft' | 'sent' | 'cancelled' | 'ready';
const badgeOrder = badges.issue.order as Exclude<IssueBadgeStatus, 'ready'>[] | 'tested'[];

export interface IssueListOptions {
  newsletterIds: string[];
  status?: IssueBadgeStatus;
  published?: boolean;
  search?: string;
  channel?: string;
  writerId?: string;
  ownerIds?: string[];
  sort: 'publishedAt' | 'updatedAt' | 'createdAt' | 'subject' | ResultSort;
  desc: boolean;
  page: number;
  limit: number;
  /** The lateral select of each row's results (results.ts resultsJoin) with the given parts, joined in the same statement. */
  results(parts?: ResultParts): RawBuilder<ResultColumns>;
}

/** A listed issue with its e-mail's results. */
/** A listed issue: its results, and its subject test's phase, subject lines and winner (nulls: none). */
export type ListedIssue = IssueRow & { [column in keyof ResultColumns]: number | null } & {
  test_phase: SubjectTestPhase | null;
  test_variants: SubjectVariant[] | null;
  test_winner: number | null;
};

const sortColumns = { updatedAt: 'updated_at', createdAt: 'created_at', publishedAt: 'published_at', subject: 'subject' } as const;

export async function findIssue(handle: Handle, id: string): Promise<IssueRow | undefined> {
  const db = issuesDb(handle);
  const row = await db.selectFrom('issues').selectAll().where('id', '=', id).executeTakeFirst();
  return withPerson(db, row, 'owner_id', 'owner');
}

/** An issue by its public page's key: its slug, or its id (an issue page is /i/{slug or id}). */
export async function findIssueByKey(handle: Handle, slugOrId: string): Promise<IssueRow | undefined> {
  const db = issuesDb(handle);
  const row = await db
    .selectFrom('issues')
    .selectAll()
    .where((eb) => eb.or([eb('slug', '=', slugOrId.toLowerCase()), eb('id', '=', slugOrId)]))
    .executeTakeFirst();
  return withPerson(db, row, 'owner_id', 'owner');
}

/** `writerIssues`: the issues holding a story of options.writerId, when the list is filtered by one. */
function listCondition(options: IssueListOptions, writerIssues: string[] | undefined) {
  return (eb: ExpressionBuilder<CoreTables & IssueTables, 'issues'>) => {
    const conditions: Expression<SqlBool>[] = [eb('issues.newsletter_id', 'in', options.newsletterIds.length > 0 ? options.newsletterIds : [''])];
    if (options.published !== undefined) conditions.push(eb('issues.published', '=', options.published));
    if (options.status) {
      const flag = options.status === 'ready' ? 'tested' : options.status;
      const order = badgeOrder as string[];
      // The first flag set in the badge order is the badge: the earlier ones must be unset.
      for (const earlier of order.slice(0, Math.max(order.indexOf(flag), 0))) conditions.push(eb(sql.ref(`issues.${earlier}`), '=', false));
      conditions.push(eb(sql.ref(`issues.${flag}`), '=', true));
    }
    const search = options.search?.trim();
    if (search)
      conditions.push(sql<boolean>`(issues.subject || ' ' || issues.preview || ' ' || issues.key || ' ' || issues.slug) ilike ${containsPattern(search)}`);
    if (options.channel)
      conditions.push(
        sql<boolean>`exists (select 1 from jsonb_array_elements(issues.channels) channel where lower(channel->>'title') = lower(${options.channel}))`,
      );
    if (writerIssues) conditions.push(eb('issues.id', 'in', writerIssues.length > 0 ? writerIssues : ['']));
    if (options.ownerIds?.length) conditions.push(eb('issues.owner_id', 'in', options.ownerIds));
    return eb.and(conditions);
  };
}

export async function listIssues(db: IssuesDb, options: IssueListOptions): Promise<{ rows: ListedIssue[]; count: number }> {
  const { desc, sort } = options;
  const writerIssues = options.writerId ? await issuesHolding(db, { writerId: options.writerId }) : undefined;
  const byResult = sort in resultOrder;
  const direction = sql.raw(desc ? 'desc' : 'asc');
  const key = byResult
    ? // Issues with nothing to divide by sort last either way.
      sql`${resultOrder[sort as ResultSort]} ${direction} nulls last`
    : sort === 'publishedAt'
      ? sql`issues.published_at ${direction} ${sql.raw(desc ? 'nulls last' : 'nulls first')}`
      : sql`${sql.ref(`issues.${sortColumns[sort as keyof typeof sortColumns]}`)} ${direction}`;
  const order = sql`${key}, issues.id ${direction}`;
  const condition = listCondition(options, writerIssues);
  // The page is found first, and only its rows' results are read whole (as `issues`, the name the
  // results join uses). Sorted by a result, every issue's sort key is read to find the page: only
  // the parts of the results that key needs (results.ts sortParts), in a subquery of the same
  // statement.
  const page = byResult
    ? db
        .selectFrom('issues')
        .selectAll()
        .where(
          'issues.id',
          'in',
          db
            .selectFrom('issues')
            .leftJoinLateral(sql<ResultColumns>`${options.results(sortParts[sort as ResultSort])}`.as('results'), (join) => join.onTrue())
            .select('issues.id')
            .where(condition)
            .orderBy(order)
            .limit(options.limit)
            .offset(options.page * options.limit),
        )
    : db
        .selectFrom('issues')
        .selectAll()
        .where(condition)
        .orderBy(order)
        .limit(options.limit)
        .offset(options.page * options.limit);
  const counting = db
    .selectFrom('issues')
    .where(condition)
    .select((eb) => eb.fn.countAll<number>().as('count'));
  const rows = await db
    .selectFrom(page.as('issues') as unknown as 'issues')
    // Each row's results in the same statement (no query per row): a lateral select per issue.
    .leftJoinLateral(sql<ResultColumns>`${options.results()}`.as('results'), (join) => join.onTrue())
    .selectAll('issues')
    .select(['results.sent_copies', 'results.bounced', 'results.complaints', 'results.opens', 'results.machine_opens', 'results.clickers'])
    .select(['results.machine_clickers', 'results.unsubscribes'])
    .leftJoin('issue_subject_tests as test', 'test.issue_id', 'issues.id')
    .select(['test.phase as test_phase', 'test.variants as test_variants', 'test.winner as test_winner'])
    // The list's length on every row, counted once in the same statement; a page with no row asks apart.
    .select(counting.as('list_count'))
    .orderBy(order)
    .execute();
  const count = rows[0] ? rows[0].list_count : (await counting.executeTakeFirstOrThrow()).count;
  return { rows: await withPeople(db, rows, 'owner_id', 'owner'), count: Number(count) };
}

export async function insertIssue(db: IssuesDb, values: Omit<Insertable<IssuesTable>, 'id' | 'intro_id'>): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto('issues')
    .values({ id, intro_id: randomUUID(), ...values })
    .execute();
  return id;
}

/** Saves changes and moves the version on (and updated_at to now). */
export async function updateIssue(db: IssuesDb | IssueTransaction, id: string, changes: Updateable<IssuesTable>): Promise<void> {
  await db
    .updateTable('issues')
    .set({ updated_at: clock.now(), ...changes, version: sql<number>`version + 1` })
    .where('id', '=', id)
    .execute();
}

/**
 * `updateIssue` on the row this step has read: answers the issue as the update left it, in the
 * same statement (`returning`), with the owner `row` came with; undefined when it is gone. The
 * publication's steps tell the room and answer from it instead of reading the issue again.
 */
export async function updateIssueRow(db: IssuesDb, row: IssueRow, changes: Updateable<IssuesTable>): Promise<IssueRow | undefined> {
  const updated = await db
    .updateTable('issues')
    .set({ updated_at: clock.now(), ...changes, version: sql<number>`version + 1` })
    .where('id', '=', row.id)
    .returningAll()
    .executeTakeFirst();
  return updated && { ...updated, owner_name: row.owner_name, owner_image: row.owner_image };
}

export async function deleteIssue(db: IssuesDb, id: string): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await releaseStoriesOfIssue(tx, id);
    await tx.deleteFrom('issues').where('id', '=', id).execute();
  });
}

/** Whether an issue other than `exceptId` has this slug or code name. */
export async function keyTaken(db: IssuesDb, key: string, exceptId?: string): Promise<boolean> {
  let query = db
    .selectFrom('issues')
    .select('id')
    .where((eb) => eb.or([eb('slug', '=', key), eb('key', '=', key)]));
  if (exceptId) query = query.where('id', '!=', exceptId);
  return Boolean(await query.executeTakeFirst());
}

/**
 * Whether an issue other than `exceptId` has this slug. In a transaction the slug's lock is held
 * until it ends, so that another issue's change (its own row's lock is another) cannot take the
 * slug between this look and the write: two drafts typed to the same subject at once got the same
 * slug, and the second write failed on the unique index.
 */
export async function slugTaken(db: IssuesDb | IssueTransaction, slug: string, exceptId: string): Promise<boolean> {
  if (db.isTransaction) await sql`select pg_advisory_xact_lock(hashtextextended(current_schema() || ${`:issues.slug:${slug}`}, 0))`.execute(db);
  return Boolean(await db.selectFrom('issues').select('id').where('slug', '=', slug).where('id', '!=', exceptId).executeTakeFirst());
}

export type IssueTransaction = Transaction<CoreTables & IssueTables>;

const queues = new Map<string, Promise<unknown>>();

/**
 * Runs `change` on the issue as it is now, one change at a time: in this process through a queue
 * per issue, across processes through the row's lock. Changes are applied in the order they
 * arrive and each is stored before the next is read.
 */
export function changeIssue<T>(db: IssuesDb, id: string, change: (tx: IssueTransaction, row: IssueRecord) => Promise<T>): Promise<T> {
  const previous = queues.get(id) ?? Promise.resolve();
  const next = previous.then(
    () => run(),
    () => run(),
  );
  const run = () =>
    db.transaction().execute(async (tx) => {
      const row = await tx.selectFrom('issues').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
      if (!row) throw Object.assign(new Error('issue gone'), { gone: true });
      return change(tx, row);
    });
  // The queue holds the last change, settled either way, and lets the issue go once it is idle.
  const tail: Promise<unknown> = next.then(
    () => undefined,
    () => undefined,
  );
  queues.set(id, tail);
  void tail.then(() => {
    if (queues.get(id) === tail) queues.delete(id);
  });
  return next;
}

/** A newsletter's channel templates in their order. */
export function listChannelTemplates(handle: Handle, newsletterId: string) {
  const db = issuesDb(handle);
  return db
    .selectFrom('channel_templates')
    .select(['id', 'title', 'channels', 'position', 'is_default'])
    .where('newsletter_id', '=', newsletterId)
    .orderBy('position')
    .orderBy('created_at')
    .execute();
}

export async function findChannelTemplate(db: IssuesDb, newsletterId: string, id: string) {
  return db
    .selectFrom('channel_templates')
    .select(['id', 'title', 'channels'])
    .where('newsletter_id', '=', newsletterId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/**
 * Replaces a newsletter's channel templates with `templates`, in their order (the wizard and the
 * channels page, which check them first: plugins/design/rules.ts). A template keeps its id when it
 * has one of this newsletter's; the first is the default when none says so.
 */
export async function saveChannelTemplates(
  handle: Handle,
  newsletterId: string,
  templates: { _id?: string; title: string; default?: boolean; channels: string[] }[],
): Promise<void> {
  const defaultIndex = Math.max(
    0,
    templates.findIndex((template) => template.default),
  );
  await inTransaction(issuesDb(handle), async (tx) => {
    const known = new Set((await tx.selectFrom('channel_templates').select('id').where('newsletter_id', '=', newsletterId).execute()).map((row) => row.id));
    await tx.deleteFrom('channel_templates').where('newsletter_id', '=', newsletterId).execute();
    if (templates.length === 0) return;
    await tx
      .insertInto('channel_templates')
      .values(
        templates.map((template, position) => ({
          // Ids are kept within a newsletter only: another newsletter's id would collide with its row.
          id: template._id && known.has(template._id) ? template._id : randomUUID(),
          newsletter_id: newsletterId,
          title: template.title,
          channels: JSON.stringify(template.channels.filter((title) => title.trim())),
          position,
          is_default: position === defaultIndex,
        })),
      )
      .execute();
  });
}

/**
 * An issue by its slug (as typed, lower-cased) or its id with its newsletter, published or not: its page shows a published
 * one and answers 410 for one published once and no more (its published_at stays).
 */
export async function findPublicIssue(db: IssuesDb, slugOrId: string) {
  const issue = await db
    .selectFrom('issues')
    .selectAll()
    .where((eb) => eb.or([eb('slug', '=', slugOrId.toLowerCase()), eb('id', '=', slugOrId)]))
    .executeTakeFirst();
  const newsletter = issue && (await findNewsletter(db, issue.newsletter_id));
  return issue && newsletter && { ...issue, newsletter };
}

/**
 * A page of the newsletter's published issues for readers (the archive, the RSS feed), newest
 * first: `limit` from `offset`, on the index of (newsletter_id, published_at).
 */
export function publishedIssuesOf(db: IssuesDb, newsletterId: string, page: { limit: number; offset: number }) {
  return db
    .selectFrom('issues')
    .select(['id', 'subject', 'preview', 'slug', 'key', 'image', 'intro_html', 'premium', 'published_at'])
    .where('newsletter_id', '=', newsletterId)
    .where('published', '=', true)
    .orderBy('published_at', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

/** What another plugin shows of an issue it lists (a collection's items). */
const issueCardColumns = ['id', 'subject', 'key', 'image', 'slug', 'published', 'published_at'] as const;

/** Those of `ids` that are published issues of the publisher, in no particular order. */
export async function publishedIssuesAmong(handle: Handle, publisherId: string, ids: string[]) {
  const db = issuesDb(handle);
  if (ids.length === 0) return [];
  return db
    .selectFrom('issues')
    .select(issueCardColumns)
    .where('publisher_id', '=', publisherId)
    .where('published', '=', true)
    .where('id', 'in', ids)
    .execute();
}

/** The issues of `ids` that still exist, published or not, in no particular order. */
export async function issuesAmong(handle: Handle, ids: string[]) {
  const db = issuesDb(handle);
  if (ids.length === 0) return [];
  return db.selectFrom('issues').select(issueCardColumns).where('id', 'in', ids).execute();
}

/** The publisher's latest published issues. */
export function latestPublishedIssues(db: Handle, publisherId: string, limit: number) {
  return issuesDb(db)
    .selectFrom('issues')
    .select(issueCardColumns)
    .where('publisher_id', '=', publisherId)
    .where('published', '=', true)
    .orderBy('published_at', 'desc')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Hangs an episode on an issue (its TTS audio, published by the speech plugin). Not an edit of the issue: its version stays. */
export async function setIssueEpisode(handle: Handle, issueId: string, episodeId: string): Promise<void> {
  const db = issuesDb(handle);
  await db.updateTable('issues').set({ episode_id: episodeId }).where('id', '=', issueId).execute();
}

// What other plugins read of issues (through server/public.ts): they pass any handle, a transaction too.

/** What an issue says, as another plugin reads it out (text to speech). */
const issueTextColumns = ['id', 'newsletter_id', 'publisher_id', 'subject', 'preview', 'image', 'intro_html', 'intro_text', 'premium'] as const;
export type IssueText = Pick<IssueRecord, (typeof issueTextColumns)[number]>;

/** The issues of `ids` that still exist, with what they say, in no particular order. */
export async function issueTextsAmong(db: Handle, ids: readonly string[]): Promise<IssueText[]> {
  if (ids.length === 0) return [];
  return issuesDb(db).selectFrom('issues').select(issueTextColumns).where('id', 'in', ids).execute();
}

/** The newsletter an issue belongs to, or undefined when there is no such issue. */
export async function newsletterOfIssue(db: Handle, issueId: string): Promise<string | undefined> {
  const row = await issuesDb(db).selectFrom('issues').select('newsletter_id').where('id', '=', issueId).executeTakeFirst();
  return row?.newsletter_id;
}

/** The newsletter's latest published issue, or undefined when none is published. */
export function latestPublishedIssueOf(db: Handle, newsletterId: string): Promise<Pick<IssueRecord, 'id' | 'newsletter_id' | 'publisher_id'> | undefined> {
  return issuesDb(db)
    .selectFrom('issues')
    .select(['id', 'newsletter_id', 'publisher_id'])
    .where('newsletter_id', '=', newsletterId)
    .where('published', '=', true)
    .orderBy('published_at', 'desc')
    .executeTakeFirst();
}

/** The newsletters' published issues that went out by e-mail, with their intros, in no particular order. */
export async function emailedIssues(
  db: Handle,
  newsletterIds: readonly string[],
): Promise<(Pick<IssueRecord, 'id' | 'newsletter_id' | 'published_at' | 'intro_html'> & { copies: number })[]> {
  if (newsletterIds.length === 0) return [];
  return (
    issuesDb(db)
      .selectFrom('issues')
      .select(['id', 'newsletter_id', 'published_at', 'intro_html'])
      // The e-mail copies sent: the demo's opens and clicks are shares of them.
      .select(sql<number>`(select coalesce(sum(c.sent), 0)::int from issue_copy_counts c where c.issue_id = issues.id and c.medium = 'email')`.as('copies'))
      .where('newsletter_id', 'in', newsletterIds)
      .where('published', '=', true)
      .where('emailed', '=', true)
      .execute()
  );
}
