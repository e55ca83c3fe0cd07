/** The recordings plugin's table as Kysely sees it. */
import type { ColumnType } from 'kysely';

export interface RecordingsTable {
  id: string;
  publisher_id: string;
  uploader_id: string | null;
  title: string;
  subtitle: string;
  description: string;
  /** A cover image URL, or ''. */
  image: string;
  /** The audio file's storage key. */
  audio: string;
  mime: string;
  size: number;
  /** Seconds, read from the file. */
  duration: number;
  slug: string;
  lang: string;
  podcast_id: string | null;
  content_id: string | null;
  created_at: ColumnType<Date, Date | string | undefined, never>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

// A type, not an interface: Kysely's withTables<T>() needs T to have an index signature.
export type RecordingTables = {
  recordings: RecordingsTable;
};

// The plugin's tables in the core's registry: `ownTables(db, 'recordings')` opens a handle with them.
declare module '../../../core/server/db/tables' {
  interface PluginTables {
    recordings: RecordingTables;
  }
}
