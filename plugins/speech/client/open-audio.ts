/**
 * Opening a story's audio (spec 002 section 4): the latest audio of the story (or the one asked
 * for) when there is one; otherwise the story's text is split into chunks, each chunk is stored
 * with the newsletter's voice for the story's type, and an audio is made of them.
 */
import { storyApi, type Story } from '../../stories/client/public';
import { cleanChunkText, speechMessages } from '../rules';
import { speechApi, voiceFor, type Audio, type Chunk, type SpeechContentType, type VoiceDefaults } from './speech-api';
import { reportFailure } from './speech-errors';
import { speechTexts } from './speech-texts';

/** A failure already shown to the user. */
export class ReportedError extends Error {
  constructor(readonly cause: unknown) {
    super('reported');
  }
}

/**
 * Stores chunk texts for a story or an issue, in order. A failure is reported with the chunk's
 * text, unless `report` is false (issue audio only logs its failures, spec 002 section 8).
 */
export async function storeChunks(
  texts: string[],
  content: { id: string; type: SpeechContentType; origin?: string },
  defaults: VoiceDefaults | null,
  report = true,
): Promise<Chunk[]> {
  const voice = voiceFor(defaults, content.type);
  return Promise.all(
    texts.map(async (text, index) => {
      try {
        return await speechApi.storeChunk({
          content_id: content.id,
          content_type: content.type,
          text: cleanChunkText(text),
          parameters: voice.parameters,
          ...(voice.voice_id ? { voice_id: voice.voice_id } : {}),
          ...(content.origin ? { origin: content.origin } : {}),
          index,
        });
      } catch (error) {
        if (report) await reportFailure(error, speechTexts.chunkStore(cleanChunkText(text)));
        throw new ReportedError(error);
      }
    }),
  );
}

/** The newsletter's voice settings; without them the defaults of constants.speech apply. */
export const voiceDefaultsOf = (newsletterId: string) => speechApi.defaults(newsletterId).catch(() => null);

export interface OpenedStoryAudio {
  audio: Audio;
  story: Story;
  defaults: VoiceDefaults | null;
}

export async function openStoryAudio(storyId: string, audioId: string | undefined): Promise<OpenedStoryAudio> {
  const [found, form] = await Promise.all([speechApi.latestAudio(storyId, audioId), storyApi.form(storyId)]);
  const story = form.body;
  const defaults = await voiceDefaultsOf(story.newsletter);
  if (found) return { audio: await speechApi.fetchAudio(found.id), story, defaults };

  const texts = await speechApi.split(story.body.html);
  const chunks = await storeChunks(texts, { id: story._id, type: story.type }, defaults);
  try {
    const audio = await speechApi.createAudio(
      chunks.map((chunk) => chunk.id),
      { content_id: story._id, content_type: story.type, newsletter_id: story.newsletter },
    );
    return { audio: { ...audio, parts: audio.parts?.length ? audio.parts : chunks }, story, defaults };
  } catch (error) {
    await reportFailure(error, speechMessages.audioCreation);
    throw new ReportedError(error);
  }
}
