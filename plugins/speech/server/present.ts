/** What a client sees of chunks, audio and voices (docs/speech-api.md). */
import type { Storage } from '../../../core/server/services/storage';
import type { SpeechAudio } from '../../../schemas/generated/api/speech-audio';
import type { SpeechChunk } from '../../../schemas/generated/api/speech-chunk';
import type { AudioRow, ChunkRow, ChunkVersionRow } from './tables';

// The shapes are the schemas' (schemas/api/speech-chunk, schemas/api/speech-audio).
export type PresentedChunk = SpeechChunk;
export type PresentedAudio = SpeechAudio;
/** What an audio record says of its story or issue. */
export type AudioContent = NonNullable<SpeechAudio['content']>;

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
