/** What a client sees of an episode and of a saved podcast feed. */
import type { Episode } from '../../../schemas/generated/entities/episode';
import type { PodcastFeed } from '../../../schemas/generated/entities/podcast-feed';
import { iso, personOf } from '../../../core/server/present';
import type { Storage } from '../../../core/server/services/storage';
import type { EpisodeRow } from './store';
import type { PodcastFeedRow } from './tables';

export function presentEpisode(row: EpisodeRow, storage: Storage): Episode {
  return {
    _id: row.id,
    title: row.title,
    key: row.key,
    subtitle: row.subtitle,
    body: row.body,
    image: row.image,
    audio: storage.urlOf(row.audio_key),
    duration: Number(row.duration),
    newsletter: row.newsletter_id,
    // The spec's Episode carries its status as flags (spec 000 section 3).
    status: { draft: row.status === 'draft', scheduled: row.status === 'scheduled', published: row.status === 'published' },
    // While scheduled, the date it will be published.
    publishedAt: iso(row.status === 'scheduled' ? row.scheduled_at : row.published_at),
    type: row.type,
    parent_id: row.parent_id,
    parent_type: row.parent_type,
    lang: row.lang,
    uploader: personOf(row.uploader_id, row.uploader_name, row.uploader_image),
    recording: row.recording_id,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

export function presentFeed(row: PodcastFeedRow): PodcastFeed {
  return { _id: row.id, url: row.url, title: row.title, createdAt: iso(row.created_at) };
}
