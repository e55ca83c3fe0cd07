/** The speech engine's environment variables, read and checked at start. */
import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { readEnv } from '../../../core/server/env';

describe('speech settings from the environment', () => {
  it('speaks offline with two threads (or fewer cores) when nothing is set', () => {
    const env = readEnv({});
    expect(env).toMatchObject({ elevenLabsApiKey: undefined, elevenLabsUrl: undefined, speechWorkers: Math.min(2, availableParallelism()) });
  });

  it('reads the ElevenLabs key and address and the number of threads', () => {
    const env = readEnv({ ELEVENLABS_API_KEY: 'sk_1', ELEVENLABS_URL: 'http://127.0.0.1:9000/', SPEECH_WORKERS: '3' });
    expect(env).toMatchObject({ elevenLabsApiKey: 'sk_1', elevenLabsUrl: 'http://127.0.0.1:9000', speechWorkers: 3 });
  });

  it('refuses what it cannot use, naming the variable', () => {
    expect(() => readEnv({ SPEECH_WORKERS: '-1' })).toThrow("SPEECH_WORKERS must be a whole number of threads (0: the server's own), got '-1'");
    expect(readEnv({ SPEECH_WORKERS: '0' }).speechWorkers).toBe(0);
    expect(() => readEnv({ SPEECH_WORKERS: 'two' })).toThrow('SPEECH_WORKERS');
    expect(() => readEnv({ ELEVENLABS_URL: 'api.elevenlabs.io' })).toThrow("ELEVENLABS_URL must be an http(s) address, got 'api.elevenlabs.io'");
  });
});
