/** The stories plugin's tables as Kysely sees them. */
import type { ColumnType, Selectable } from 'kysely';

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, string, string>;
type Flag = ColumnType<boolean, boolean | undefined, boolean>;

export type StoryType = 'bullet' | 'article';

/** The status flags of spec 001 section 3 (Story), one column each. */
export const statusFlags = [
  'draft',
  'ready',
  'accepted',
  'scheduled',
  'queued',
  'processing',
  'notified',
  'published',
  'featured',
  'tested',
  'rejected',
  'cancelled',
] as const;
export type StatusFlag = (typeof statusFlags)[number];

/** The public page's copy of a released story. */
export interface PublishedContent {
  title: string;
  subtitle: string;
  image: string;
  html: string;
  writer: string | null;
}

export type StoriesTable = {
  id: string;
  newsletter_id: string;
  publisher_id: string;
  type: StoryType;
  title: ColumnType<string, string | undefined, string>;
  subtitle: ColumnType<string, string | undefined, string>;
  slug: string | null;
  slug_custom: Flag;
  image: ColumnType<string, string | undefined, string>;
  body_html: ColumnType<string, string | undefined, string>;
  body_text: ColumnType<string, string | undefined, string>;
  summary: ColumnType<string, string | undefined, string>;
  reading_time_ms: ColumnType<number, number | undefined, number>;
  tags: Json<string[]>;
  interest_id: string | null;
  keywords: Json<string[]>;
  writer_id: string | null;
  issue_id: string | null;
  episode_id: string | null;
  is_premium: Flag;
  notify: Flag;
  scheduled_at: Date | null;
  published_at: Date | null;
  notified_at: Date | null;
  job_id: string | null;
  published_content: ColumnType<PublishedContent | null, string | null, string | null>;
  reads: ColumnType<number, number | undefined, number>;
  owner_id: string | null;
  version: ColumnType<number, number | undefined, number>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
} & { [flag in StatusFlag]: Flag };

export interface PenNamesTable {
  id: string;
  publisher_id: string;
  user_id: string | null;
  name: string;
  created_at: CreatedAt;
}

/** Stories per newsletter, type and combination of badge flags, kept by a trigger (migration 001). */
export type StoryCountsTable = {
  newsletter_id: string;
  type: StoryType;
  count: number;
} & { [flag in 'draft' | 'ready' | 'accepted' | 'scheduled' | 'published' | 'cancelled' | 'rejected']: boolean };

/** An imported story's address on the site it came from (migration 002, old-addresses.ts). */
export interface StoryOldAddressesTable {
  newsletter_id: string;
  path: string;
  story_id: string;
  created_at: CreatedAt;
}

// A type (not an interface), so that Kysely's withTables<...>() accepts it.
export type StoryTables = {
  stories: StoriesTable;
  pen_names: PenNamesTable;
  story_counts: StoryCountsTable;
  story_old_addresses: StoryOldAddressesTable;
};

export type StoryRecord = Selectable<StoriesTable>;
export type PenNameRecord = Selectable<PenNamesTable>;

// The plugin's tables in the core's registry: `ownTables(db, 'stories')` opens a handle with them.
declare module '../../../core/server/db/tables' {
  interface PluginTables {
    stories: StoryTables;
  }
}
