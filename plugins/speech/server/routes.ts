/**
 * The text-to-speech calls (spec 002 section 7, Audio; docs/speech-api.md): voices, chunks, audio
 * records, building and attaching. Every chunk and audio is reached through its story or issue,
 * so the caller's scopes (and an author's own stories) decide what exists for them.
 */
import { buffer } from 'node:stream/consumers';
import { demand, type Session } from '../../../core/server/auth/session';
import type { Handle } from '../../../core/server/db/database';
import { HttpError, invalid, invalidDetails, notFound } from '../../../core/server/errors';
import type { PluginApi } from '../../../core/server/plugins/contract';
import { answer, idParams, ref } from '../../../core/server/schemas/parts';
import { findNewsletter } from '../../../core/server/store';
import { constants } from '../../../core/shared/config';
import { episodeSummary, saveSpeechEpisode } from '../../episodes/server/public';
import { setIssueEpisode } from '../../issues/server/public';
import { newsletterVoiceSettings } from '../../settings/server/public';
import { setStoryEpisode } from '../../stories/server/public';
import { cleanChunkText, speechContentTypes, speechMessages, type SpeechContentType } from '../rules';
import { audioContentOf, contentsOf, notAvailable, reachContent, type SpeechContent } from './content';
import { audioSeconds, queueBuild, queueGeneration, waitFor, withinAudioLength, type SpeechContext } from './generation';
import { presentAudio, presentChunk, type PresentedAudio } from './present';
import { splitIntoChunks } from './split';
import {
  chunksByIds,
  draftAudiosWith,
  findAudio,
  findChunk,
  insertAudio,
  insertChunk,
  listAudios,
  partsOf,
  updateAudio,
  updateChunk,
  versionsOf,
  type AudioFilters,
} from './store';
import type { AudioRow, ChunkRow } from './tables';

const id = { type: 'string', minLength: 1, maxLength: 64 } as const;
const parameters = {
  type: 'object',
  additionalProperties: false,
  properties: { stability: { type: 'number', minimum: 0, maximum: 1 }, similarity_boost: { type: 'number', minimum: 0, maximum: 1 } },
} as const;
const contentType = { type: 'string', enum: speechContentTypes } as const;
const chunkText = { type: 'string', maxLength: 5000 } as const;
const chunkIds = { type: 'array', maxItems: 2000, items: id } as const;

interface ChunkBody {
  content_id: string;
  content_type: SpeechContentType;
  text: string;
  parameters?: { stability?: number; similarity_boost?: number };
  voice_id?: string;
  origin?: string | null;
  index?: number;
}

interface ChunkEdit {
  text?: string;
  parameters?: { stability?: number; similarity_boost?: number };
  voice_id?: string;
  index?: number;
}

interface AudioCreateBody {
  chunks: string[];
  newsletter?: string;
  content_id?: string;
  content_type?: SpeechContentType;
  creator?: string;
}

interface AudioUpdateBody {
  content_id: string;
  content_type: SpeechContentType;
  parts: string[];
  newsletter_id?: string;
  created_by?: string;
}

interface AudioListQuery {
  project?: string;
  filters?: string;
  sort?: string;
  page?: number;
  limit?: number;
}

