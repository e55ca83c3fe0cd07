/**
 * An episode's audio is its own copy of the recording's file: deleting or replacing the recording
 * never silences a published episode, and deleting the episode removes only its copy.
 */
import { buffer } from 'node:stream/consumers';
import type { Handle } from '../../../core/server/db/database';
import { newKey, type Storage } from '../../../core/server/services/storage';
import { findRecordingWithFile, type PresentedRecording } from '../../recordings/server/public';

export interface EpisodeAudio {
  key: string;
  type: string;
  size: number;
  /** Seconds. */
  duration: number;
}

/** Copies the publisher's recording's audio for an episode; undefined when there is no such recording. */
export async function copyRecordingAudio(
  api: { db: Handle; storage: Storage },
  publisherId: string,
  recordingId: string,
): Promise<{ recording: PresentedRecording; audio: EpisodeAudio } | undefined> {
  const found = await findRecordingWithFile(api, publisherId, recordingId);
  if (!found) return undefined;
  const file = await api.storage.read(found.file.key);
  if (!file) return undefined;
  const content = await buffer(file.body);
  const key = newKey('episodes', found.file.key.split('.').pop()!);
  await api.storage.put(key, content, found.file.mime);
  return { recording: found.recording, audio: { key, type: found.file.mime, size: content.length, duration: found.file.duration } };
}
