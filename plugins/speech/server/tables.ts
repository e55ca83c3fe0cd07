/** The speech plugin's tables as Kysely sees them. */
import type { ColumnType, Selectable } from 'kysely';
import type { SpeechContentType } from '../rules';

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
type Flag = ColumnType<boolean, boolean | undefined, boolean>;

export interface SpeechChunksTable {
  id: string;
  publisher_id: string;
  newsletter_id: string;
  content_id: string;
  content_type: SpeechContentType;
  origin: string | null;
  text: string;
  position: ColumnType<number, number | undefined, number>;
  voice_id: string;
  stability: number;
  similarity_boost: number;
  audio_key: string | null;
  duration: number | null;
  generating: Flag;
  error: string | null;
  created_by: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface SpeechChunkVersionsTable {
  id: string;
  chunk_id: string;
  text: string;
  audio_key: string;
  duration: number;
  voice_id: string;
  stability: number;
  similarity_boost: number;
  created_at: CreatedAt;
}

export type AudioStatus = 'draft' | 'ready' | 'published';

export interface SpeechAudiosTable {
  id: string;
  publisher_id: string;
  newsletter_id: string;
  content_id: string;
  content_type: SpeechContentType;
  /** The chunks' ids in order, as JSON. */
  parts: string;
  status: ColumnType<AudioStatus, AudioStatus | undefined, AudioStatus>;
  audio_key: string | null;
  duration: number | null;
  building: Flag;
  error: string | null;
  episode_id: string | null;
  created_by: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

// A type (not an interface), so that Kysely's withTables<...>() accepts it.
export type SpeechTables = {
  speech_chunks: SpeechChunksTable;
  speech_chunk_versions: SpeechChunkVersionsTable;
  speech_audios: SpeechAudiosTable;
};

export type ChunkRow = Selectable<SpeechChunksTable>;
export type ChunkVersionRow = Selectable<SpeechChunkVersionsTable>;
export type AudioRow = Selectable<SpeechAudiosTable>;

// The plugin's tables in the core's registry: `ownTables(db, 'speech')` opens a handle with them.
declare module '../../../core/server/db/tables' {
  interface PluginTables {
    speech: SpeechTables;
  }
}
