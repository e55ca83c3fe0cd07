/**
 * Demo audio, really spoken: the longest article of the first demo newsletter, split, spoken and
 * built (ready to play, download and attach), and a bullet's audio as a draft whose chunks wait to
 * be generated (it shows 'In Progress' on the TTS list).
 */
import { sql } from 'kysely';
import type { SeedContext } from '../../../core/server/plugins/contract';
import { constants } from '../../../core/shared/config';
import { newsletterVoiceSettings } from '../../settings/server/public';
import type { StoryTables } from '../../stories/server/public';
import { buildAudio, speakChunk, type SpeechContext } from './generation';
import { splitIntoChunks } from './split';
import { insertAudio, insertChunk } from './store';
import type { SpeechTables } from './tables';

export async function seedSpeech({ db, storage, jobs, speech, log, demo }: SeedContext): Promise<void> {
  const speechDb = db.withTables<SpeechTables & StoryTables>();
  const context: SpeechContext = { db: speechDb, storage, jobs, speech, log };
  const newsletterId = demo.newsletterIds[0]!;
  const voices = await newsletterVoiceSettings(db, newsletterId);
  const latest = (type: 'article' | 'bullet') =>
    speechDb
      .selectFrom('stories')
      .selectAll()
      .where('newsletter_id', '=', newsletterId)
      .where('type', '=', type)
      .where('body_text', '!=', '')
      .orderBy(sql`length(body_text)`, 'desc')
      .orderBy('created_at', 'desc')
      .executeTakeFirst();

  for (const [story, build] of [
    [await latest('article'), true],
    [await latest('bullet'), false],
  ] as const) {
    if (!story) continue;
    const voice = voices[story.type];
    const texts = splitIntoChunks(story.body_html, constants.speech.chunkSize, constants.speech.chunkLanguage);
    const parts: string[] = [];
    for (const [index, text] of texts.entries()) {
      parts.push(
        await insertChunk(speechDb, {
          publisher_id: story.publisher_id,
          newsletter_id: story.newsletter_id,
          content_id: story.id,
          content_type: story.type,
          origin: null,
          text,
          position: index,
          voice_id: voice.voice,
          stability: voice.stability,
          similarity_boost: voice.similarity_boost,
          audio_key: null,
          duration: null,
          error: null,
          created_by: demo.userIds.editor,
        }),
      );
    }
    const audioId = await insertAudio(speechDb, {
      publisher_id: story.publisher_id,
      newsletter_id: story.newsletter_id,
      content_id: story.id,
      content_type: story.type,
      parts: JSON.stringify(parts),
      audio_key: null,
      duration: null,
      error: null,
      episode_id: null,
      created_by: demo.userIds.editor,
    });
    if (!build) continue;
    for (const [index, chunkId] of parts.entries()) await speakChunk(context, { chunkId, previousChunkId: parts[index - 1], nextChunkId: parts[index + 1] });
    await buildAudio(context, { audioId });
  }
}