export function registerSpeechRoutes(api: PluginApi, context: SpeechContext, contentDb: Handle): void {
  const { db, storage } = context;

  /** A chunk the caller may reach through its story or issue. */
  async function reachChunk(chunkId: string, session: Session): Promise<{ chunk: ChunkRow; content: SpeechContent }> {
    const chunk = await findChunk(db, chunkId);
    if (!chunk || !session.newsletterIds.has(chunk.newsletter_id)) throw notFound(speechMessages.chunkRetrieval(chunkId));
    const content = await reachContent(contentDb, session, chunk.content_id, chunk.content_type).catch(() => {
      throw notFound(speechMessages.chunkRetrieval(chunkId));
    });
    return { chunk, content };
  }

  async function reachAudio(audioId: string, session: Session): Promise<{ audio: AudioRow; content: SpeechContent }> {
    const audio = await findAudio(db, audioId);
    if (!audio || !session.newsletterIds.has(audio.newsletter_id)) throw notFound('Audio not found.');
    const content = await reachContent(contentDb, session, audio.content_id, audio.content_type).catch(() => {
      throw notFound('Audio not found.');
    });
    return { audio, content };
  }

  async function presentChunkOf(chunk: ChunkRow) {
    const versions = await versionsOf(db, [chunk.id]);
    return presentChunk(chunk, versions.get(chunk.id)!, storage);
  }

  /** The audio as the screens read it: its parts in order with their versions, its content, its episode. */
  async function presentFull(audio: AudioRow, content: SpeechContent | null, withVersions = true): Promise<PresentedAudio> {
    const ids = partsOf(audio);
    const chunks = new Map((await chunksByIds(db, ids)).map((chunk) => [chunk.id, chunk]));
    const versions = withVersions ? await versionsOf(db, ids) : new Map();
    const parts = ids.flatMap((chunkId, index) => {
      const chunk = chunks.get(chunkId);
      return chunk ? [presentChunk(chunk, versions.get(chunkId) ?? [], storage, index)] : [];
    });
    const episode = audio.episode_id ? await episodeSummary(db, audio.episode_id) : undefined;
    return presentAudio(audio, { parts, content: content && audioContentOf(content), episode: episode ?? null }, storage);
  }

  /**
   * The chunks of an audio's parts (the body's `field`): each a chunk of the same content, listed
   * once, and together no longer than the longest audio, so that a build costs what its story is.
   */
  async function checkParts(partIds: string[], content: SpeechContent, field: string): Promise<void> {
    const seen = new Set<string>();
    partIds.forEach((chunkId, index) => {
      if (seen.has(chunkId)) throw invalid(speechMessages.chunkRepeated, `${field}.${index}`);
      seen.add(chunkId);
    });
    const chunks = await chunksByIds(db, partIds);
    if (chunks.length !== partIds.length || chunks.some((chunk) => chunk.content_id !== content.id)) {
      throw invalid(speechMessages.chunkNotInAudio, field);
    }
    checkLength(chunks, field);
  }

  function checkLength(chunks: ChunkRow[], field: string): void {
    if (!withinAudioLength(audioSeconds(chunks))) throw invalid(speechMessages.audioTooLong(constants.speech.maxAudioMinutes), field);
  }

  api.route({
    method: 'GET',
    url: '/voices/list',
    requires: 'speech.create',
    schema: { response: answer({ type: 'array', items: ref('api/speech-voice') }), summary: 'The voices the speech engine offers.' },
    async handler() {
      return { data: await context.speech.voices() };
    },
  });

  api.route<unknown, unknown, { id: string }>({
    method: 'GET',
    url: '/voices/list/:id',
    requires: 'speech.create',
    schema: { params: idParams, response: answer('api/speech-voice'), summary: 'One voice of the speech engine.' },
    async handler(request) {
      const voice = (await context.speech.voices()).find((candidate) => candidate.voice_id === request.params.id);
      if (!voice) throw notFound('Voice not found.');
      return { data: voice };
    },
  });

  api.route<unknown, unknown, { newsletterId: string }>({
    method: 'GET',
    url: '/audios/defaults/:newsletterId',
    requires: 'speech.create',
    schema: {
      params: { type: 'object', required: ['newsletterId'], properties: { newsletterId: id } },
      response: answer('api/speech-voice-settings'),
      summary: "The newsletter's voice settings (article, bullet): a new chunk starts from them.",
    },
    async handler(request, _reply, session) {
      session.assertNewsletter(request.params.newsletterId);
      return { data: await newsletterVoiceSettings(db, request.params.newsletterId) };
    },
  });

  api.route<{ text: string; chunk_size?: number; language?: string }>({
    method: 'POST',
    url: '/chunks/create',
    requires: 'speech.create',
    schema: {
      body: {
        type: 'object',
        required: ['text'],
        additionalProperties: false,
        properties: {
          text: { type: 'string', maxLength: 500_000 },
          chunk_size: { type: 'integer', minimum: 50, maximum: constants.speech.chunkSize },
          language: { type: 'string', minLength: 2, maxLength: 10, pattern: '^[a-zA-Z]{2,3}(-[a-zA-Z0-9]{2,8})?$' },
        },
      },
      response: answer({ type: 'array', items: { type: 'string' } }),
      summary: 'Splits HTML into chunk texts of at most chunk_size characters, at sentence ends.',
    },
    async handler(request) {
      const { text, chunk_size = constants.speech.chunkSize, language = constants.speech.chunkLanguage } = request.body;
      return { data: splitIntoChunks(text, chunk_size, language) };
    },
  });

  api.route<ChunkBody>({
    method: 'PUT',
    url: '/chunks/create',
    requires: 'speech.create',
    schema: {
      body: {
        type: 'object',
        required: ['content_id', 'content_type', 'text'],
        additionalProperties: false,
        properties: {
          content_id: id,
          content_type: contentType,
          text: chunkText,
          parameters,
          voice_id: id,
          // null as a chunk's origin is answered when it has none.
          origin: { type: ['string', 'null'], maxLength: 64 },
          index: { type: 'integer', minimum: 0, maximum: 100_000 },
        },
      },
      response: answer('api/speech-chunk'),
      summary: 'Stores a chunk of a story or an issue (draft until spoken).',
    },
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
      return { data: await presentChunkOf((await findChunk(db, chunkId))!) };
    },
  });

  api.route<ChunkEdit, unknown, { id: string }>({
    method: 'PUT',
    url: '/chunks/update/:id',
    requires: 'speech.create',
    schema: {
      params: idParams,
      body: {
        type: 'object',
        additionalProperties: false,
        properties: {
          text: chunkText,
          parameters,
          voice_id: id,
          index: { type: 'integer', minimum: 0, maximum: 100_000 },
        },
      },
      response: answer('api/speech-chunk'),
      summary:
        "Saves a chunk's text, voice or place. A changed text or voice of a chunk that has audio keeps that audio as a version and makes the chunk draft.",
    },
    async handler(request, _reply, session) {
      const { chunk } = await reachChunk(request.params.id, session);
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
      return { data: await presentChunkOf((await findChunk(db, chunk.id))!) };
    },
  });

  api.route<unknown, unknown, { id: string }>({
    method: 'GET',
    url: '/chunks/list/:id',
    requires: 'speech.create',
    schema: { params: idParams, response: answer('api/speech-chunk'), summary: 'One chunk with its versions.' },
    async handler(request, _reply, session) {
      const { chunk } = await reachChunk(request.params.id, session);
      return { data: await presentChunkOf(chunk) };
    },
  });

  api.route<unknown, { type?: string; previous_chunk_id?: string; next_chunk_id?: string }, { id: string }>({
    method: 'GET',
    url: '/chunks/generate/:id',
    requires: 'speech.create',
    schema: {
      params: idParams,
      querystring: {
        type: 'object',
        additionalProperties: false,
        properties: {
          type: { type: 'string', enum: ['instant', 'queue'] },
          previous_chunk_id: { type: 'string', maxLength: 64 },
          next_chunk_id: { type: 'string', maxLength: 64 },
        },
      },
      response: answer('api/speech-chunk'),
      summary:
        'Speaks a chunk on the job queue. type=instant waits for the audio and answers the ready chunk; otherwise the chunk answers at once, generating.',
    },
    async handler(request, _reply, session) {
      const { chunk } = await reachChunk(request.params.id, session);
      if (!chunk.text) throw invalid(speechMessages.emptyChunk, 'text');
      const { previous_chunk_id: previousChunkId, next_chunk_id: nextChunkId } = request.query;
      if (!chunk.generating)
        await queueGeneration(context, { chunkId: chunk.id, previousChunkId: previousChunkId || undefined, nextChunkId: nextChunkId || undefined });
      if (request.query.type !== 'instant') return { data: await presentChunkOf((await findChunk(db, chunk.id))!) };
      const done = await waitFor(
        () => findChunk(db, chunk.id),
        (row) => !row.generating,
      );
      if (!done || done.error || !done.audio_key) {
        throw new HttpError(500, { err: 'CHUNK_GENERATION_FAILED', msg: speechMessages.chunkGenerate(chunk.id) });
      }
      return { data: await presentChunkOf(done) };
    },
  });

  api.route<AudioCreateBody>({
    method: 'POST',
    url: '/audios/create',
    requires: 'speech.create',
    schema: {
      body: {
        type: 'object',
        required: ['chunks'],
        additionalProperties: false,
        properties: { chunks: { ...chunkIds, minItems: 1 }, newsletter: id, content_id: id, content_type: contentType, creator: id },
      },
      response: answer('api/speech-audio'),
      summary: "Makes the audio record of a story or an issue from its chunks, in order. The content is the chunks' own.",
    },
    async handler(request, _reply, session) {
      const body = request.body;
      const first = (await chunksByIds(db, [body.chunks[0]!]))[0];
      const contentId = body.content_id ?? first?.content_id;
      if (!contentId) throw invalid(speechMessages.chunkNotInAudio, 'chunks');
      const content = await reachContent(contentDb, session, contentId, body.content_type ?? first?.content_type);
      if (body.newsletter && body.newsletter !== content.newsletterId) throw invalid(speechMessages.chunkNotInAudio, 'newsletter');
      await checkParts(body.chunks, content, 'chunks');
      const audioId = await insertAudio(db, {
        publisher_id: content.publisherId,
        newsletter_id: content.newsletterId,
        content_id: content.id,
        content_type: content.type,
        parts: JSON.stringify(body.chunks),
        audio_key: null,
        duration: null,
        error: null,
        episode_id: await episodeOf(content),
        // The creator is the caller: a body cannot make another user the author of a record.
        created_by: session.user.id,
      });
      return { data: await presentFull((await findAudio(db, audioId))!, content) };
    },
  });

  api.route<AudioUpdateBody, unknown, { id: string }>({
    method: 'PUT',
    url: '/audios/update/:id',
    requires: 'speech.create',
    schema: {
      params: idParams,
      body: {
        type: 'object',
        required: ['content_id', 'content_type', 'parts'],
        additionalProperties: false,
        properties: { content_id: id, content_type: contentType, parts: chunkIds, newsletter_id: id, created_by: id },
      },
      response: answer('api/speech-audio'),
      summary: "Saves an audio record's parts (their order); a change makes it draft, to be built again.",
    },
    async handler(request, _reply, session) {
      const { audio, content } = await reachAudio(request.params.id, session);
      const body = request.body;
      if (body.content_id !== audio.content_id || body.content_type !== audio.content_type) throw invalid(speechMessages.chunkNotInAudio, 'content_id');
      await checkParts(body.parts, content, 'parts');
      const changed = JSON.stringify(body.parts) !== audio.parts;
      if (changed) await updateAudio(db, audio.id, { parts: JSON.stringify(body.parts), status: 'draft' });
      return { data: await presentFull((await findAudio(db, audio.id))!, content) };
    },
  });

  api.route<unknown, AudioListQuery>({
    method: 'GET',
    url: '/audios/list',
    requires: 'speech.create',
    schema: {
      querystring: {
        type: 'object',
        additionalProperties: false,
        properties: {
          project: { type: 'string', maxLength: 64 },
          filters: { type: 'string', maxLength: 2000 },
          sort: { type: 'string', enum: ['created_at:desc', 'created_at:asc', 'updated_at:desc', 'updated_at:asc'] },
          page: { type: 'integer', minimum: 0, maximum: 100_000 },
          limit: { type: 'integer', minimum: 1, maximum: 100 },
        },
      },
      response: answer('api/speech-audio-list'),
      summary:
        "Audio records of the caller's newsletters: filters 'key:value,…' (status, content_id, id, content_type, newsletter_id); status:ready when none is given.",
    },
    async handler(request, _reply, session) {
      const { filters = 'status:ready', sort = 'created_at:desc', page = 0, limit = constants.speech.audioListLimit } = request.query;
      const parsed = parseFilters(filters, session);
      const [column, direction] = sort.split(':') as ['created_at' | 'updated_at', string];
      const { rows, count } = await listAudios(db, parsed, { column, desc: direction === 'desc' }, { page, limit });
      const contents = await contentsOf(contentDb, rows);
      const data = await Promise.all(
        rows.map((row) => presentFull(row, null, false).then((audio) => ({ ...audio, content: contents.get(row.content_id) ?? null }))),
      );
      return { data: { data, totalCount: count } };
    },
  });

  api.route<unknown, unknown, { id: string }>({
    method: 'GET',
    url: '/audios/list/:id',
    requires: 'speech.create',
    schema: { params: idParams, response: answer('api/speech-audio'), summary: 'One audio record with its parts and their versions.' },
    async handler(request, _reply, session) {
      const { audio, content } = await reachAudio(request.params.id, session);
      return { data: await presentFull(audio, content) };
    },
  });

  api.route<unknown, unknown, { id: string }>({
    method: 'GET',
    url: '/audios/concat/:id',
    requires: 'speech.create',
    schema: {
      params: idParams,
      response: answer('api/speech-audio'),
      summary: "Builds the audio: its chunks' audio joined into one MP3 with even loudness and short pauses. Waits for it.",
    },
    async handler(request, _reply, session) {
      const { audio, content } = await reachAudio(request.params.id, session);
      const ids = partsOf(audio);
      const chunks = new Map((await chunksByIds(db, ids)).map((chunk) => [chunk.id, chunk]));
      const missing = ids.flatMap((chunkId, index) =>
        chunks.get(chunkId)?.audio_key ? [] : [{ message: speechMessages.chunkNotReady(index + 1), path: `parts.${index}` }],
      );
      if (ids.length === 0) throw invalid(speechMessages.notReady, 'parts');
      if (missing.length > 0) throw invalidDetails([{ message: speechMessages.notReady, path: 'parts' }, ...missing]);
      checkLength(
        ids.map((chunkId) => chunks.get(chunkId)!),
        'parts',
      );
      if (audio.status === 'draft' || !audio.audio_key) {
        if (!audio.building) await queueBuild(context, audio.id);
        const built = await waitFor(
          () => findAudio(db, audio.id),
          (row) => !row.building,
        );
        if (!built || built.error || built.status === 'draft') {
          throw new HttpError(500, { err: 'AUDIO_BUILD_FAILED', msg: built?.error ?? speechMessages.audioCreation });
        }
        return { data: await presentFull(built, content) };
      }
      return { data: await presentFull(audio, content) };
    },
  });

  api.route<{ title?: string; subtitle?: string }, unknown, { id: string }>({
    method: 'POST',
    url: '/audios/attach/:id',
    requires: 'speech.create',
    schema: {
      params: idParams,
      body: {
        type: 'object',
        additionalProperties: false,
        properties: { title: { type: 'string', maxLength: 300 }, subtitle: { type: 'string', maxLength: 500 } },
      },
      response: answer('api/speech-audio'),
      summary: "Attaches a built audio to its article or issue: creates or updates the content's TTS episode, published.",
    },
    async handler(request, _reply, session) {
      const { audio, content } = await reachAudio(request.params.id, session);
      demand(session, 'episodes.create');
      if (content.type === 'bullet') throw invalid(speechMessages.bulletAttach, 'content_type');
      if (content.premium) throw invalid(speechMessages.premiumEpisode, 'content_id');
      if (audio.status === 'draft' || !audio.audio_key) throw invalid(speechMessages.notReady, 'status');
      const file = await storage.read(audio.audio_key);
      if (!file) throw invalid(speechMessages.notReady, 'status');
      const newsletter = (await findNewsletter(db, content.newsletterId))!;
      const title = request.body.title?.trim() || (content.title !== notAvailable ? content.title : newsletter.title);
      const episodeId = await saveSpeechEpisode(api, {
        newsletterId: content.newsletterId,
        publisherId: content.publisherId,
        parent: { id: content.id, type: content.type === 'issue' ? 'Issue' : 'Story' },
        title,
        subtitle: request.body.subtitle?.trim() ?? content.subtitle,
        image: content.image || newsletter.image,
        lang: newsletter.lang,
        uploaderId: session.user.id,
        mp3: await buffer(file.body),
        duration: audio.duration ?? 0,
      });
      if (content.type === 'issue') await setIssueEpisode(contentDb, content.id, episodeId);
      else await setStoryEpisode(contentDb, content.id, episodeId);
      await updateAudio(db, audio.id, { status: 'published', episode_id: episodeId });
      return { data: await presentFull((await findAudio(db, audio.id))!, content), msg: 'TTS attached' };
    },
  });

  /** The episode the content already has from an earlier audio, carried by a new record. */
  async function episodeOf(content: SpeechContent): Promise<string | null> {
    const row = await db
      .selectFrom('speech_audios')
      .select('episode_id')
      .where('content_id', '=', content.id)
      .where('episode_id', 'is not', null)
      .orderBy('updated_at', 'desc')
      .executeTakeFirst();
    return row?.episode_id ?? null;
  }
}

