/**
 * The audio record calls (docs/speech-api.md): a story's or an issue's chunks in order, listed,
 * built into one MP3 and attached to the content as its episode. A record is reached through its
 * story or issue, as its chunks are (routes.ts).
 */
import { buffer } from 'node:stream/consumers';
import { demand, type Session } from '../../../core/server/auth/session';
import type { Handle } from '../../../core/server/db/database';
import { HttpError, invalid, invalidDetails, notFound } from '../../../core/server/errors';
import type { PluginApi } from '../../../core/server/plugins/contract';
import { findNewsletter } from '../../../core/server/store';
import { constants } from '../../../core/shared/config';
import { episodeSummary, saveSpeechEpisode } from '../../episodes/server/public';
import { setIssueEpisode } from '../../issues/server/public';
import { setStoryEpisode } from '../../stories/server/public';
import { speechEndpoints } from '../endpoints';
import { speechContentTypes, speechMessages, type SpeechContentType } from '../rules';
import { audioContentOf, contentsOf, notAvailable, reachContent, type SpeechContent } from './content';
import { audioSeconds, queueBuild, waitFor, withinAudioLength, type SpeechContext } from './generation';
import { presentAudio, presentChunk, type PresentedAudio } from './present';
import { chunksByIds, episodeOfContent, findAudio, insertAudio, listAudios, partsOf, updateAudio, versionsOf, type AudioFilters, type SpeechDb } from './store';
import type { AudioRow, ChunkRow } from './tables';

/** Making, saving, listing and reading the audio records. */
export function registerAudioRoutes(api: PluginApi, context: SpeechContext, contentDb: Handle): void {
  const { db } = context;

  api.serve(speechEndpoints.createAudio, {
    requires: 'speech.create',
    summary: "Makes the audio record of a story or an issue from its chunks, in order. The content is the chunks' own.",
    async handler(request, _reply, session) {
      const body = request.body;
      const first = (await chunksByIds(db, [body.chunks[0]!]))[0];
      const contentId = body.content_id ?? first?.content_id;
      if (!contentId) throw invalid(speechMessages.chunkNotInAudio, 'chunks');
      const content = await reachContent(contentDb, session, contentId, body.content_type ?? first?.content_type);
      if (body.newsletter && body.newsletter !== content.newsletterId) throw invalid(speechMessages.chunkNotInAudio, 'newsletter');
      await checkParts(db, body.chunks, content, 'chunks');
      const audioId = await insertAudio(db, {
        publisher_id: content.publisherId,
        newsletter_id: content.newsletterId,
        content_id: content.id,
        content_type: content.type,
        parts: JSON.stringify(body.chunks),
        audio_key: null,
        duration: null,
        error: null,
        episode_id: await episodeOfContent(db, content.id),
        // The creator is the caller: a body cannot make another user the author of a record.
        created_by: session.user.id,
      });
      return { data: await presentFull(context, (await findAudio(db, audioId))!, content) };
    },
  });

  api.serve(speechEndpoints.saveAudio, {
    requires: 'speech.create',
    summary: "Saves an audio record's parts (their order); a change makes it draft, to be built again.",
    async handler(request, _reply, session) {
      const { audio, content } = await reachAudio(context, contentDb, request.params.id, session);
      const body = request.body;
      if (body.content_id !== audio.content_id || body.content_type !== audio.content_type) throw invalid(speechMessages.chunkNotInAudio, 'content_id');
      await checkParts(db, body.parts, content, 'parts');
      const changed = JSON.stringify(body.parts) !== audio.parts;
      if (changed) await updateAudio(db, audio.id, { parts: JSON.stringify(body.parts), status: 'draft' });
      return { data: await presentFull(context, (await findAudio(db, audio.id))!, content) };
    },
  });

  api.serve(speechEndpoints.listAudios, {
    requires: 'speech.create',
    summary:
      "Audio records of the caller's newsletters: filters 'key:value,…' (status, content_id, id, content_type, newsletter_id); status:ready when none is given.",
    async handler(request, _reply, session) {
      const { filters = 'status:ready', sort = 'created_at:desc', page = 0, limit = constants.speech.audioListLimit } = request.query;
      const parsed = parseFilters(filters, session);
      const [column, direction] = sort.split(':') as ['created_at' | 'updated_at', string];
      const { rows, count } = await listAudios(db, parsed, { column, desc: direction === 'desc' }, { page, limit });
      const contents = await contentsOf(contentDb, rows);
      const data = await Promise.all(
        rows.map((row) => presentFull(context, row, null, false).then((audio) => ({ ...audio, content: contents.get(row.content_id) ?? null }))),
      );
      return { data: { data, totalCount: count } };
    },
  });

  api.serve(speechEndpoints.fetchAudio, {
    requires: 'speech.create',
    summary: 'One audio record with its parts and their versions.',
    async handler(request, _reply, session) {
      const { audio, content } = await reachAudio(context, contentDb, request.params.id, session);
      return { data: await presentFull(context, audio, content) };
    },
  });
}

/** Building an audio record into one file, and attaching it to its content as an episode. */
export function registerAudioBuildRoutes(api: PluginApi, context: SpeechContext, contentDb: Handle): void {
  const { db, storage } = context;

  api.serve(speechEndpoints.concat, {
    requires: 'speech.create',
    summary: "Builds the audio: its chunks' audio joined into one MP3 with even loudness and short pauses. Waits for it.",
    async handler(request, _reply, session) {
      const { audio, content } = await reachAudio(context, contentDb, request.params.id, session);
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
        return { data: await presentFull(context, built, content) };
      }
      return { data: await presentFull(context, audio, content) };
    },
  });

  api.serve(speechEndpoints.attach, {
    requires: 'speech.create',
    summary: "Attaches a built audio to its article or issue: creates or updates the content's TTS episode, published.",
    async handler(request, _reply, session) {
      const { audio, content } = await reachAudio(context, contentDb, request.params.id, session);
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
      return { data: await presentFull(context, (await findAudio(db, audio.id))!, content), msg: 'TTS attached' };
    },
  });
}

/** An audio record the caller may reach through its story or issue. */
async function reachAudio(context: SpeechContext, contentDb: Handle, audioId: string, session: Session): Promise<{ audio: AudioRow; content: SpeechContent }> {
  const audio = await findAudio(context.db, audioId);
  if (!audio || !session.newsletterIds.has(audio.newsletter_id)) throw notFound('Audio not found.');
  const content = await reachContent(contentDb, session, audio.content_id, audio.content_type).catch(() => {
    throw notFound('Audio not found.');
  });
  return { audio, content };
}

/** The audio as the screens read it: its parts in order with their versions, its content, its episode. */
async function presentFull(context: SpeechContext, audio: AudioRow, content: SpeechContent | null, withVersions = true): Promise<PresentedAudio> {
  const { db, storage } = context;
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
async function checkParts(db: SpeechDb, partIds: string[], content: SpeechContent, field: string): Promise<void> {
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
