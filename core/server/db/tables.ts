/**
 * The core's tables as Kysely sees them, and the registry of every plugin's (`PluginTables`): a
 * plugin describes its own and opens a handle with them through `ownTables(db, id)`.
 */
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { RoleKey } from '../../shared/permissions';

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>;

export interface PublishersTable {
  id: string;
  title: string;
  description: string;
  image: string;
  color: string;
  text_color: string;
  website: string;
  email: string;
  key: string;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface NewslettersTable {
  id: string;
  publisher_id: string;
  title: string;
  subtitle: string;
  description: string;
  image: string;
  color: string;
  text_color: string;
  key: string;
  lang: string;
  published: Generated<boolean>;
  featured: Generated<boolean>;
  archived: Generated<boolean>;
  /** Set by setNewsletterFlag when first published; null until then. */
  first_published_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface UsersTable {
  id: string;
  email: string;
  password_hash: string | null;
  role: RoleKey;
  publisher_id: string | null;
  name: string;
  biography: string;
  url: string;
  image: string;
  ready: Generated<boolean>;
  reset_code_hash: string | null;
  reset_expires_at: Date | null;
  version: Generated<number>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface NewsletterMembersTable {
  newsletter_id: string;
  user_id: string;
  role: RoleKey;
  created_at: CreatedAt;
}

export interface DashboardLayoutsTable {
  user_id: string;
  dashboard: 'newsletter' | 'publisher';
  layout: ColumnType<unknown, string, string>;
  updated_at: UpdatedAt;
}

export interface SettingsTable {
  key: string;
  value: string;
}

/** A sign-in: every token names one (`sid`); an ended or expired session's tokens are refused. */
export interface SessionsTable {
  id: string;
  user_id: string;
  created_at: CreatedAt;
  expires_at: Date;
  ended_at: Date | null;
}

/** Wrong sign-in tries per account or client address (core/server/auth/attempts.ts). */
export interface SignInLimitsTable {
  key: string;
  failures: number;
  locked_until: Date | null;
  forget_at: Date;
  refused: Generated<boolean>;
}

export interface MigrationsTable {
  id: string;
  applied_at: CreatedAt;
}

export interface CoreTables {
  publishers: PublishersTable;
  newsletters: NewslettersTable;
  users: UsersTable;
  newsletter_members: NewsletterMembersTable;
  dashboard_layouts: DashboardLayoutsTable;
  settings: SettingsTable;
  sessions: SessionsTable;
  sign_in_limits: SignInLimitsTable;
  schema_migrations: MigrationsTable;
}

/**
 * Each plugin's tables by its id, as its store opens them (`ownTables(db, 'stories')`,
 * core/server/db/database.ts). Empty here: the plugin that owns tables adds them where it declares
 * their type, by declaration merging:
 *
 *     declare module '../../../core/server/db/tables' {
 *       interface PluginTables { stories: StoryTables }
 *     }
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging, one entry per plugin that owns tables
export interface PluginTables {}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type PublisherRow = Selectable<PublishersTable>;
export type NewsletterRow = Selectable<NewslettersTable>;