/** A voice id the engine knows; undefined when none was asked for. */
async function knownVoice(context: SpeechContext, voiceId: string | undefined): Promise<string | undefined> {
  if (!voiceId) return undefined;
  const voices = await context.speech.voices();
  if (!voices.some((voice) => voice.voice_id === voiceId)) throw invalid('Choose one of the voices offered.', 'voice_id');
  return voiceId;
}

/** 'status:ready,content_id:{id},id:{id}' as the list's filters, within the caller's newsletters. */
function parseFilters(filters: string, session: Session): AudioFilters {
  const parsed: AudioFilters = { newsletterIds: [...session.newsletterIds] };
  const add = (list: string[] | undefined, value: string) => [...(list ?? []), value];
  for (const pair of filters.split(',').filter(Boolean)) {
    const colon = pair.indexOf(':');
    const key = pair.slice(0, colon).trim();
    const value = pair.slice(colon + 1).trim();
    if (colon < 1 || !value) throw invalid(`The filter '${pair}' is not key:value.`, 'filters');
    switch (key) {
      case 'status':
        parsed.statuses = add(parsed.statuses, value);
        break;
      case 'content_id':
        parsed.contentIds = add(parsed.contentIds, value);
        break;
      case 'id':
        parsed.ids = add(parsed.ids, value);
        break;
      case 'content_type':
        if (!(speechContentTypes as readonly string[]).includes(value))
          throw invalid(`The content type '${value}' is not one of ${speechContentTypes.join(', ')}.`, 'filters');
        parsed.contentTypes = [...(parsed.contentTypes ?? []), value as SpeechContentType];
        break;
      case 'newsletter_id':
        session.assertNewsletter(value);
        parsed.newsletterIds = parsed.newsletterIds.filter((newsletterId) => newsletterId === value);
        break;
      default:
        throw invalid(`The filter '${key}' is not known.`, 'filters');
    }
  }
  // Authors hear only their own stories.
  if (!session.can('stories.update')) parsed.ownerId = session.user.id;
  if (!session.can('speech.publish')) parsed.contentTypes = (parsed.contentTypes ?? ['article', 'bullet']).filter((type) => type !== 'issue');
  return parsed;
}
