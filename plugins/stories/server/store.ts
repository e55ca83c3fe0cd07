/** The stories plugin's queries: stories with their writer and owner, the lists, slugs and pen names. */
import { randomUUID } from 'node:crypto';
import { sql, type Expression, type ExpressionBuilder, type Insertable, type Kysely, type SqlBool, type Updateable } from 'kysely';
import { ownTables, type Handle } from '../../../core/server/db/database';
import { containsPattern } from '../../../core/server/db/like';
import { uniqueSlug } from '../../../core/server/db/slugs';
import type { CoreTables } from '../../../core/server/db/tables';
import { withPeople, withPerson } from '../../../core/server/people';
import { findNewsletter } from '../../../core/server/store';
import { badges } from '../../../core/shared/config';
import type { PenNameRecord, StoriesTable, StoryRecord, StoryTables, StoryType } from './tables';
import { clock } from '../../../core/server/clock';

export type StoriesDb = Kysely<CoreTables & StoryTables>;

/** Any handle (another plugin's, a transaction) seen with the stories' tables. */
export const storiesDb = (db: Handle): StoriesDb => ownTables(db, 'stories');

/** A story with the names the console shows beside it. */
export type StoryRow = StoryRecord & {
  writer_name: string | null;
  writer_user_id: string | null;
  owner_name: string | null;
  owner_image: string | null;
};

export type BadgeStatus = 'draft' | 'ready' | 'accepted' | 'scheduled' | 'published' | 'cancelled' | 'rejected';

export interface StoryListOptions {
  newsletterIds: string[];
  /** Only this user's stories (authors see their own). */
  ownerId?: string;
  writerId?: string;
  /** Only the stories of this issue, or (null) those in no issue. */
  issueId?: string | null;
  type?: StoryType;
  status?: BadgeStatus;
  published?: boolean;
  search?: string;
  sort: 'updatedAt' | 'createdAt' | 'publishedAt' | 'title';
  desc: boolean;
  page: number;
  limit: number;
}

/** Stories with their writer's pen name; their owner's name and picture come from the core (`withPeople`). */
const withWriter = (db: StoriesDb) =>
  db
    .selectFrom('stories')
    .leftJoin('pen_names', 'pen_names.id', 'stories.writer_id')
    .selectAll('stories')
    .select(['pen_names.name as writer_name', 'pen_names.user_id as writer_user_id']);

export async function findStory(handle: Handle, id: string): Promise<StoryRow | undefined> {
  const db = storiesDb(handle);
  const row = await withWriter(db).where('stories.id', '=', id).executeTakeFirst();
  return withPerson(db, row, 'owner_id', 'owner');
}

/**
 * The badge statuses as filters: a story matches the status its badge shows, the first flag set
 * in config/badges.json's order (draft, cancelled, scheduled, published, accepted, rejected, ready).
 */
const badgeOrder = badges.story.order as BadgeStatus[];

const sortColumns = { updatedAt: 'updated_at', createdAt: 'created_at', publishedAt: 'published_at', title: 'title' } as const;

/** The list's filters that the kept counts know (newsletters, type, published, badge status), on either table. */
function countedCondition(options: StoryListOptions, table: 'stories' | 'story_counts') {
  const column = (name: string) => sql.ref(`${table}.${name}`);
  return (eb: ExpressionBuilder<CoreTables & StoryTables, never>) => {
    const conditions: Expression<SqlBool>[] = [eb(column('newsletter_id'), 'in', options.newsletterIds.length > 0 ? options.newsletterIds : [''])];
    if (options.type) conditions.push(eb(column('type'), '=', options.type));
    if (options.published !== undefined) conditions.push(eb(column('published'), '=', options.published));
    if (options.status) {
      const index = badgeOrder.indexOf(options.status);
      for (const earlier of badgeOrder.slice(0, Math.max(index, 0))) conditions.push(eb(column(earlier), '=', false));
      conditions.push(eb(column(options.status), '=', true));
    }
    return eb.and(conditions);
  };
}

