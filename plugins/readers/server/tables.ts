/** The readers plugin's tables as Kysely sees them (migrations/001_readers.sql). */
import type { ColumnType } from 'kysely';

export interface ReaderSignInLinksTable {
  /** The SHA-256 of the link's token, base64url: the token itself is only in the e-mail. */
  token_hash: string;
  newsletter_id: string;
  /** Lower-case. */
  email: string;
  expires_at: ColumnType<Date, Date, never>;
  used_at: ColumnType<Date | null, never, Date>;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

export interface ReaderSessionsTable {
  /** The SHA-256 of the session's id, base64url: the id itself is only in the reader's cookie. */
  id_hash: string;
  publisher_id: string;
  /** Lower-case. */
  email: string;
  expires_at: ColumnType<Date, Date, never>;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

// A type (not an interface), so that Kysely's withTables<...>() accepts it.
export type ReaderTables = {
  reader_sign_in_links: ReaderSignInLinksTable;
  reader_sessions: ReaderSessionsTable;
};

// The plugin's tables in the core's registry: `ownTables(db, 'readers')` opens a handle with them.
declare module '../../../core/server/db/tables' {
  interface PluginTables {
    readers: ReaderTables;
  }
}
