/** The issues plugin's queries: issues with their owner, the lists, slugs and keys, channel templates, and one change at a time per issue. */
import { randomUUID } from 'node:crypto';
import { sql, type Expression, type ExpressionBuilder, type Insertable, type Kysely, type SqlBool, type Transaction, type Updateable } from 'kysely';
import { inTransaction } from '../../../core/server/db/database';
import { containsPattern } from '../../../core/server/db/like';
import type { CoreTables } from '../../../core/server/db/tables';
import { badges } from '../../../core/shared/config';
import type { StoryTables } from '../../stories/server/public';
import type { IssueRecord, IssuesTable, IssueTables } from './tables';
import { clock } from '../../../core/server/clock';

export type IssuesDb = Kysely<CoreTables & IssueTables & StoryTables>;

/** An issue with the name and picture of who created it. */
export type IssueRow = IssueRecord & { owner_name: string | null; owner_image: string | null };

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
  sort: 'publishedAt' | 'updatedAt' | 'createdAt' | 'subject';
  desc: boolean;
  page: number;
  limit: number;
}

const sortColumns = { updatedAt: 'updated_at', createdAt: 'created_at', publishedAt: 'published_at', subject: 'subject' } as const;

const withOwner = (db: IssuesDb) =>
  db
    .selectFrom('issues')
    .leftJoin('users', 'users.id', 'issues.owner_id')
    .selectAll('issues')
    .select(['users.name as owner_name', 'users.image as owner_image']);

export function findIssue(db: IssuesDb, id: string): Promise<IssueRow | undefined> {
  return withOwner(db).where('issues.id', '=', id).executeTakeFirst();
}

function listCondition(options: IssueListOptions) {
  return (eb: ExpressionBuilder<CoreTables & IssueTables & StoryTables, 'issues'>) => {
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
    if (options.writerId)
      conditions.push(
        eb.exists(
          eb.selectFrom('stories').select('stories.id').whereRef('stories.issue_id', '=', 'issues.id').where('stories.writer_id', '=', options.writerId),
        ),
      );
    if (options.ownerIds?.length) conditions.push(eb('issues.owner_id', 'in', options.ownerIds));
    return eb.and(conditions);
  };
}

export async function listIssues(db: IssuesDb, options: IssueListOptions): Promise<{ rows: IssueRow[]; count: number }> {
  const { desc } = options;
  const [rows, counted] = await Promise.all([
    withOwner(db)
      .where(listCondition(options))
      .orderBy(`issues.${sortColumns[options.sort]}`, (order) =>
        options.sort !== 'publishedAt' ? (desc ? order.desc() : order.asc()) : desc ? order.desc().nullsLast() : order.asc().nullsFirst(),
      )
      .orderBy('issues.id', desc ? 'desc' : 'asc')
      .limit(options.limit)
      .offset(options.page * options.limit)
      .execute(),
    db
      .selectFrom('issues')
      .where(listCondition(options))
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, count: Number(counted.count) };
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
export async function updateIssue(
  db: IssuesDb | Transaction<CoreTables & IssueTables & StoryTables>,
  id: string,
  changes: Updateable<IssuesTable>,
): Promise<void> {
  await db
    .updateTable('issues')
    .set({ updated_at: clock.now(), ...changes, version: sql<number>`version + 1` })
    .where('id', '=', id)
    .execute();
}

export async function deleteIssue(db: IssuesDb, id: string): Promise<void> {
  await db.transaction().execute(async (tx) => {
    // Its stories stay in the newsletter, out of any issue.
    await tx.updateTable('stories').set({ issue_id: null }).where('issue_id', '=', id).execute();
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

export async function slugTaken(db: IssuesDb | Transaction<CoreTables & IssueTables & StoryTables>, slug: string, exceptId: string): Promise<boolean> {
  return Boolean(await db.selectFrom('issues').select('id').where('slug', '=', slug).where('id', '!=', exceptId).executeTakeFirst());
}

/** The ids of the stories in an issue. */
export async function storyIdsOf(db: IssuesDb | Transaction<CoreTables & IssueTables & StoryTables>, issueId: string): Promise<Set<string>> {
  const rows = await db.selectFrom('stories').select('id').where('issue_id', '=', issueId).execute();
  return new Set(rows.map((row) => row.id));
}

export type IssueTransaction = Transaction<CoreTables & IssueTables & StoryTables>;

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

/** Where channel templates are kept: other plugins (the wizard, the channels page) reach them without the stories' tables. */
export type TemplatesDb = Kysely<CoreTables & IssueTables>;

/** A newsletter's channel templates in their order. */
export function listChannelTemplates(db: TemplatesDb, newsletterId: string) {
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
  db: TemplatesDb,
  newsletterId: string,
  templates: { _id?: string; title: string; default?: boolean; channels: string[] }[],
): Promise<void> {
  const defaultIndex = Math.max(
    0,
    templates.findIndex((template) => template.default),
  );
  await inTransaction(db, async (tx) => {
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

/** A published issue by its slug (as typed, lower-cased) or its id, with its newsletter's look, for its public page. */
export function findPublishedIssue(db: IssuesDb, slugOrId: string) {
  return db
    .selectFrom('issues')
    .innerJoin('newsletters', 'newsletters.id', 'issues.newsletter_id')
    .selectAll('issues')
    .select(['newsletters.title as newsletter', 'newsletters.key as newsletterKey', 'newsletters.color', 'newsletters.text_color', 'newsletters.lang'])
    .where((eb) => eb.or([eb('issues.slug', '=', slugOrId.toLowerCase()), eb('issues.id', '=', slugOrId)]))
    .where('issues.published', '=', true)
    .executeTakeFirst();
}

/** What another plugin shows of an issue it lists (a collection's items). */
const issueCardColumns = ['id', 'subject', 'key', 'image', 'slug', 'published', 'published_at'] as const;

/** Those of `ids` that are published issues of the publisher, in no particular order. */
export async function publishedIssuesAmong(db: IssuesDb, publisherId: string, ids: string[]) {
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
export async function issuesAmong(db: IssuesDb, ids: string[]) {
  if (ids.length === 0) return [];
  return db.selectFrom('issues').select(issueCardColumns).where('id', 'in', ids).execute();
}

/** The publisher's latest published issues. */
export function latestPublishedIssues(db: IssuesDb, publisherId: string, limit: number) {
  return db
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
export async function setIssueEpisode(db: IssuesDb, issueId: string, episodeId: string): Promise<void> {
  await db.updateTable('issues').set({ episode_id: episodeId }).where('id', '=', issueId).execute();
}
