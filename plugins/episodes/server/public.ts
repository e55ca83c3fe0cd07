/**
 * What other plugins may use of the episodes plugin's server: whether an episode belongs to a
 * newsletter (a story attaches one), and the TTS episode of a story or an issue (text to speech),
 * withheld from the podcast while its content is premium.
 */
import { ownTables, type Handle } from '../../../core/server/db/database';
import type { JobQueue } from '../../../core/server/jobs';
import { newKey, type Storage } from '../../../core/server/services/storage';
import { applyPlan } from './publication';
import { insertEpisode, uniqueKey, updateEpisode } from './store';
import type { EpisodeStatus } from './tables';

export async function isEpisodeOf(db: Handle, episodeId: string, newsletterId: string): Promise<boolean> {
  const row = await ownTables(db, 'episodes')
    .selectFrom('episodes')
    .select('id')
    .where('id', '=', episodeId)
    .where('newsletter_id', '=', newsletterId)
    .executeTakeFirst();
  return Boolean(row);
}

export interface SpeechEpisode {
  newsletterId: string;
  publisherId: string;
  /** The story or issue the audio speaks: its episode is found by it, so attaching again updates it. */
  parent: { id: string; type: 'Story' | 'Issue' };
  title: string;
  subtitle: string;
  image: string;
  lang: string;
  uploaderId: string;
  mp3: Buffer;
  /** Seconds. */
  duration: number;
}

/**
 * Creates or updates the TTS episode of a story or an issue (type tts), published at once, with its
 * own copy of the audio (the episode's audio outlives the speech it was built from). Answers the
 * episode's id.
 */
export async function saveSpeechEpisode(api: { db: Handle; storage: Storage; jobs: JobQueue }, episode: SpeechEpisode): Promise<string> {
  const db = ownTables(api.db, 'episodes');
  const key = newKey('episodes', 'mp3');
  await api.storage.put(key, episode.mp3, 'audio/mpeg');
  const audio = { audio_key: key, audio_type: 'audio/mpeg', audio_size: episode.mp3.length, duration: episode.duration };
  const existing = await speechEpisodeOf(api, episode.parent);
  if (existing) {
    // Attached anew from content that is free (speech refuses premium content).
    await updateEpisode(db, existing.id, {
      ...audio,
      title: episode.title,
      subtitle: episode.subtitle,
      image: episode.image || existing.image,
      withheld: false,
    });
    await api.storage.remove(existing.audio_key);
    await applyPlan({ db, jobs: api.jobs }, existing, { status: 'published' });
    return existing.id;
  }
  const id = await insertEpisode(db, {
    newsletter_id: episode.newsletterId,
    publisher_id: episode.publisherId,
    recording_id: null,
    title: episode.title,
    key: await uniqueKey(db, episode.newsletterId, episode.title),
    subtitle: episode.subtitle,
    body: '',
    image: episode.image,
    ...audio,
    status: 'draft',
    type: 'tts',
    parent_id: episode.parent.id,
    parent_type: episode.parent.type,
    lang: episode.lang,
    uploader_id: episode.uploaderId,
  });
  await applyPlan({ db, jobs: api.jobs }, { id, status: 'draft', scheduled_at: null, published_at: null, job_id: null }, { status: 'published' });
  return id;
}

/** The TTS episode of a story or an issue, if it has one. */
function speechEpisodeOf(api: { db: Handle }, parent: SpeechEpisode['parent']) {
  return ownTables(api.db, 'episodes')
    .selectFrom('episodes')
    .selectAll()
    .where('parent_id', '=', parent.id)
    .where('parent_type', '=', parent.type)
    .where('type', '=', 'tts')
    .executeTakeFirst();
}

/**
 * Takes the TTS episode of a story out of the podcast (back to draft) and holds it there while its
 * content is for subscribers only: the feed and its audio are public.
 */
export async function withholdSpeechEpisode(api: { db: Handle; jobs: JobQueue }, parent: SpeechEpisode['parent']): Promise<void> {
  const episode = await speechEpisodeOf(api, parent);
  if (!episode) return;
  const db = ownTables(api.db, 'episodes');
  await applyPlan({ db, jobs: api.jobs }, episode, { status: 'draft' });
  await updateEpisode(db, episode.id, { withheld: true });
}

/** The content is free again: its TTS episode may be published again (it stays a draft until someone does). */
export async function releaseSpeechEpisode(api: { db: Handle }, parent: SpeechEpisode['parent']): Promise<void> {
  const episode = await speechEpisodeOf(api, parent);
  if (episode) await updateEpisode(ownTables(api.db, 'episodes'), episode.id, { withheld: false });
}

/** An episode's id, title and status, as another page links to it; undefined when it is gone. */
export function episodeSummary(db: Handle, episodeId: string): Promise<{ id: string; title: string; status: EpisodeStatus } | undefined> {
  return ownTables(db, 'episodes').selectFrom('episodes').select(['id', 'title', 'status']).where('id', '=', episodeId).executeTakeFirst();
}

/** Whether the newsletter has a podcast to offer readers: at least one published episode (its feed /n/{key}/podcast.xml). */
export async function hasPodcast(db: Handle, newsletterId: string): Promise<boolean> {
  const row = await ownTables(db, 'episodes')
    .selectFrom('episodes')
    .select('id')
    .where('newsletter_id', '=', newsletterId)
    .where('status', '=', 'published')
    .limit(1)
    .executeTakeFirst();
  return Boolean(row);
}
