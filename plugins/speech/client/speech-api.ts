/**
 * The text-to-speech calls the console makes (docs/speech-api.md; plugins/speech/server answers
 * them), the shapes they answer, and the addresses of the speech pages.
 */
import { call } from '../../../core/client/api';
import { constants } from '../../../core/shared/config';
import type { SpeechVoice } from '../../../schemas/generated/api/speech-voice';
import type { SpeechVoiceSettings } from '../../../schemas/generated/api/speech-voice-settings';
import { issueEndpoints } from '../../issues/endpoints';
import { speechEndpoints } from '../endpoints';
import type { SpeechContentType } from '../rules';

export type { SpeechContentType };

export interface VoiceParameters {
  stability: number;
  similarity_boost: number;
}

export interface ChunkVersion {
  id: string;
  url: string;
  text: string;
  duration?: number | null;
  updated_at: string;
}

/**
 * A piece of a story's or an issue's text and its speech (spec 002 section 3: Audio chunk). Looser
 * than the generated SpeechChunk the server answers (versions and some fields optional).
 */
export interface Chunk {
  id: string;
  text: string;
  url: string | null;
  index: number;
  status: 'draft' | 'ready';
  generating?: boolean;
  error?: string | null;
  parameters: VoiceParameters;
  voice_id: string;
  /** Newest first; GET /audios/list leaves them out. */
  versions?: ChunkVersion[];
  /** Issue audio: 'intro' or the id of the story the chunk was read from. */
  origin: string | null;
  content_id: string;
  content_type: SpeechContentType;
  duration?: number | null;
  type: 'chunk';
  updated_at?: string;
}

/**
 * A story's or an issue's TTS record (spec 002 section 3: Story audio). Looser than the generated
 * SpeechAudio the server answers (some fields optional), so that the screens can keep one they
 * assembled themselves.
 */
export interface Audio {
  id: string;
  url: string | null;
  duration: number | null;
  status: 'draft' | 'ready' | 'published';
  building?: boolean;
  created_at: string;
  updated_at: string;
  content_id: string;
  content_type: SpeechContentType;
  newsletter_id: string;
  /** null when that account no longer exists. */
  created_by: string | null;
  content?: { id: string; type: SpeechContentType; title?: string | null; text?: string; html?: string; url?: string } | null;
  episode?: { id: string; title: string; status: string } | null;
  parts: Chunk[];
}

export type Voice = SpeechVoice;

/** The newsletter's voice settings for articles and bullets (GET /audios/defaults/{newsletterId}). */
export type VoiceDefaults = SpeechVoiceSettings;

export interface AudioListQuery {
  /** `key:value` pairs: newsletter_id, content_type, content_id, id, status. */
  filters: Record<string, string | undefined>;
  sort: 'created_at:desc' | 'updated_at:desc';
  page: number;
  limit: number;
}

/** The `filters` parameter of GET /audios/list: 'newsletter_id:n1,content_type:article'. */
export function filtersParam(filters: AudioListQuery['filters']): string {
  return Object.entries(filters)
    .filter(([, value]) => value)
    .map(([key, value]) => `${key}:${value}`)
    .join(',');
}

/** What PUT /audios/update/{id} and POST /audios/create need besides the parts. */
export interface AudioOwner {
  content_id: string;
  content_type: SpeechContentType;
  newsletter_id: string;
  created_by?: string;
}

export interface NewChunk {
  content_id: string;
  content_type: SpeechContentType;
  text: string;
  parameters?: VoiceParameters;
  voice_id?: string;
  origin?: string;
  index?: number;
}

/**
 * How long the console waits for a chunk to be spoken or an audio built: longer than the server
 * waits for its job (constants.speech.waitSeconds), so that the server's answer decides, never the
 * call's default timeout (30 s) while the job goes on and keeps the audio.
 */
export const serverWaitMs = (constants.speech.waitSeconds + 15) * 1000;

