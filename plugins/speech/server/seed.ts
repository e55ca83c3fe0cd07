/**
 * Demo audio, really spoken: the longest article of the first demo newsletter, split, spoken and
 * built (ready to play, download and attach); a bullet's audio as a draft whose chunks wait to be
 * generated (it shows 'In Progress' on the TTS list); and the audio of the newsletter's latest
 * published issue (its intro and the stories of its first channels), built, ready to publish.
 */
import { sql } from 'kysely';
import type { SeedContext } from '../../../core/server/plugins/contract';
import type { SpeechEngine, SpokenAudio } from '../../../core/server/services/speech';
import { constants } from '../../../core/shared/config';
import { newsletterVoiceSettings } from '../../settings/server/public';
import type { IssueTables } from '../../issues/server/public';
import type { StoryTables } from '../../stories/server/public';
import { buildAudio, speakChunk, type SpeechContext } from './generation';
import { issueItems } from './content';
import { splitIntoChunks } from './split';
import { insertAudio, insertChunk } from './store';
import type { SpeechTables } from './tables';

export async function seedSpeech({ db, storage, jobs, speech, log, demo }: SeedContext): Promise<void> {
  const speechDb = db.withTables<SpeechTables & StoryTables & IssueTables>();
  const context: SpeechContext = { db: speechDb, storage, jobs, speech: rememberingDemoSpeech(speech), log };
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
    if (build) await speakAndBuild(context, audioId, parts);
  }

  const issue = await speechDb
    .selectFrom('issues')
    .select(['id', 'publisher_id', 'newsletter_id'])
    .where('newsletter_id', '=', newsletterId)
    .where('published', '=', true)
    .orderBy('published_at', 'desc')
    .executeTakeFirst();
  if (!issue) return;
  const parts: string[] = [];
  for (const item of await issueItems(speechDb, issue.id)) {
    for (const text of splitIntoChunks(item.html, constants.speech.chunkSize, constants.speech.chunkLanguage)) {
      parts.push(
        await insertChunk(speechDb, {
          publisher_id: issue.publisher_id,
          newsletter_id: issue.newsletter_id,
          content_id: issue.id,
          content_type: 'issue',
          origin: item.origin,
          text,
          position: parts.length,
          voice_id: voices.article.voice,
          stability: voices.article.stability,
          similarity_boost: voices.article.similarity_boost,
          audio_key: null,
          duration: null,
          error: null,
          created_by: demo.userIds.director,
        }),
      );
    }
  }
  const audioId = await insertAudio(speechDb, {
    publisher_id: issue.publisher_id,
    newsletter_id: issue.newsletter_id,
    content_id: issue.id,
    content_type: 'issue',
    parts: JSON.stringify(parts),
    audio_key: null,
    duration: null,
    error: null,
    episode_id: null,
    created_by: demo.userIds.director,
  });
  await speakAndBuild(context, audioId, parts);
}

async function speakAndBuild(context: SpeechContext, audioId: string, parts: string[]): Promise<void> {
  for (const [index, chunkId] of parts.entries()) await speakChunk(context, { chunkId, previousChunkId: parts[index - 1], nextChunkId: parts[index + 1] });
  await buildAudio(context, { audioId });
}

/** The demo's speech, spoken once per process: the API tests start many servers with the same demo data. */
const spokenDemo = new Map<string, Promise<SpokenAudio>>();

function rememberingDemoSpeech(speech: SpeechEngine): SpeechEngine {
  return {
    ...speech,
    speak(request) {
      const key = JSON.stringify([speech.name, request]);
      let spoken = spokenDemo.get(key);
      if (!spoken) {
        spoken = speech.speak(request);
        spokenDemo.set(key, spoken);
        spoken.catch(() => spokenDemo.delete(key));
      }
      return spoken;
    },
  };
}
