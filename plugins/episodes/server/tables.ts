/** The episodes plugin's tables as Kysely sees them. */
import type { ColumnType, Selectable } from 'kysely';

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>;

export type EpisodeStatus = 'draft' | 'scheduled' | 'published';

export interface EpisodesTable {
  id: string;
  newsletter_id: string;
  publisher_id: string;
  recording_id: string | null;
  title: string;
  key: string;
  subtitle: string;
  body: string;
  image: string;
  audio_key: string;
  audio_type: string;
  audio_size: ColumnType<number, number | undefined, number>;
  duration: number;
  status: EpisodeStatus;
  scheduled_at: Date | null;
  published_at: Date | null;
  job_id: string | null;
  type: 'other' | 'tts';
  parent_id: string | null;
  parent_type: 'Story' | 'Issue' | null;
  /** Held out of the podcast: the TTS episode of a story made premium. */
  withheld: ColumnType<boolean, boolean | undefined, boolean>;
  lang: string;
  uploader_id: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface PodcastFeedsTable {
  id: string;
  publisher_id: string;
  url: string;
  title: string;
  created_at: CreatedAt;
}

// A type (not an interface), so that Kysely's withTables<...>() accepts it.
export type EpisodeTables = {
  episodes: EpisodesTable;
  podcast_feeds: PodcastFeedsTable;
};

export type EpisodeRecord = Selectable<EpisodesTable>;
export type PodcastFeedRow = Selectable<PodcastFeedsTable>;

// The plugin's tables in the core's registry: `ownTables(db, 'episodes')` opens a handle with them.
declare module '../../../core/server/db/tables' {
  interface PluginTables {
    episodes: EpisodeTables;
  }
}