export const speechApi = {
  listAudios: async (query: AudioListQuery) =>
    (
      await call(speechEndpoints.listAudios, {
        query: { filters: filtersParam(query.filters), sort: query.sort, page: query.page, limit: query.limit },
      })
    ).data,
  /** The latest audio of a story or an issue, or the one asked for (spec 002 section 7). */
  latestAudio: async (contentId: string, audioId?: string) =>
    (await speechApi.listAudios({ filters: { content_id: contentId, id: audioId }, sort: 'updated_at:desc', page: 0, limit: 1 })).data[0],
  fetchAudio: async (id: string) => (await call(speechEndpoints.fetchAudio, { params: { id } })).data,
  createAudio: async (chunks: string[], owner: AudioOwner) =>
    (
      await call(speechEndpoints.createAudio, {
        body: {
          chunks,
          newsletter: owner.newsletter_id,
          content_id: owner.content_id,
          content_type: owner.content_type,
          ...(owner.created_by ? { creator: owner.created_by } : {}),
        },
      })
    ).data,
  updateAudio: async (id: string, parts: string[], owner: AudioOwner) =>
    (await call(speechEndpoints.saveAudio, { params: { id }, body: { ...owner, parts } })).data,
  /** Builds the audio: joins its parts' speech into one MP3 and answers when it is ready. */
  concat: async (id: string) => (await call(speechEndpoints.concat, { params: { id }, timeout: serverWaitMs })).data,
  attach: async (id: string, fields: { title?: string; subtitle?: string }) => (await call(speechEndpoints.attach, { params: { id }, body: fields })).data,
  /** Splits rich text into chunk texts of at most chunk_size characters. */
  split: async (html: string) =>
    (await call(speechEndpoints.split, { body: { text: html, chunk_size: constants.speech.chunkSize, language: constants.speech.chunkLanguage } })).data,
  storeChunk: async (chunk: NewChunk) => (await call(speechEndpoints.createChunk, { body: chunk })).data,
  updateChunk: async (id: string, changes: Partial<Pick<Chunk, 'text' | 'parameters' | 'voice_id' | 'index'>>) =>
    (await call(speechEndpoints.saveChunk, { params: { id }, body: changes })).data,
  /** Speaks a chunk and answers when its audio is there; its neighbours give the engine context. */
  generate: async (id: string, neighbours: { previous?: string; next?: string } = {}) =>
    (
      await call(speechEndpoints.generate, {
        params: { id },
        timeout: serverWaitMs,
        query: {
          type: 'instant',
          ...(neighbours.previous ? { previous_chunk_id: neighbours.previous } : {}),
          ...(neighbours.next ? { next_chunk_id: neighbours.next } : {}),
        },
      })
    ).data,
  fetchChunk: async (id: string) => (await call(speechEndpoints.fetchChunk, { params: { id } })).data,
  voices: async () => (await call(speechEndpoints.voices)).data,
  defaults: async (newsletterId: string) => (await call(speechEndpoints.defaults, { params: { newsletterId } })).data,
  /** An issue with its intro and channels, and its stories: the issue editor's own calls (GET /issues/update/{id}, /content). */
  issue: async (issueId: string) => {
    const [form, content] = await Promise.all([
      call(issueEndpoints.form, { params: { id: issueId } }),
      call(issueEndpoints.content, { params: { id: issueId } }),
    ]);
    return { issue: form.data.body, stories: content.stories };
  },
};

/**
 * Puts an audio's parts in a new order: PUT /audios/update/{id}, or, when the update is refused
 * (status 400 or above), a new audio record of the same parts (spec 002 section 4).
 */
export async function saveAudioParts(audio: Pick<Audio, 'id'> | undefined, parts: string[], owner: AudioOwner): Promise<Audio> {
  if (audio) {
    try {
      return await speechApi.updateAudio(audio.id, parts, owner);
    } catch (error) {
      if (!isRefusal(error)) throw error;
    }
  }
  return speechApi.createAudio(parts, owner);
}

function isRefusal(error: unknown): boolean {
  const status = (error as { response?: { status?: number } } | null)?.response?.status;
  return typeof status === 'number' && status >= 400;
}

/** The owner fields of an audio, for the calls that change it; a creator whose account is gone (null) is left out. */
export const ownerOf = (audio: Audio): AudioOwner => ({
  content_id: audio.content_id,
  content_type: audio.content_type,
  newsletter_id: audio.newsletter_id,
  ...(audio.created_by ? { created_by: audio.created_by } : {}),
});

/** The voice a new chunk is read with: the newsletter's setting for the type, or the defaults. */
export function voiceFor(defaults: VoiceDefaults | null, type: SpeechContentType): { voice_id?: string; parameters: VoiceParameters } {
  const setting = defaults ? (type === 'bullet' ? defaults.bullet : defaults.article) : undefined;
  return {
    voice_id: setting?.voice,
    parameters: {
      stability: setting?.stability ?? constants.speech.defaultStability,
      similarity_boost: setting?.similarity_boost ?? constants.speech.defaultSimilarityBoost,
    },
  };
}

// The addresses of the speech pages.
export const ttsListPath = (newsletterId: string) => `/newsletters/show/${newsletterId}/tts`;
export const storyPickerPath = (newsletterId: string, type: 'article' | 'bullet') =>
  `/stories/audios/select/${newsletterId}${type === 'bullet' ? '?type=bullet' : ''}`;
export const issuePickerPath = (newsletterId: string) => `/issues/audios/select/${newsletterId}`;
/** The audio picker of a content type: the story picker (bullets with ?type=bullet) or the issue picker. */
export const pickerPath = (newsletterId: string, type: SpeechContentType) =>
  type === 'issue' ? issuePickerPath(newsletterId) : storyPickerPath(newsletterId, type);
export const storyAudioPath = (storyId: string, audioId?: string) =>
  `/stories/audios/create/${storyId}${audioId ? `?audio_id_query=${encodeURIComponent(audioId)}` : ''}`;
export const issueAudioPath = (issueId: string, audioId?: string) =>
  `/issues/audios/create/${issueId}${audioId ? `?audio_id_query=${encodeURIComponent(audioId)}` : ''}`;
export const storyEditorPath = (storyId: string) => `/stories/edit/${storyId}`;
