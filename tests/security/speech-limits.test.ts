/**
 * Text to speech costs what its story is (issue 26, points 1 and 2). Splitting the largest text
 * the call accepts keeps the production server's memory within +100 MB (it grew with the square of
 * the text and killed the server at 499,000 characters). An audio lists each of its chunks once
 * (one spoken chunk listed 400 times made a 43-hour MP3), and no audio is built longer than
 * constants.speech.maxAudioMinutes, whether it was too long when made or became so after.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { constants } from '../../core/shared/config';
import type { SpeechTables } from '../../plugins/speech/server/tables';
import type { StoryTables } from '../../plugins/stories/server/tables';
import { startProductionServer, type ProductionServer } from '../bench/production-server';
import { seedDataDir, startTestServer, type TestServer } from '../api/server';

const maxMinutes = constants.speech.maxAudioMinutes;
const tooLong = `An audio is at most ${maxMinutes} minutes long: take out some chunks or split it in two.`;

describe('splitting the largest text to speak', () => {
  let server: ProductionServer;
  let token: string;

  beforeAll(async () => {
    server = await startProductionServer({}, seedDataDir);
    token = await server.signIn('author@masthead.local');
  }, 180_000);
  afterAll(() => server?.stop());

  it('keeps the server within +100 MB and answers the chunks', async () => {
    const sentence = 'Yazar burada uzun bir haberi sesli okunsun diye yazıyor, cümle cümle. ';
    const text = `<p>${sentence.repeat(Math.ceil(499_000 / sentence.length)).slice(0, 499_000)}</p>`;
    const before = await server.idleRssMb({ steadySeconds: 3, timeoutSeconds: 30 });
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, server.rssMb())), 20);
    try {
      const response = await fetch(`${server.url}/api/chunks/create`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ text, chunk_size: 500, language: 'tr' }),
      });
      peak = Math.max(peak, server.rssMb());
      expect(response.status).toBe(200);
      const chunks = (await response.json()).data as string[];
      expect(chunks.length).toBeGreaterThan(900);
      for (const chunk of chunks) expect(chunk.length).toBeLessThanOrEqual(500);
      expect(chunks.join(' ').length).toBeGreaterThan(490_000);
    } finally {
      clearInterval(sampler);
    }
    console.log(`splitting 499,000 characters: the server grew by ${(peak - before).toFixed(0)} MB`);
    expect(peak - before).toBeLessThan(100);
    // Still there, and answering.
    expect((await fetch(`${server.url}/api/auth/verify`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
  }, 120_000);
});

describe('building an audio', () => {
  let t: TestServer;
  let token: string;
  let storyId: string;
  let spoken: { id: string; audio_key: string };

  const db = () => t.server.database.db.withTables<SpeechTables & StoryTables>();
  const call = (method: string, url: string, body?: unknown) => t.request(method, `/api${url}`, { token, body });
  const storeChunk = async (text: string) =>
    (await call('PUT', '/chunks/create', { content_id: storyId, content_type: 'article', text })).body.data.id as string;
  /** Gives chunks the audio of the chunk really spoken, as `seconds` long each: as if each had been spoken at that length. */
  const speakAs = (ids: string[], seconds: number) =>
    db().updateTable('speech_chunks').set({ audio_key: spoken.audio_key, duration: seconds, generating: false }).where('id', 'in', ids).execute();

  beforeAll(async () => {
    t = await startTestServer('pglite');
    token = await t.login('author@masthead.local');
    const author = await t.server.database.db.selectFrom('users').select('id').where('email', '=', 'author@masthead.local').executeTakeFirstOrThrow();
    storyId = (await db().selectFrom('stories').select('id').where('owner_id', '=', author.id).where('type', '=', 'article').executeTakeFirstOrThrow()).id;
    const id = await storeChunk('Bu bölüm gerçekten seslendirilir.');
    const generated = await call('GET', `/chunks/generate/${id}?type=instant`);
    expect(generated.status, JSON.stringify(generated.body)).toBe(200);
    spoken = (await db().selectFrom('speech_chunks').select(['id', 'audio_key']).where('id', '=', id).executeTakeFirstOrThrow()) as typeof spoken;
  }, 60_000);
  afterAll(() => t?.close());

  it('refuses a chunk listed twice, when made and when its parts are saved', async () => {
    const made = await call('POST', '/audios/create', { chunks: Array.from({ length: 400 }, () => spoken.id) });
    expect(made).toEqual({ status: 422, body: { msg: 'Error!', details: [{ message: 'A chunk is a part of the audio once.', path: 'chunks.1' }] } });
    const other = await storeChunk('İkinci bölüm.');
    const audio = (await call('POST', '/audios/create', { chunks: [spoken.id, other] })).body.data;
    const saved = await call('PUT', `/audios/update/${audio.id}`, { content_id: storyId, content_type: 'article', parts: [spoken.id, other, spoken.id] });
    expect(saved).toEqual({ status: 422, body: { msg: 'Error!', details: [{ message: 'A chunk is a part of the audio once.', path: 'parts.2' }] } });
    expect((await call('GET', `/audios/list/${audio.id}`)).body.data.parts.map((part: { id: string }) => part.id)).toEqual([spoken.id, other]);
  });

  it(`refuses an audio longer than ${maxMinutes} minutes, and builds none`, async () => {
    const count = 10;
    const ids = await Promise.all(Array.from({ length: count }, (_, index) => storeChunk(`Uzun bölüm ${index + 1}.`)));
    // Each just under a tenth of the limit: together they fit, with their pauses.
    await speakAs(ids, (maxMinutes * 60) / count - 2);
    const audio = (await call('POST', '/audios/create', { chunks: ids })).body.data;
    expect(audio.parts).toHaveLength(count);

    // Spoken again longer, they no longer fit: the build is refused before it starts.
    await speakAs(ids, (maxMinutes * 60) / count + 1);
    expect(await call('GET', `/audios/concat/${audio.id}`)).toEqual({ status: 422, body: { msg: 'Error!', details: [{ message: tooLong, path: 'parts' }] } });
    const stored = await db().selectFrom('speech_audios').select(['audio_key', 'building', 'status']).where('id', '=', audio.id).executeTakeFirstOrThrow();
    expect(stored).toEqual({ audio_key: null, building: false, status: 'draft' });
    expect(await call('POST', '/audios/create', { chunks: ids })).toEqual({
      status: 422,
      body: { msg: 'Error!', details: [{ message: tooLong, path: 'chunks' }] },
    });
  });
});
