/**
 * The settings' queries: a newsletter's interests, testers, voice settings and welcome issue, each
 * read and saved as a part of the newsletter (newsletter-parts.ts); the publisher's staff; the
 * interests; a newsletter's sender (sender.ts).
 */
import type { Insertable, Kysely } from 'kysely';
import { inTransaction, ownTables, type Handle } from '../../../core/server/db/database';
import type { CoreTables } from '../../../core/server/db/tables';
import { staffOf as staffOfPublisher } from '../../../core/server/people';
import type { VoiceSettings, WelcomeIssue } from './defaults';
import type { NewsletterSettingsTable, SettingsTables } from './tables';
import { clock } from '../../../core/server/clock';

export type SettingsDb = Kysely<CoreTables & SettingsTables>;

export const settingsDb = (db: Handle): SettingsDb => ownTables(db, 'settings');

/** Sorted, so two lists of the same ids compare equal. */
const sortedIds = (rows: { id: string }[]) => rows.map((row) => row.id).sort();

/** The ids of the newsletter's interests. */
export async function interestsOf(db: SettingsDb, newsletterId: string): Promise<string[]> {
  return sortedIds(await db.selectFrom('newsletter_interests').select('interest_id as id').where('newsletter_id', '=', newsletterId).execute());
}

/** The user ids of the newsletter's testers. */
export async function testersOf(db: SettingsDb, newsletterId: string): Promise<string[]> {
  return sortedIds(await db.selectFrom('newsletter_testers').select('user_id as id').where('newsletter_id', '=', newsletterId).execute());
}

export function listInterests(db: SettingsDb) {
  return db.selectFrom('interests').select(['id', 'key', 'titles']).orderBy('key').execute();
}

/** Who works for the publisher: its directors, editors and authors. */
export function staffOf(db: SettingsDb, publisherId: string) {
  return staffOfPublisher(db, publisherId);
}

/** Replaces the newsletter's interests, in one transaction (the caller's when `db` is one). */
export async function saveInterests(db: SettingsDb, newsletterId: string, interests: string[]): Promise<void> {
  await inTransaction(db, async (tx) => {
    await tx.deleteFrom('newsletter_interests').where('newsletter_id', '=', newsletterId).execute();
    if (interests.length)
      await tx
        .insertInto('newsletter_interests')
        .values(interests.map((interest_id) => ({ newsletter_id: newsletterId, interest_id })))
        .execute();
  });
}

/** Replaces the newsletter's testers, in one transaction (the caller's when `db` is one). */
export async function saveTesters(db: SettingsDb, newsletterId: string, testers: string[]): Promise<void> {
  await inTransaction(db, async (tx) => {
    await tx.deleteFrom('newsletter_testers').where('newsletter_id', '=', newsletterId).execute();
    if (testers.length)
      await tx
        .insertInto('newsletter_testers')
        .values(testers.map((user_id) => ({ newsletter_id: newsletterId, user_id })))
        .execute();
  });
}

/** The newsletter's voices and welcome issue as saved (null: never set). */
export async function findVoicesAndWelcome(
  db: SettingsDb,
  newsletterId: string,
): Promise<{ voiceSettings: VoiceSettings | null; welcome: WelcomeIssue | null }> {
  const row = await db.selectFrom('newsletter_settings').select(['voice_settings', 'welcome']).where('newsletter_id', '=', newsletterId).executeTakeFirst();
  return { voiceSettings: row?.voice_settings ?? null, welcome: row?.welcome ?? null };
}

/** The columns of a newsletter's settings row that are saved one part at a time. */
export type SettingsColumns = Omit<Insertable<NewsletterSettingsTable>, 'newsletter_id' | 'updated_at'>;

/** Stores these settings, making the newsletter's settings row when it has none; the other settings stay. */
export async function saveSettingsColumns(db: SettingsDb, newsletterId: string, columns: Partial<SettingsColumns>): Promise<void> {
  await db
    .insertInto('newsletter_settings')
    .values({ newsletter_id: newsletterId, voice_settings: null, welcome: null, ...columns })
    .onConflict((oc) => oc.column('newsletter_id').doUpdateSet({ ...columns, updated_at: clock.now() }))
    .execute();
}

/** A new newsletter's settings: its interests and welcome issue, and the default voices. */
export async function insertNewsletterSettings(tx: SettingsDb, newsletterId: string, settings: { interests: string[]; welcome: WelcomeIssue }): Promise<void> {
  if (settings.interests.length)
    await tx
      .insertInto('newsletter_interests')
      .values(settings.interests.map((interest_id) => ({ newsletter_id: newsletterId, interest_id })))
      .execute();
  await tx
    .insertInto('newsletter_settings')
    .values({ newsletter_id: newsletterId, voice_settings: null, welcome: JSON.stringify(settings.welcome) })
    .execute();
}
