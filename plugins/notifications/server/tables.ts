/** The notifications plugin's tables as Kysely sees them. */
import type { ColumnType } from 'kysely';

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;

export interface AnnouncementsTable {
  id: string;
  publisher_id: string | null;
  subject: string;
  preview: string;
  body_html: string;
  sender_id: string | null;
  created_at: CreatedAt;
}

export interface NotificationsTable {
  id: string;
  user_id: string;
  announcement_id: string | null;
  title: string;
  text: string;
  link: string;
  sender_id: string | null;
  read_at: Date | null;
  created_at: CreatedAt;
}

// A type (not an interface), so that Kysely's withTables<...>() accepts it.
export type NotificationTables = {
  announcements: AnnouncementsTable;
  notifications: NotificationsTable;
};

// The plugin's tables in the core's registry: `ownTables(db, 'notifications')` opens a handle with them.
declare module '../../../core/server/db/tables' {
  interface PluginTables {
    notifications: NotificationTables;
  }
}
