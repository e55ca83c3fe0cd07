/**
 * The text-to-speech calls (spec 002 section 7, Audio; docs/speech-api.md): voices, chunks, audio
 * records, building and attaching. Every chunk and audio is reached through its story or issue,
 * so the caller's scopes (and an author's own stories) decide what exists for them. The audio
 * records' calls are audio-routes.ts's.
 */
import type { Session } from '../../../core/server/auth/session';
import type { Handle } from '../../../core/server/db/database';
import { HttpError, invalid, notFound } from '../../../core/server/errors';
import type { PluginApi } from '../../../core/server/plugins/contract';
import { constants } from '../../../core/shared/config';
import { newsletterVoiceSettings } from '../../settings/server/public';
import { speechEndpoints } from '../endpoints';
import { cleanChunkText, speechMessages } from '../rules';
import { registerAudioBuildRoutes, registerAudioRoutes } from './audio-routes';
import { reachContent, type SpeechContent } from './content';
import { queueGeneration, waitFor, type SpeechContext } from './generation';
import { presentChunk } from './present';
import { splitIntoChunks } from './split';
import { draftAudiosWith, findChunk, insertChunk, updateChunk, versionsOf } from './store';
import type { ChunkRow } from './tables';

export function registerSpeechRoutes(api: PluginApi, context: SpeechContext, contentDb: Handle): void {
  registerVoiceRoutes(api, context);
  registerChunkRoutes(api, context, contentDb);
  registerGenerateRoute(api, context, contentDb);
  registerAudioRoutes(api, context, contentDb);
  registerAudioBuildRoutes(api, context, contentDb);
}

/** The engine's voices, a newsletter's voice settings, and splitting a text into chunks. */
function registerVoiceRoutes(api: PluginApi, context: SpeechContext): void {
  const { db } = context;

  api.serve(speechEndpoints.voices, {
    requires: 'speech.create',
    summary: 'The voices the speech engine offers.',
    async handler() {
      return { data: await context.speech.voices() };
    },
  });

  api.serve(speechEndpoints.voice, {
    requires: 'speech.create',
    summary: 'One voice of the speech engine.',
    async handler(request) {
      const voice = (await context.speech.voices()).find((candidate) => candidate.voice_id === request.params.id);
      if (!voice) throw notFound('Voice not found.');
      return { data: voice };
    },
  });

  api.serve(speechEndpoints.defaults, {
    requires: 'speech.create',
    summary: "The newsletter's voice settings (article, bullet): a new chunk starts from them.",
    async handler(request, _reply, session) {
      session.assertNewsletter(request.params.newsletterId);
      return { data: await newsletterVoiceSettings(db, request.params.newsletterId) };
    },
  });

  api.serve(speechEndpoints.split, {
    requires: 'speech.create',
    summary: 'Splits HTML into chunk texts of at most chunk_size characters, at sentence ends.',
    async handler(request) {
      const { text, chunk_size = constants.speech.chunkSize, language = constants.speech.chunkLanguage } = request.body;
      return { data: splitIntoChunks(text, chunk_size, language) };
    },
  });
}

