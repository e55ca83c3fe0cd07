/**
 * The ElevenLabs adapter (ELEVENLABS_API_KEY): production voices. ElevenLabs is asked for raw PCM
 * at the house rate rather than its MP3, so its chunks go through the same loudness and encoding
 * as the offline engine's and join with them byte for byte. The key goes in a header only and
 * never into an error message or a log.
 */
import type { WorkerPool } from '../../../../core/server/worker-pool';
import type { SpeechEngine, SpeechVoice } from './index';
import type { SpeechTask, SpeechTaskResult } from './tasks';
import { elevenLabsModel, elevenLabsTimeoutMs, speechSampleRate } from './format';

/** How long the account's voices are kept before they are asked for again. */
const voicesTtlMs = 10 * 60 * 1000;

interface VoicesAnswer {
  voices: { voice_id: string; name: string; labels?: Record<string, string> | null }[];
}

export function createElevenLabsEngine(options: { apiKey: string; url: string; pool: WorkerPool<SpeechTask, SpeechTaskResult> }): SpeechEngine {
  const { apiKey, pool } = options;
  const base = options.url.replace(/\/$/, '');

  async function call(what: string, path: string, init: RequestInit = {}): Promise<Response> {
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
        ...init,
        headers: { 'xi-api-key': apiKey, ...init.headers },
        signal: AbortSignal.timeout(elevenLabsTimeoutMs),
      });
    } catch (error) {
      if (error instanceof Error && error.name === 'TimeoutError') {
        throw new Error(`ElevenLabs ${what}: no answer within ${elevenLabsTimeoutMs / 1000} s`, { cause: error });
      }
      // fetch says only 'fetch failed'; its cause says why (ECONNREFUSED, a DNS failure...).
      const reason = error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : String(error);
      throw new Error(`ElevenLabs ${what}: ${reason}`, { cause: error });
    }
    if (!response.ok) throw new Error(`ElevenLabs ${what} answered ${response.status}${await detailOf(response, apiKey)}`);
    return response;
  }

  /** The account's voices, asked for again after voicesTtlMs; a failure is not kept. */
  let voices: { at: number; list: Promise<SpeechVoice[]> } | undefined;
  function accountVoices(): Promise<SpeechVoice[]> {
    // A cache's age: real time, whatever the product's clock reads.
    if (!voices || Date.now() - voices.at > voicesTtlMs) {
      const list = call('voices', '/v1/voices')
        .then((response) => response.json() as Promise<VoicesAnswer>)
        .then((answer) => answer.voices.map(({ voice_id, name, labels }) => ({ voice_id, name, labels: labels ?? {} })));
      list.catch(() => (voices = undefined));
      voices = { at: Date.now(), list };
    }
    return voices.list;
  }

  /**
   * The voice to speak with: the one asked for when the account has it, else the account's first.
   * Newsletters set up before the key was configured name the offline engine's voices ('tr-female').
   */
  async function voiceFor(voiceId: string): Promise<string> {
    const list = await accountVoices().catch(() => []);
    return list.length === 0 || list.some((voice) => voice.voice_id === voiceId) ? voiceId : list[0]!.voice_id;
  }

  return {
    name: 'elevenlabs',
    voices: accountVoices,
    async speak(request) {
      const body = {
        text: request.text,
        model_id: elevenLabsModel,
        voice_settings: { stability: request.stability, similarity_boost: request.similarityBoost },
        previous_text: request.previousText,
        next_text: request.nextText,
      };
      const response = await call(
        'text-to-speech',
        `/v1/text-to-speech/${encodeURIComponent(await voiceFor(request.voiceId))}?output_format=pcm_${speechSampleRate}`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'audio/pcm' },
          body: JSON.stringify(body),
        },
      );
      const pcm = littleEndianPcm(new Uint8Array(await response.arrayBuffer()));
      const { mp3, duration } = await pool.run({ kind: 'encode', pcm }, [pcm.buffer as ArrayBuffer]);
      return { mp3: Buffer.from(mp3.buffer, mp3.byteOffset, mp3.byteLength), duration };
    },
    close: () => pool.close(),
  };
}

/** 16-bit little-endian samples, whatever this machine's byte order; an odd last byte is dropped. */
function littleEndianPcm(bytes: Uint8Array): Int16Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const samples = new Int16Array(bytes.byteLength >> 1);
  for (let index = 0; index < samples.length; index++) samples[index] = view.getInt16(index * 2, true);
  return samples;
}

/** What ElevenLabs said went wrong ({ detail: { status, message } }), shortened, without the key. */
async function detailOf(response: Response, apiKey: string): Promise<string> {
  const text = await response.text().catch(() => '');
  let detail = text;
  try {
    const parsed = JSON.parse(text) as { detail?: string | { status?: string; message?: string } };
    detail = typeof parsed.detail === 'string' ? parsed.detail : (parsed.detail?.message ?? parsed.detail?.status ?? text);
  } catch {
    // Not JSON: the text itself.
  }
  detail = detail.split(apiKey).join('[key]').replace(/\s+/g, ' ').trim().slice(0, 200);
  return detail ? `: ${detail}` : '';
}