/** Every filter of the list, on the stories table. */
function listCondition(options: StoryListOptions) {
  return (eb: ExpressionBuilder<CoreTables & StoryTables, 'stories'>) => {
    const conditions: Expression<SqlBool>[] = [countedCondition(options, 'stories')(eb as unknown as ExpressionBuilder<CoreTables & StoryTables, never>)];
    if (options.ownerId) conditions.push(eb('stories.owner_id', '=', options.ownerId));
    if (options.writerId) conditions.push(eb('stories.writer_id', '=', options.writerId));
    // In no issue: the stories an issue may still take, so neither published nor cancelled ones.
    if (options.issueId === null) conditions.push(eb('stories.issue_id', 'is', null), eb('stories.published', '=', false), eb('stories.cancelled', '=', false));
    else if (options.issueId !== undefined) conditions.push(eb('stories.issue_id', '=', options.issueId));
    const search = options.search?.trim();
    if (search) {
      const pattern = containsPattern(search);
      // The expression of the trigram index stories_search (migration 001).
      conditions.push(sql<boolean>`(stories.title || ' ' || stories.subtitle || ' ' || stories.body_text) ilike ${pattern}`);
    }
    return eb.and(conditions);
  };
}

/**
 * How many stories the list has: from the kept counts when it filters only by what they know;
 * otherwise counted, and a search only up to `countMax`, a few pages past the one asked for
 * (counting every match of a large newsletter is a search's one slow part).
 */
async function countStories(db: StoriesDb, options: StoryListOptions, countMax: number): Promise<number> {
  if (!options.ownerId && !options.writerId && options.issueId === undefined && !options.search?.trim()) {
    const kept = await db
      .selectFrom('story_counts')
      .where((eb) => countedCondition(options, 'story_counts')(eb as unknown as ExpressionBuilder<CoreTables & StoryTables, never>))
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('count'), eb.lit(0)).as('count'))
      .executeTakeFirstOrThrow();
    return Number(kept.count);
  }
  const matching = db
    .selectFrom('stories')
    .where(listCondition(options))
    .select(sql`1`.as('one'));
  const counted = await db
    .selectFrom((options.search?.trim() ? matching.limit(countMax) : matching).as('matches'))
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(counted.count);
}

export async function listStories(db: StoriesDb, options: StoryListOptions & { countMax: number }): Promise<{ rows: StoryRow[]; count: number }> {
  const desc = options.desc;
  const [rows, count] = await Promise.all([
    withWriter(db)
      .where(listCondition(options))
      // Never-published stories go last when sorting by publication date, newest first (as its index is ordered).
      .orderBy(`stories.${sortColumns[options.sort]}`, (order) =>
        options.sort !== 'publishedAt' ? (desc ? order.desc() : order.asc()) : desc ? order.desc().nullsLast() : order.asc().nullsFirst(),
      )
      // Equal dates or titles keep one order from page to page.
      .orderBy('stories.id', desc ? 'desc' : 'asc')
      .limit(options.limit)
      .offset(options.page * options.limit)
      .execute(),
    countStories(db, options, options.countMax),
  ]);
  return { rows: await withPeople(db, rows, 'owner_id', 'owner'), count };
}

export async function insertStory(handle: Handle, values: Omit<Insertable<StoriesTable>, 'id'>): Promise<string> {
  const db = storiesDb(handle);
  const id = randomUUID();
  await db
    .insertInto('stories')
    .values({ id, ...values })
    .execute();
  return id;
}

/**
 * Saves changes and moves the version on (and updated_at, to now unless the changes say when).
 * With `expectedVersion`, only when the story is still at that version (another save in between
 * makes it answer false); with `whereDraft`, only while the story is a draft; with
 * `whereScheduled`, only while it is scheduled.
 */
