/** Queries of the core's tables, for the core's calls and the plugins': a newsletter, a publisher, a user, a dashboard's layout. */
import { sql } from 'kysely';
import type { Db } from './db/database';
import type { DashboardLayoutsTable, NewsletterRow, PublisherRow, UserRow } from './db/tables';
import { clock } from './clock';

export function findNewsletter(db: Db, id: string): Promise<NewsletterRow | undefined> {
  return db.selectFrom('newsletters').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findPublisher(db: Db, id: string): Promise<PublisherRow | undefined> {
  return db.selectFrom('publishers').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Every publisher, by title (an admin chooses one to work in). */
export function listPublishers(db: Db): Promise<Pick<PublisherRow, 'id' | 'title'>[]> {
  return db.selectFrom('publishers').select(['id', 'title']).orderBy('title').execute();
}

/** The user with this e-mail address, compared as the unique index compares it (lower-cased). */
export function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where(sql`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst();
}

/** Saves a user's own profile (and the end of onboarding); answers the user as they are now. */
export function updateProfile(db: Db, userId: string, profile: Pick<UserRow, 'name' | 'biography' | 'url' | 'image' | 'ready'>): Promise<UserRow> {
  return db
    .updateTable('users')
    .set({ ...profile, version: sql`version + 1`, updated_at: clock.now() })
    .where('id', '=', userId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

type Dashboard = DashboardLayoutsTable['dashboard'];

/** A user's arrangement of a dashboard's panels, or undefined for the default one. */
export async function findLayout(db: Db, userId: string, dashboard: Dashboard): Promise<unknown> {
  const row = await db.selectFrom('dashboard_layouts').select('layout').where('user_id', '=', userId).where('dashboard', '=', dashboard).executeTakeFirst();
  return row?.layout;
}

export async function saveLayout(db: Db, userId: string, dashboard: Dashboard, layout: unknown): Promise<void> {
  const json = JSON.stringify(layout);
  await db
    .insertInto('dashboard_layouts')
    .values({ user_id: userId, dashboard, layout: json })
    .onConflict((oc) => oc.columns(['user_id', 'dashboard']).doUpdateSet({ layout: json, updated_at: clock.now() }))
    .execute();
}

export async function forgetLayout(db: Db, userId: string, dashboard: Dashboard): Promise<void> {
  await db.deleteFrom('dashboard_layouts').where('user_id', '=', userId).where('dashboard', '=', dashboard).execute();
}