/** Storing, saving and reading a chunk. */
function registerChunkRoutes(api: PluginApi, context: SpeechContext, contentDb: Handle): void {
  const { db } = context;

  api.serve(speechEndpoints.createChunk, {
    requires: 'speech.create',
    summary: 'Stores a chunk of a story or an issue (draft until spoken).',
    async handler(request, _reply, session) {
      const body = request.body;
      const content = await reachContent(contentDb, session, body.content_id, body.content_type);
      const text = cleanChunkText(body.text);
      const voiceId = await knownVoice(context, body.voice_id);
      const defaults = (await newsletterVoiceSettings(db, content.newsletterId))[content.type === 'bullet' ? 'bullet' : 'article'];
      const chunkId = await insertChunk(db, {
        publisher_id: content.publisherId,
        newsletter_id: content.newsletterId,
        content_id: content.id,
        content_type: content.type,
        origin: body.origin ?? null,
        text,
        position: body.index ?? 0,
        voice_id: voiceId ?? defaults.voice,
        stability: body.parameters?.stability ?? defaults.stability,
        similarity_boost: body.parameters?.similarity_boost ?? defaults.similarity_boost,
        audio_key: null,
        duration: null,
        error: null,
        created_by: session.user.id,
      });
      return { data: await presentChunkOf(context, (await findChunk(db, chunkId))!) };
    },
  });

  api.serve(speechEndpoints.saveChunk, {
    requires: 'speech.create',
    summary: "Saves a chunk's text, voice or place. A changed text or voice of a chunk that has audio keeps that audio as a version and makes the chunk draft.",
    async handler(request, _reply, session) {
      const { chunk } = await reachChunk(context, contentDb, request.params.id, session);
      const body = request.body;
      const voiceId = await knownVoice(context, body.voice_id);
      const next = {
        text: body.text === undefined ? chunk.text : cleanChunkText(body.text),
        voice_id: voiceId ?? chunk.voice_id,
        stability: body.parameters?.stability ?? chunk.stability,
        similarity_boost: body.parameters?.similarity_boost ?? chunk.similarity_boost,
      };
      const spokenChanged =
        next.text !== chunk.text ||
        next.voice_id !== chunk.voice_id ||
        Math.abs(next.stability - chunk.stability) > 1e-4 ||
        Math.abs(next.similarity_boost - chunk.similarity_boost) > 1e-4;
      // The audio it had stays among its versions (written when it was spoken).
      await updateChunk(db, chunk.id, {
        ...next,
        ...(body.index === undefined ? {} : { position: body.index }),
        ...(spokenChanged ? { audio_key: null, duration: null } : {}),
      });
      if (spokenChanged) await draftAudiosWith(db, chunk.id);
      return { data: await presentChunkOf(context, (await findChunk(db, chunk.id))!) };
    },
  });

  api.serve(speechEndpoints.fetchChunk, {
    requires: 'speech.create',
    summary: 'One chunk with its versions.',
    async handler(request, _reply, session) {
      const { chunk } = await reachChunk(context, contentDb, request.params.id, session);
      return { data: await presentChunkOf(context, chunk) };
    },
  });
}

/** Speaking a chunk on the job queue. */
function registerGenerateRoute(api: PluginApi, context: SpeechContext, contentDb: Handle): void {
  const { db } = context;

  api.serve(speechEndpoints.generate, {
    requires: 'speech.create',
    summary: 'Speaks a chunk on the job queue. type=instant waits for the audio and answers the ready chunk; otherwise the chunk answers at once, generating.',
    async handler(request, _reply, session) {
      const { chunk } = await reachChunk(context, contentDb, request.params.id, session);
      if (!chunk.text) throw invalid(speechMessages.emptyChunk, 'text');
      const { previous_chunk_id: previousChunkId, next_chunk_id: nextChunkId } = request.query;
      if (!chunk.generating)
        await queueGeneration(context, {
          chunkId: chunk.id,
          previousChunkId: previousChunkId || undefined,
          nextChunkId: nextChunkId || undefined,
          requestedBy: session.user.id,
        });
      if (request.query.type !== 'instant') return { data: await presentChunkOf(context, (await findChunk(db, chunk.id))!) };
      const done = await waitFor(
        () => findChunk(db, chunk.id),
        (row) => !row.generating,
      );
      if (!done || done.error || !done.audio_key) {
        throw new HttpError(500, { err: 'CHUNK_GENERATION_FAILED', msg: speechMessages.chunkGenerate(chunk.id) });
      }
      return { data: await presentChunkOf(context, done) };
    },
  });
}

/** A chunk the caller may reach through its story or issue. */
async function reachChunk(context: SpeechContext, contentDb: Handle, chunkId: string, session: Session): Promise<{ chunk: ChunkRow; content: SpeechContent }> {
  const chunk = await findChunk(context.db, chunkId);
  if (!chunk || !session.newsletterIds.has(chunk.newsletter_id)) throw notFound(speechMessages.chunkRetrieval(chunkId));
  const content = await reachContent(contentDb, session, chunk.content_id, chunk.content_type).catch(() => {
    throw notFound(speechMessages.chunkRetrieval(chunkId));
  });
  return { chunk, content };
}

async function presentChunkOf(context: SpeechContext, chunk: ChunkRow) {
  const versions = await versionsOf(context.db, [chunk.id]);
  return presentChunk(chunk, versions.get(chunk.id)!, context.storage);
}

/** A voice id the engine knows; undefined when none was asked for. */
async function knownVoice(context: SpeechContext, voiceId: string | undefined): Promise<string | undefined> {
  if (!voiceId) return undefined;
  const voices = await context.speech.voices();
  if (!voices.some((voice) => voice.voice_id === voiceId)) throw invalid('Choose one of the voices offered.', 'voice_id');
  return voiceId;
}
