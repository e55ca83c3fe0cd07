/** The ElevenLabs adapter against a stand-in server: what it sends, what it makes of the answer, and that the key never leaks. */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseBuffer } from 'music-metadata';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSpeechEngine, speechSampleRate, type SpeechEngine } from '../../../plugins/speech/server/engine/index';
import { demoPcm } from '../../../core/server/services/demo-audio';

const apiKey = 'sk_test_5d1e0c0ffee';
const badKey = 'sk_test_revoked_0bad';

interface Received {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

const received: Received[] = [];
/** 1.5 s of a tone at 16-bit LE, much quieter than the target, as ElevenLabs would answer. */
const quietTone = Buffer.from(Int16Array.from(demoPcm({ seconds: 1.5, notes: [220, 330] }), (value) => value >> 3).buffer);

let server: Server;
let engine: SpeechEngine;
let url: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ method: request.method!, url: request.url!, headers: request.headers, body: Buffer.concat(chunks).toString() });
      if (request.headers['xi-api-key'] !== apiKey) {
        // ElevenLabs' shape of a refusal; a careless proxy might even echo the key.
        response.writeHead(401, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ detail: { status: 'invalid_api_key', message: `Invalid API key: ${request.headers['xi-api-key']}` } }));
      } else if (request.url === '/v1/voices') {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(
          JSON.stringify({
            voices: [{ voice_id: 'EXAVITQu4vr4xnSDxMaL', name: 'Sarah', labels: { accent: 'american', gender: 'female' }, category: 'premade' }],
          }),
        );
      } else {
        response.writeHead(200, { 'content-type': 'audio/pcm' });
        response.end(quietTone);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  engine = createSpeechEngine({ elevenLabsApiKey: apiKey, elevenLabsUrl: url, workers: 1 });
});

afterAll(async () => {
  await engine.close();
  await new Promise((resolve) => server.close(resolve));
});

describe('ElevenLabs adapter', () => {
  it('asks for PCM at the house rate with the key, the voice settings and the context', async () => {
    received.length = 0;
    expect(engine.name).toBe('elevenlabs');
    const spoken = await engine.speak({
      text: 'İkinci parça.',
      voiceId: 'EXAVITQu4vr4xnSDxMaL',
      stability: 0.3,
      similarityBoost: 0.8,
      previousText: 'Birinci parça.',
      nextText: 'Üçüncü parça.',
    });
    // The account's voices are asked for first: the voice asked for is one of them.
    expect(received[0]).toMatchObject({ method: 'GET', url: '/v1/voices', headers: { 'xi-api-key': apiKey } });
    const call = received.find((request) => request.method === 'POST');
    expect(call).toMatchObject({ method: 'POST', url: `/v1/text-to-speech/EXAVITQu4vr4xnSDxMaL?output_format=pcm_${speechSampleRate}` });
    expect(call!.headers['xi-api-key']).toBe(apiKey);
    expect(call!.headers['content-type']).toBe('application/json');
    expect(JSON.parse(call!.body)).toEqual({
      text: 'İkinci parça.',
      model_id: 'eleven_multilingual_v2',
      voice_settings: { stability: 0.3, similarity_boost: 0.8 },
      previous_text: 'Birinci parça.',
      next_text: 'Üçüncü parça.',
    });

    // The answer's PCM became a house MP3 of its length.
    const { format } = await parseBuffer(spoken.mp3, { mimeType: 'audio/mpeg' }, { duration: true });
    expect(format).toMatchObject({ sampleRate: speechSampleRate, numberOfChannels: 1, codecProfile: 'CBR' });
    expect(spoken.duration).toBeGreaterThan(1.5);
    expect(spoken.duration).toBeLessThan(1.7);
    expect(Math.abs(format.duration! - spoken.duration)).toBeLessThan(0.01);
  });

  it('leaves out the context it was not given', async () => {
    received.length = 0;
    await engine.speak({ text: 'Tek parça.', voiceId: 'v1', stability: 0.5, similarityBoost: 0.5 });
    expect(Object.keys(JSON.parse(received[0]!.body))).toEqual(['text', 'model_id', 'voice_settings']);
  });

  it('lists the account’s voices, kept for a while', async () => {
    received.length = 0;
    expect(await engine.voices()).toEqual([{ voice_id: 'EXAVITQu4vr4xnSDxMaL', name: 'Sarah', labels: { accent: 'american', gender: 'female' } }]);
    await engine.voices();
    // Asked for by the first speech above, and not again.
    expect(received.filter((request) => request.url === '/v1/voices')).toHaveLength(0);
  });

  it("speaks with the account's first voice when asked for one it does not have (an offline voice id)", async () => {
    received.length = 0;
    await engine.speak({ text: 'Merhaba.', voiceId: 'tr-female', stability: 0.5, similarityBoost: 0.5 });
    expect(received.find((request) => request.method === 'POST')!.url).toMatch(/^\/v1\/text-to-speech\/EXAVITQu4vr4xnSDxMaL\?/);
  });

  it('rejects a refusal with an Error naming the status and never the key', async () => {
    const refused = createSpeechEngine({ elevenLabsApiKey: badKey, elevenLabsUrl: url, workers: 1 });
    try {
      const failures = await Promise.allSettled([refused.speak({ text: 'Merhaba.', voiceId: 'v1', stability: 0.5, similarityBoost: 0.5 }), refused.voices()]);
      for (const failure of failures) {
        expect(failure.status).toBe('rejected');
        const error = (failure as PromiseRejectedResult).reason as Error;
        expect(error).toBeInstanceOf(Error);
        expect(error.message).toMatch(/answered 401/);
        expect(error.message).toContain('Invalid API key');
        expect(error.message).not.toContain(badKey);
      }
    } finally {
      await refused.close();
    }
  });

  it('says so when the service cannot be reached', async () => {
    const unreachable = createSpeechEngine({ elevenLabsApiKey: apiKey, elevenLabsUrl: 'http://127.0.0.1:1', workers: 1 });
    try {
      const error = await unreachable.voices().catch((caught: Error) => caught);
      expect((error as Error).message).toMatch(/^ElevenLabs voices: /);
      expect((error as Error).message).not.toContain(apiKey);
    } finally {
      await unreachable.close();
    }
  });
});