export async function updateStory(
  db: StoriesDb,
  id: string,
  changes: Updateable<StoriesTable>,
  guard: { expectedVersion?: number; whereDraft?: boolean; whereScheduled?: boolean } = {},
): Promise<boolean> {
  let query = db
    .updateTable('stories')
    .set({ updated_at: clock.now(), ...changes, version: sql<number>`version + 1` })
    .where('id', '=', id);
  if (guard.expectedVersion !== undefined) query = query.where('version', '=', guard.expectedVersion);
  if (guard.whereDraft) query = query.where('draft', '=', true);
  if (guard.whereScheduled) query = query.where('scheduled', '=', true);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Marks a story premium or not (the premium-story service); a change of the story, so its version moves on. */
export async function setStoryPremium(handle: Handle, id: string, on: boolean): Promise<boolean> {
  const db = storiesDb(handle);
  return updateStory(db, id, { is_premium: on });
}

/** A publisher's premium stories, the latest changed first. */
export async function premiumStories(handle: Handle, publisherId: string): Promise<StoryRow[]> {
  const db = storiesDb(handle);
  const rows = await withWriter(db)
    .where('stories.publisher_id', '=', publisherId)
    .where('stories.is_premium', '=', true)
    .orderBy('stories.updated_at', 'desc')
    .orderBy('stories.id')
    .execute();
  return withPeople(db, rows, 'owner_id', 'owner');
}

export async function deleteStory(db: StoriesDb, id: string): Promise<void> {
  await db.deleteFrom('stories').where('id', '=', id).execute();
}

/**
 * A story by its slug (as typed, lower-cased) or its id, with its newsletter and what its public
 * page shows, published or not: the page shows a published one and answers 410 for one published
 * once and no more (unpublished; its published_at stays).
 */
export async function findPublicStory(db: StoriesDb, slugOrId: string) {
  const story = await db
    .selectFrom('stories')
    .select(['id', 'slug', 'type', 'published', 'published_content', 'published_at', 'is_premium', 'newsletter_id'])
    .where((eb) => eb.or([eb('slug', '=', slugOrId.toLowerCase()), eb('id', '=', slugOrId)]))
    .executeTakeFirst();
  const newsletter = story && (await findNewsletter(db, story.newsletter_id));
  return story && newsletter && { ...story, newsletter };
}

/** Counts one view of a story's public page (not a change: the version stays). */
export async function countRead(db: StoriesDb, id: string): Promise<void> {
  await db
    .updateTable('stories')
    .set({ reads: sql<number>`reads + 1` })
    .where('id', '=', id)
    .execute();
}

export async function slugTaken(db: StoriesDb, slug: string, exceptId?: string): Promise<boolean> {
  let query = db.selectFrom('stories').select('id').where('slug', '=', slug);
  if (exceptId) query = query.where('id', '!=', exceptId);
  return Boolean(await query.executeTakeFirst());
}

/** A slug no other story has: 'gunun-ozeti', then 'gunun-ozeti-2', ... (still at most `max` characters). */
export function uniqueStorySlug(db: StoriesDb, base: string, exceptId: string | undefined, max: number): Promise<string> {
  return uniqueSlug(
    base,
    async (pattern) => {
      let query = db.selectFrom('stories').select('slug').where('slug', 'like', pattern);
      if (exceptId) query = query.where('id', '!=', exceptId);
      return (await query.execute()).map((row) => row.slug);
    },
    max,
  );
}

/** The pen names a writer may sign with: their own, or (for `everyone`) all of the publisher's. */
export async function listPenNames(handle: Handle, publisherId: string, userId: string, everyone: boolean): Promise<PenNameRecord[]> {
  const db = storiesDb(handle);
  let query = db.selectFrom('pen_names').selectAll().where('publisher_id', '=', publisherId);
  if (!everyone) query = query.where('user_id', '=', userId);
  return query.orderBy('name').execute();
}

export async function findPenName(db: StoriesDb, id: string): Promise<PenNameRecord | undefined> {
  return db.selectFrom('pen_names').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertPenName(db: StoriesDb, values: { publisherId: string; userId: string | null; name: string }): Promise<string> {
  const id = randomUUID();
  await db.insertInto('pen_names').values({ id, publisher_id: values.publisherId, user_id: values.userId, name: values.name }).execute();
  return id;
}

/** The pen name of that name, compared as the unique index compares (the database's lower(), not JavaScript's: 'İ' differs). */
export async function penNameNamed(db: StoriesDb, publisherId: string, name: string): Promise<PenNameRecord | undefined> {
  return db
    .selectFrom('pen_names')
    .selectAll()
    .where('publisher_id', '=', publisherId)
    .where(sql`lower(name)`, '=', sql<string>`lower(${name})`)
    .executeTakeFirst();
}

/** The caller's own pen name (their name), made the first time they write. */
export async function ownPenName(handle: Handle, publisherId: string, user: { id: string; name: string; email: string }): Promise<string> {
  const db = storiesDb(handle);
  const mine = await db
    .selectFrom('pen_names')
    .select('id')
    .where('publisher_id', '=', publisherId)
    .where('user_id', '=', user.id)
    .orderBy('created_at')
    .executeTakeFirst();
  if (mine) return mine.id;
  const base = user.name.trim() || user.email.split('@')[0]!;
  // A shared pen name may already carry the same name: the user's own then gets their e-mail's name too.
  const name = (await penNameNamed(db, publisherId, base)) ? `${base} (${user.email.split('@')[0]})` : base;
  return insertPenName(db, { publisherId, userId: user.id, name });
}

/** The stories of an issue, with their names, oldest first. */
export async function storiesOfIssue(handle: Handle, issueId: string): Promise<StoryRow[]> {
  const db = storiesDb(handle);
  const rows = await withWriter(db).where('stories.issue_id', '=', issueId).orderBy('stories.created_at').execute();
  return withPeople(db, rows, 'owner_id', 'owner');
}

/** Puts a story in an issue, or (with null) takes it out; a story is in one issue at most. Not a change of the story: its version stays. */
export async function setStoryIssue(handle: Handle, storyId: string, issueId: string | null): Promise<void> {
  const db = storiesDb(handle);
  await db.updateTable('stories').set({ issue_id: issueId }).where('id', '=', storyId).execute();
}

/** Hangs an episode on a story (its TTS audio, attached by the speech plugin). Not an edit of the story: its version stays. */
export async function setStoryEpisode(handle: Handle, storyId: string, episodeId: string): Promise<void> {
  const db = storiesDb(handle);
  await db.updateTable('stories').set({ episode_id: episodeId }).where('id', '=', storyId).execute();
}

/** The ids of the stories in an issue. */
export async function storyIdsOfIssue(handle: Handle, issueId: string): Promise<Set<string>> {
  const rows = await storiesDb(handle).selectFrom('stories').select('id').where('issue_id', '=', issueId).execute();
  return new Set(rows.map((row) => row.id));
}

/** Takes every story out of an issue that is going away: they stay in the newsletter, in no issue. */
export async function releaseStoriesOfIssue(handle: Handle, issueId: string): Promise<void> {
  await storiesDb(handle).updateTable('stories').set({ issue_id: null }).where('issue_id', '=', issueId).execute();
}

/** The issues holding at least one of these stories (written under a pen name, of a newsletter, or by id), each once. */
export async function issuesHolding(db: Handle, stories: { writerId: string } | { newsletterId: string } | { ids: readonly string[] }): Promise<string[]> {
  if ('ids' in stories && stories.ids.length === 0) return [];
  let query = storiesDb(db).selectFrom('stories').select('issue_id').distinct().where('issue_id', 'is not', null);
  if ('writerId' in stories) query = query.where('writer_id', '=', stories.writerId);
  if ('newsletterId' in stories) query = query.where('newsletter_id', '=', stories.newsletterId);
  if ('ids' in stories) query = query.where('id', 'in', stories.ids);
  const rows = await query.execute();
  return rows.flatMap((row) => (row.issue_id ? [row.issue_id] : []));
}

// What other plugins read of stories (through server/public.ts): they pass any handle, a transaction too.

/** What another plugin shows of a story it lists (a collection's items). */
const storyCardColumns = ['id', 'title', 'image', 'slug', 'type', 'published', 'published_at'] as const;
export type StoryCard = Pick<StoryRecord, (typeof storyCardColumns)[number]>;

/** What a story says, as another plugin reads it out (text to speech). */
const storyTextColumns = ['id', 'type', 'newsletter_id', 'publisher_id', 'title', 'subtitle', 'image', 'body_html', 'body_text', 'is_premium'] as const;
export type StoryText = Pick<StoryRecord, (typeof storyTextColumns)[number]>;

/** The stories of `ids` that still exist, published or not, in no particular order. */
export async function storiesAmong(db: Handle, ids: readonly string[]): Promise<StoryCard[]> {
  if (ids.length === 0) return [];
  return storiesDb(db).selectFrom('stories').select(storyCardColumns).where('id', 'in', ids).execute();
}

const publishedArticles = (db: Handle, publisherId: string) =>
  storiesDb(db)
    .selectFrom('stories')
    .select(storyCardColumns)
    .where('publisher_id', '=', publisherId)
    .where('published', '=', true)
    .where('type', '=', 'article');

/** Those of `ids` that are published articles of the publisher, in no particular order. */
export async function publishedArticlesAmong(db: Handle, publisherId: string, ids: readonly string[]): Promise<StoryCard[]> {
  if (ids.length === 0) return [];
  return publishedArticles(db, publisherId).where('id', 'in', ids).execute();
}

/** The publisher's latest published articles. */
export function latestPublishedArticles(db: Handle, publisherId: string, limit: number): Promise<StoryCard[]> {
  return publishedArticles(db, publisherId).orderBy('published_at', 'desc').orderBy('id').limit(limit).execute();
}

/** The stories of `ids` that still exist, with what they say, in no particular order. */
export async function storyTextsAmong(db: Handle, ids: readonly string[]): Promise<StoryText[]> {
  if (ids.length === 0) return [];
  return storiesDb(db).selectFrom('stories').select(storyTextColumns).where('id', 'in', ids).execute();
}

/** The stories of an issue with what they say, in the order of their ids. */
export function storyTextsOfIssue(db: Handle, issueId: string): Promise<StoryText[]> {
  return storiesDb(db).selectFrom('stories').select(storyTextColumns).where('issue_id', '=', issueId).orderBy('id').execute();
}

/** The newsletter's story of this type with the longest text (the latest of equals), or undefined when none has text. */
export function longestStory(db: Handle, newsletterId: string, type: StoryType): Promise<StoryText | undefined> {
  return storiesDb(db)
    .selectFrom('stories')
    .select(storyTextColumns)
    .where('newsletter_id', '=', newsletterId)
    .where('type', '=', type)
    .where('body_text', '!=', '')
    .orderBy(sql`length(body_text)`, 'desc')
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
}

/** The ids of the stories a user owns (an author's own). */
export async function storiesOwnedBy(db: Handle, userId: string): Promise<string[]> {
  const rows = await storiesDb(db).selectFrom('stories').select('id').where('owner_id', '=', userId).execute();
  return rows.map((row) => row.id);
}

/** The newsletter a story belongs to, or undefined when there is no such story. */
export async function newsletterOfStory(db: Handle, storyId: string): Promise<string | undefined> {
  const row = await storiesDb(db).selectFrom('stories').select('newsletter_id').where('id', '=', storyId).executeTakeFirst();
  return row?.newsletter_id;
}
