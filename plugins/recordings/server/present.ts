/** What a client sees of a recording: the audio's URL, never its storage key. */
import { iso, personOf } from '../../../core/server/present';
import type { Storage } from '../../../core/server/services/storage';
import type { Recording } from '../../../schemas/generated/entities/recording';
import type { RecordingRow } from './store';

export type PresentedRecording = Recording;

export function presentRecording(row: RecordingRow, storage: Storage): PresentedRecording {
  return {
    _id: row.id,
    title: row.title,
    subtitle: row.subtitle,
    description: row.description,
    image: row.image,
    audio: storage.urlOf(row.audio),
    duration: Number(row.duration),
    uploader: personOf(row.uploader_id, row.uploader_name, row.uploader_image),
    publisher: row.publisher_id,
    slug: row.slug,
    lang: row.lang,
    podcastId: row.podcast_id,
    content_id: row.content_id,
    createdAt: iso(row.created_at),
  };
}
