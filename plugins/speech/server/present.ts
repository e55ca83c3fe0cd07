/** What a client sees of chunks, audio and voices (docs/speech-api.md). */
import type { Storage } from '../../../core/server/services/storage';
import type { SpeechContentType } from '../rules';
import type { AudioRow, ChunkRow, ChunkVersionRow } from './tables';

export interface PresentedChunk {
  id: string;
  text: string;
  url: string | null;
  index: number;
  status: 'draft' | 'ready';
  generating: boolean;
  error: string | null;
  parameters: { stability: number; similarity_boost: number };
  voice_id: string;
  versions: { id: string; url: string; text: string; duration: number; updated_at: string }[];
  origin: string | null;
  content_id: string;
  content_type: SpeechContentType;
  duration: number | null;
  type: 'chunk';
  updated_at: string;
}

export interface AudioContent {
  id: string;
  type: SpeechContentType;
  title: string;
  text: string;
  html: string;
  url: string;
}

export interface PresentedAudio {
  id: string;
  url: string | null;
  duration: number | null;
  status: AudioRow['status'];
  building: boolean;
  created_at: string;
  updated_at: string;
  content_id: string;
  content_type: SpeechContentType;
  newsletter_id: string;
  created_by: string | null;
  content: AudioContent | null;
  episode: { id: string; title: string; status: string } | null;
  parts: PresentedChunk[];
}

/** The engine stores parameters as real numbers: 0.6 reads 0.6000000238 without rounding. */
const hundredths = (value: number) => Math.round(value * 100) / 100;

export function presentChunk(row: ChunkRow, versions: ChunkVersionRow[], storage: Storage, index = row.position): PresentedChunk {
  return {
    id: row.id,
    text: row.text,
    url: row.audio_key ? storage.urlOf(row.audio_key) : null,
    index,
    status: row.audio_key ? 'ready' : 'draft',
    generating: row.generating,
    error: row.error,
    parameters: { stability: hundredths(row.stability), similarity_boost: hundredths(row.similarity_boost) },
    voice_id: row.voice_id,
    versions: versions.map((version) => ({
      id: version.id,
      url: storage.urlOf(version.audio_key),
      text: version.text,
      duration: version.duration,
      updated_at: version.created_at.toISOString(),
    })),
    origin: row.origin,
    content_id: row.content_id,
    content_type: row.content_type,
    duration: row.duration,
    type: 'chunk',
    updated_at: row.updated_at.toISOString(),
  };
}

export function presentAudio(
  row: AudioRow,
  extras: { parts: PresentedChunk[]; content: AudioContent | null; episode: PresentedAudio['episode'] },
  storage: Storage,
): PresentedAudio {
  return {
    id: row.id,
    url: row.audio_key && row.status !== 'draft' ? storage.urlOf(row.audio_key) : null,
    duration: row.status !== 'draft' ? row.duration : null,
    status: row.status,
    building: row.building,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    content_id: row.content_id,
    content_type: row.content_type,
    newsletter_id: row.newsletter_id,
    created_by: row.created_by,
    content: extras.content,
    episode: extras.episode,
    parts: extras.parts,
  };
}
