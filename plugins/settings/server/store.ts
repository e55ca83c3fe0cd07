/**
 * The settings' queries: a newsletter with its interests, testers, voice settings and welcome
 * issue; the publisher's staff; the interests; saving a newsletter's or a publisher's settings;
 * a newsletter's e-mail design.
 */
import type { Kysely } from 'kysely';
import { ownTables, type Handle } from '../../../core/server/db/database';
import type { CoreTables, NewsletterRow } from '../../../core/server/db/tables';
import { staffOf as staffOfPublisher } from '../../../core/server/people';
import { findNewsletter, updateNewsletter } from '../../../core/server/store';
import { defaultWebDesign, withDefaultDesign, type EmailDesign, type VoiceSettings, type WebDesign, type WelcomeIssue } from './defaults';
import { senderColumns, type SenderSettings } from './sender';
import type { SettingsTables } from './tables';
import { clock } from '../../../core/server/clock';

export type SettingsDb = Kysely<CoreTables & SettingsTables>;

export const settingsDb = (db: Handle): SettingsDb => ownTables<SettingsTables>(db);

export interface NewsletterSettings {
  row: NewsletterRow;
  interests: string[];
  testers: string[];
  voiceSettings: VoiceSettings | null;
  welcome: WelcomeIssue | null;
}

/** Sorted, so two lists of the same ids compare equal. */
const sortedIds = (rows: { id: string }[]) => rows.map((row) => row.id).sort();

export async function findNewsletterSettings(db: SettingsDb, newsletterId: string): Promise<NewsletterSettings | undefined> {
  const row = await findNewsletter(db, newsletterId);
  if (!row) return undefined;
  const [interests, testers, settings] = await Promise.all([
    db.selectFrom('newsletter_interests').select('interest_id as id').where('newsletter_id', '=', newsletterId).execute(),
    db.selectFrom('newsletter_testers').select('user_id as id').where('newsletter_id', '=', newsletterId).execute(),
    db.selectFrom('newsletter_settings').select(['voice_settings', 'welcome']).where('newsletter_id', '=', newsletterId).executeTakeFirst(),
  ]);
  return {
    row,
    interests: sortedIds(interests),
    testers: sortedIds(testers),
    voiceSettings: settings?.voice_settings ?? null,
    welcome: settings?.welcome ?? null,
  };
}

export function listInterests(db: SettingsDb) {
  return db.selectFrom('interests').select(['id', 'key', 'titles']).orderBy('key').execute();
}

/** Who works for the publisher: its directors, editors and authors. */
export function staffOf(db: SettingsDb, publisherId: string) {
  return staffOfPublisher(db, publisherId);
}

export interface NewsletterEdit extends Pick<NewsletterRow, 'title' | 'subtitle' | 'description' | 'image' | 'color' | 'text_color' | 'key'> {
  interests: string[];
  testers: string[];
  voiceSettings: VoiceSettings | null;
  welcome: WelcomeIssue | null;
  /** null: the sender stays as it is. */
  sender: SenderSettings | null;
}

/** Saves everything in one transaction: a failure leaves the newsletter as it was. */
export async function saveNewsletterSettings(db: SettingsDb, newsletterId: string, edit: NewsletterEdit): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const { interests, testers, voiceSettings, welcome, sender, ...columns } = edit;
    await updateNewsletter(tx, newsletterId, columns);
    await tx.deleteFrom('newsletter_interests').where('newsletter_id', '=', newsletterId).execute();
    if (interests.length)
      await tx
        .insertInto('newsletter_interests')
        .values(interests.map((interest_id) => ({ newsletter_id: newsletterId, interest_id })))
        .execute();
    await tx.deleteFrom('newsletter_testers').where('newsletter_id', '=', newsletterId).execute();
    if (testers.length)
      await tx
        .insertInto('newsletter_testers')
        .values(testers.map((user_id) => ({ newsletter_id: newsletterId, user_id })))
        .execute();
    const settings = {
      voice_settings: voiceSettings ? JSON.stringify(voiceSettings) : null,
      welcome: welcome ? JSON.stringify(welcome) : null,
      ...(sender ? senderColumns(sender) : {}),
    };
    await tx
      .insertInto('newsletter_settings')
      .values({ newsletter_id: newsletterId, ...settings })
      .onConflict((oc) => oc.column('newsletter_id').doUpdateSet({ ...settings, updated_at: clock.now() }))
      .execute();
  });
}

/** The newsletter's e-mail design: what was saved over the defaults (a newsletter may have no settings row yet). */
export async function findEmailDesign(db: SettingsDb, newsletterId: string): Promise<EmailDesign> {
  const row = await db.selectFrom('newsletter_settings').select('email_design').where('newsletter_id', '=', newsletterId).executeTakeFirst();
  return withDefaultDesign(row?.email_design);
}

/** Stores the whole design, making the newsletter's settings row when it has none; the other settings stay. */
export async function saveEmailDesign(db: SettingsDb, newsletterId: string, design: EmailDesign): Promise<void> {
  const email_design = JSON.stringify(withDefaultDesign(design));
  await db
    .insertInto('newsletter_settings')
    .values({ newsletter_id: newsletterId, voice_settings: null, welcome: null, email_design })
    .onConflict((oc) => oc.column('newsletter_id').doUpdateSet({ email_design, updated_at: clock.now() }))
    .execute();
}

/** A new newsletter's settings: its interests and welcome issue, and the default voices and e-mail design. */
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

/** The web design: the landing page's cover ('' while it has none) and the subscribe form's fields (the defaults while nothing is saved). */
export async function findWebDesign(db: SettingsDb, newsletterId: string): Promise<WebDesign> {
  const row = await db
    .selectFrom('newsletter_settings')
    .select(['web_cover', 'web_name_field', 'web_city_field'])
    .where('newsletter_id', '=', newsletterId)
    .executeTakeFirst();
  return row ? { cover: row.web_cover, nameField: row.web_name_field, cityField: row.web_city_field } : { ...defaultWebDesign };
}

/** Stores the web design's fields given, making the newsletter's settings row when it has none. */
export async function saveWebDesign(db: SettingsDb, newsletterId: string, design: Partial<WebDesign>): Promise<void> {
  const columns = {
    ...(design.cover !== undefined && { web_cover: design.cover }),
    ...(design.nameField !== undefined && { web_name_field: design.nameField }),
    ...(design.cityField !== undefined && { web_city_field: design.cityField }),
  };
  await db
    .insertInto('newsletter_settings')
    .values({ newsletter_id: newsletterId, voice_settings: null, welcome: null, ...columns })
    .onConflict((oc) => oc.column('newsletter_id').doUpdateSet({ ...columns, updated_at: clock.now() }))
    .execute();
}
