/** The settings plugin's tables as Kysely sees them. */
import type { ColumnType, Generated } from 'kysely';
import type { InterestTitle, VoiceSettings, WelcomeIssue } from './defaults';

/** jsonb: read as the value, written as its JSON text. */
type Json<T> = ColumnType<T, string, string>;

export interface InterestsTable {
  id: string;
  key: string;
  titles: Json<InterestTitle[]>;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

export interface NewsletterInterestsTable {
  newsletter_id: string;
  interest_id: string;
}

export interface NewsletterTestersTable {
  newsletter_id: string;
  user_id: string;
}

export interface NewsletterSettingsTable {
  newsletter_id: string;
  voice_settings: ColumnType<VoiceSettings | null, string | null, string | null>;
  welcome: ColumnType<WelcomeIssue | null, string | null, string | null>;
  /** Who the newsletter's mail comes from: see sender.ts. */
  sender_name: ColumnType<string, string | undefined, string>;
  sender_email: ColumnType<string, string | undefined, string>;
  sender_email_pending: ColumnType<string, string | undefined, string>;
  reply_to: ColumnType<string, string | undefined, string>;
  updated_at: Generated<Date>;
}

// A type, not an interface: Kysely's withTables<T>() needs T to have an index signature.
export type SettingsTables = {
  interests: InterestsTable;
  newsletter_interests: NewsletterInterestsTable;
  newsletter_testers: NewsletterTestersTable;
  newsletter_settings: NewsletterSettingsTable;
};

// The plugin's tables in the core's registry: `ownTables(db, 'settings')` opens a handle with them.
declare module '../../../core/server/db/tables' {
  interface PluginTables {
    settings: SettingsTables;
  }
}
