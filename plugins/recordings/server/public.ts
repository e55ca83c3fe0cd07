/**
 * What other plugins may use of recordings (the episodes plugin imports podcast episodes and
 * makes episodes of recordings). Everything else in this folder is internal.
 */
import { randomUUID } from 'node:crypto';
import type { Handle } from '../../../core/server/db/database';
import { invalid } from '../../../core/server/errors';
import { newKey, type Storage } from '../../../core/server/services/storage';
import { slugify } from '../../../core/shared/text';
import { checkAudio, recordingMessages } from './audio';
import { presentRecording, type PresentedRecording } from './present';
import { findImported, findRecordingRow, insertRecording, recordingsDb } from './store';

export type { PresentedRecording };
export { recordingMessages };

export interface NewRecording {
  publisherId: string;
  uploaderId: string;
  title: string;
  subtitle?: string;
  description?: string;
  /** A cover image URL. */
  image?: string;
  /** The file as received; its type, size and length are checked here, whatever `mime` and `ext` say. */
  audio: { buffer: Buffer; mime: string; ext: string };
  /** The provider's podcast and episode of an import: one episode is imported once per publisher. */
  podcastId?: string;
  contentId?: string;
  /** Derived from the title when absent. */
  slug?: string;
  lang?: string;
}

const titleMax = 300;
const textMax = { subtitle: 300, description: 5000, image: 2048 } as const;
const langPattern = /^[a-z]{2,3}(?:-[a-z0-9]{2,8})?$/i;

/**
 * Checks the audio (type by content, size, duration read from the file), stores it and answers
 * the presented recording. Throws invalid(...) with the spec's messages. An already imported
 * (podcastId, contentId) answers the existing recording.
 */
export async function createRecording(api: { db: Handle; storage: Storage }, input: NewRecording): Promise<PresentedRecording> {
  const db = recordingsDb(api.db);
  const podcastId = input.podcastId || null;
  const contentId = podcastId ? input.contentId || null : null;
  if (podcastId) {
    const imported = await findImported(db, input.publisherId, podcastId, contentId);
    if (imported) return presentRecording(imported, api.storage);
  }

  const title = input.title.trim();
  if (!title) throw invalid(recordingMessages.title, 'title');
  if (title.length > titleMax) throw invalid('Title is too long.', 'title');
  for (const field of ['subtitle', 'description', 'image'] as const) {
    if ((input[field] ?? '').length > textMax[field]) throw invalid(`${field[0]!.toUpperCase()}${field.slice(1)} is too long.`, field);
  }
  const audio = await checkAudio(input.audio.buffer);

  const key = newKey('recordings', audio.ext);
  await api.storage.put(key, input.audio.buffer, audio.mime);
  const id = randomUUID();
  try {
    await insertRecording(db, {
      id,
      publisher_id: input.publisherId,
      uploader_id: input.uploaderId,
      title,
      subtitle: input.subtitle?.trim() ?? '',
      description: input.description?.trim() ?? '',
      image: input.image?.trim() ?? '',
      audio: key,
      mime: audio.mime,
      size: input.audio.buffer.length,
      duration: audio.duration,
      slug: slugify(input.slug?.trim() || title) || 'recording',
      lang: input.lang && langPattern.test(input.lang) ? input.lang : 'tr',
      podcast_id: podcastId,
      content_id: contentId,
    });
  } catch (error) {
    await api.storage.remove(key);
    // Two imports of the same episode at once: the other one won, and its recording is the answer.
    const imported = podcastId ? await findImported(db, input.publisherId, podcastId, contentId) : undefined;
    if (imported) return presentRecording(imported, api.storage);
    throw error;
  }
  return (await findRecording(api, input.publisherId, id))!;
}

/** The publisher's recording, with its audio's URL; undefined for another publisher's or none. */
export async function findRecording(api: { db: Handle; storage: Storage }, publisherId: string, id: string): Promise<PresentedRecording | undefined> {
  const row = await findRecordingRow(recordingsDb(api.db), publisherId, id);
  return row ? presentRecording(row, api.storage) : undefined;
}

/** The recording already imported from a provider's episode, if any: asked before downloading it again. */
export async function findImportedRecording(
  api: { db: Handle; storage: Storage },
  publisherId: string,
  podcastId: string,
  contentId: string,
): Promise<PresentedRecording | undefined> {
  const row = await findImported(recordingsDb(api.db), publisherId, podcastId, contentId);
  return row ? presentRecording(row, api.storage) : undefined;
}

/** The publisher's recording with its stored audio file, for a feature that keeps its own copy. */
export async function findRecordingWithFile(
  api: { db: Handle; storage: Storage },
  publisherId: string,
  id: string,
): Promise<{ recording: PresentedRecording; file: { key: string; mime: string; size: number; duration: number } } | undefined> {
  const row = await findRecordingRow(recordingsDb(api.db), publisherId, id);
  if (!row) return undefined;
  return { recording: presentRecording(row, api.storage), file: { key: row.audio, mime: row.mime, size: Number(row.size), duration: Number(row.duration) } };
}
