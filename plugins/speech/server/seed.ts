/**
 * Demo audio, really spoken: the longest article of the first demo newsletter, split, spoken and
 * built (ready to play, download and attach); a bullet's audio as a draft whose chunks wait to be
 * generated (it shows 'In Progress' on the TTS list); and the audio of the newsletter's latest
 * published issue (its intro and the stories of its first channels), built, ready to publish.
 */
import { ownTables } from '../../../core/server/db/database';
import type { Insertable } from 'kysely';
import type { SeedContext } from '../../../core/server/plugins/contract';
import { constants } from '../../../core/shared/config';
import { newsletterVoiceSettings, type VoiceSettings } from '../../settings/server/public';
import { latestPublishedIssueOf } from '../../issues/server/public';
import { longestStory } from '../../stories/server/public';
import type { SpeechEngine, SpokenAudio } from './engine';
import { buildAudio, speakChunk, type SpeechContext } from './generation';
import { issueItems } from './content';
import { splitIntoChunks } from './split';
import { insertAudio, insertChunk } from './store';
import type { SpeechAudiosTable } from './tables';

export async function seedSpeech({ db, storage, jobs, log, demo }: SeedContext, speech: SpeechEngine): Promise<void> {
  const speechDb = ownTables(db, 'speech');
  const context: SpeechContext = { db: speechDb, storage, jobs, speech: rememberingDemoSpeech(speech), log };
  const newsletterId = demo.newsletterIds[0]!;
  const voices = await newsletterVoiceSettings(db, newsletterId);

  for (const [story, build] of [
    [await longestStory(db, newsletterId, 'article'), true],
    [await longestStory(db, newsletterId, 'bullet'), false],
  ] as const) {
    if (!story) continue;
    const audio = { publisher_id: story.publisher_id, newsletter_id: story.newsletter_id, content_id: story.id, content_type: story.type };
    const { audioId, parts } = await seedAudio(context, audio, [{ origin: null, html: story.body_html }], voices[story.type], demo.userIds.editor);
    if (build) await speakAndBuild(context, audioId, parts);
  }

  const issue = await latestPublishedIssueOf(db, newsletterId);
  if (!issue) return;
  const audio = { publisher_id: issue.publisher_id, newsletter_id: issue.newsletter_id, content_id: issue.id, content_type: 'issue' as const };
  const { audioId, parts } = await seedAudio(context, audio, await issueItems(speechDb, issue.id), voices.article, demo.userIds.director);
  await speakAndBuild(context, audioId, parts);
}

type SeededAudio = Pick<Insertable<SpeechAudiosTable>, 'publisher_id' | 'newsletter_id' | 'content_id' | 'content_type'>;

/** A draft audio record of the pieces' chunks, in order, each piece split as POST /chunks/create splits a story. */
async function seedAudio(
  context: SpeechContext,
  audio: SeededAudio,
  pieces: { origin: string | null; html: string }[],
  voice: VoiceSettings['article'],
  createdBy: string,
): Promise<{ audioId: string; parts: string[] }> {
  const parts: string[] = [];
  for (const piece of pieces) {
    for (const text of splitIntoChunks(piece.html, constants.speech.chunkSize, constants.speech.chunkLanguage)) {
      parts.push(
        await insertChunk(context.db, {
          ...audio,
          origin: piece.origin,
          text,
          position: parts.length,
          voice_id: voice.voice,
          stability: voice.stability,
          similarity_boost: voice.similarity_boost,
          audio_key: null,
          duration: null,
          error: null,
          created_by: createdBy,
        }),
      );
    }
  }
  const audioId = await insertAudio(context.db, {
    ...audio,
    parts: JSON.stringify(parts),
    audio_key: null,
    duration: null,
    error: null,
    episode_id: null,
    created_by: createdBy,
  });
  return { audioId, parts };
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
