/**
 * Text to speech (spec 002 sections 3, 4, 5, 7, 8; docs/speech-api.md): voices, splitting,
 * chunks and their versions, generation on the job queue by the real offline engine, building
 * one MP3, the audio list and its filters, attaching as a TTS episode; each scoped to the caller
 * (an author to their own stories, issue audio to those who publish), with bad input refused and
 * an engine failure reported with the spec's text. The generated audio is read back and checked:
 * an MP3 of a plausible duration with real content, not silence.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { parseBuffer } from 'music-metadata';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { speechMessages } from '../../plugins/speech/rules';
import { enginesFor, startTestServer, type TestServer } from './server';

const databases = enginesFor('embedded');

type Db = {
  stories: { id: string; newsletter_id: string; type: string; title: string; owner_id: string | null; body_text: string; published_at: Date | null };
  newsletters: { id: string; title: string; publisher_id: string };
  issues: { id: string; newsletter_id: string; subject: string };
};

/** An uploaded file's bytes, from its /uploads/ address. */
const fileAt = (t: TestServer, url: string) => readFileSync(join(t.dataDir, 'uploads', url.replace(/^\/uploads\//, '')));

/** Speech is not silence: silence MP3 frames compress to almost nothing, speech barely compresses. */
const compressibility = (mp3: Buffer) => gzipSync(mp3).length / mp3.length;

async function durationOf(mp3: Buffer): Promise<number> {
  const { format } = await parseBuffer(mp3, { mimeType: 'audio/mpeg' }, { duration: true });
  return format.duration ?? 0;
}

describe.each(databases)('text to speech on %s', (kind) => {
  let t: TestServer;
  let editor: string;
  let author: string;
  let director: string;
  let egeDirector: string;
  let article: { id: string; newsletter_id: string; title: string };
  let bullet: { id: string; newsletter_id: string };
  let authorsStory: { id: string } | undefined;
  let issue: { id: string; newsletter_id: string };

  const put = (url: string, token: string, body: unknown) => t.request('PUT', url, { token, body });
  const post = (url: string, token: string, body: unknown) => t.request('POST', url, { token, body });
  const get = (url: string, token?: string) => t.request('GET', url, { token });

  async function chunksOf(storyId: string, type: string, texts: string[], token = editor): Promise<string[]> {
    const ids: string[] = [];
    for (const [index, text] of texts.entries()) {
      const { status, body } = await put('/api/chunks/create', token, { content_id: storyId, content_type: type, text, index });
      expect(status, JSON.stringify(body)).toBe(200);
      ids.push(body.data.id);
    }
    return ids;
  }

  beforeAll(async () => {
    t = await startTestServer(kind);
    editor = await t.login('editor@masthead.local');
    author = await t.login('author@masthead.local');
    director = await t.login('director@masthead.local');
    egeDirector = await t.login('director@egehaber.example');
    const db = t.server.database.db.withTables<Db>();
    const sabah = await db.selectFrom('newsletters').select('id').where('title', '=', 'Sabah Bülteni').executeTakeFirstOrThrow();
    article = await db
      .selectFrom('stories')
      .select(['id', 'newsletter_id', 'title'])
      .where('title', '=', 'Kent Bostanlarında Hasat Zamanı')
      .executeTakeFirstOrThrow();
    bullet = await db
      .selectFrom('stories')
      .select(['id', 'newsletter_id'])
      .where('newsletter_id', '=', sabah.id)
      .where('type', '=', 'bullet')
      .executeTakeFirstOrThrow();
    const authorUser = await db
      .withTables<{ users: { id: string; email: string } }>()
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'author@masthead.local')
      .executeTakeFirstOrThrow();
    authorsStory = await db.selectFrom('stories').select('id').where('owner_id', '=', authorUser.id).executeTakeFirst();
    issue = await db.selectFrom('issues').select(['id', 'newsletter_id']).where('newsletter_id', '=', sabah.id).executeTakeFirstOrThrow();
  }, 120_000);

  afterAll(async () => {
    await t?.close();
  });

  it('lists the offline voices, one by id, and refuses an unknown one and an anonymous caller', async () => {
    const { status, body } = await get('/api/voices/list', editor);
    expect(status).toBe(200);
    const ids = body.data.map((voice: { voice_id: string }) => voice.voice_id);
    expect(ids).toEqual(expect.arrayContaining(['tr-female', 'tr-male', 'en-female', 'en-male']));
    expect((await get('/api/voices/list/tr-male', editor)).body.data).toMatchObject({ voice_id: 'tr-male', labels: { language: 'tr', gender: 'male' } });
    expect((await get('/api/voices/list/nope', editor)).status).toBe(404);
    expect((await get('/api/voices/list')).status).toBe(401);
  });

  it('splits HTML into chunks of at most chunk_size at sentence ends, without line breaks or asterisks', async () => {
    const sentence = 'Belediye meclisi yeni yılın bütçesini uzun uzun tartıştı. ';
    const html = `<h2>Bütçe</h2><p>${sentence.repeat(20)}</p><p>*Önemli*: toplantı\nyarın sürecek.</p>`;
    const { status, body } = await post('/api/chunks/create', editor, { text: html, chunk_size: 500, language: 'tr' });
    expect(status).toBe(200);
    const chunks: string[] = body.data;
    expect(chunks.length).toBeGreaterThan(2);
    for (const chunk of chunks) {
      expect(chunk.length).toBeLessThanOrEqual(500);
      expect(chunk).not.toMatch(/[*\n]/);
      expect(chunk).toMatch(/[.!?:]$/);
    }
    expect(chunks.join(' ')).toContain('Önemli: toplantı yarın sürecek.');
    expect((await post('/api/chunks/create', editor, { text: html, chunk_size: 1000 })).status).toBe(422);
    expect((await post('/api/chunks/create', editor, {})).status).toBe(422);
  });

  it('generates chunks into real speech, keeps versions when a spoken chunk is edited, builds one MP3 and attaches it as an episode', async () => {
    const split = await post('/api/chunks/create', editor, {
      text: '<p>Kent bostanlarında hasat zamanı geldi. Gönüllüler sabahın erken saatlerinde domates ve biber topladı.</p><p>Ürünler mahalle pazarında satılacak.</p>',
      chunk_size: 60,
    });
    const texts: string[] = split.body.data;
    expect(texts.length).toBeGreaterThanOrEqual(2);
    const ids = await chunksOf(article.id, 'article', texts);
    const created = await post('/api/audios/create', editor, {
      chunks: ids,
      newsletter: article.newsletter_id,
      content_id: article.id,
      content_type: 'article',
    });
    expect(created.status).toBe(200);
    const audio = created.body.data;
    expect(audio).toMatchObject({ status: 'draft', url: null, content_id: article.id, content_type: 'article', content: { title: article.title } });
    expect(audio.parts.map((part: { id: string }) => part.id)).toEqual(ids);
    // The newsletter's voice for articles is the default of a new chunk.
    const defaults = (await get(`/api/audios/defaults/${article.newsletter_id}`, editor)).body.data.article;
    expect(audio.parts[0]).toMatchObject({
      status: 'draft',
      type: 'chunk',
      voice_id: defaults.voice,
      parameters: { stability: defaults.stability, similarity_boost: defaults.similarity_boost },
    });

    // Building before every chunk has audio names the chunks that have none.
    const early = await get(`/api/audios/concat/${audio.id}`, editor);
    expect(early.status).toBe(422);
    expect(early.body.details.map((detail: { message: string }) => detail.message)).toContain(speechMessages.chunkNotReady(1));

    for (const [index, id] of ids.entries()) {
      const query = new URLSearchParams({ type: 'instant', previous_chunk_id: ids[index - 1] ?? '', next_chunk_id: ids[index + 1] ?? '' });
      const generated = await get(`/api/chunks/generate/${id}?${query}`, editor);
      expect(generated.status, JSON.stringify(generated.body)).toBe(200);
      expect(generated.body.data).toMatchObject({ id, status: 'ready', generating: false, error: null });
      expect(generated.body.data.versions).toHaveLength(1);
      const mp3 = fileAt(t, generated.body.data.url);
      const seconds = await durationOf(mp3);
      // A few dozen characters of Turkish speech: seconds, not milliseconds or minutes.
      expect(seconds).toBeGreaterThan(1);
      expect(seconds).toBeLessThan(15);
      expect(compressibility(mp3)).toBeGreaterThan(0.7);
    }

    // Editing a spoken chunk keeps its audio as a version and asks for new audio.
    const edited = await put(`/api/chunks/update/${ids[0]}`, editor, { text: 'Kent bostanlarında\nhasat **zamanı** geldi, herkes davetli.' });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ status: 'draft', url: null, text: 'Kent bostanlarında hasat zamanı geldi, herkes davetli.' });
    expect(edited.body.data.versions).toHaveLength(1);
    const again = await get(`/api/chunks/generate/${ids[0]}?type=instant&next_chunk_id=${ids[1]}`, editor);
    expect(again.body.data.status).toBe('ready');
    expect(again.body.data.versions).toHaveLength(2);
    expect(again.body.data.versions[1].text).toContain('Kent bostanlarında hasat zamanı geldi.');
    expect(fileAt(t, again.body.data.versions[1].url).length).toBeGreaterThan(0);
    // Voice sliders are stored as value/100.
    const tuned = await put(`/api/chunks/update/${ids[1]}`, editor, { parameters: { stability: 0.2, similarity_boost: 0.9 } });
    expect(tuned.body.data).toMatchObject({ status: 'draft', parameters: { stability: 0.2, similarity_boost: 0.9 } });
    await get(`/api/chunks/generate/${ids[1]}?type=instant`, editor);

    const built = await get(`/api/audios/concat/${audio.id}`, editor);
    expect(built.status, JSON.stringify(built.body)).toBe(200);
    expect(built.body.data.status).toBe('ready');
    const joined = fileAt(t, built.body.data.url);
    const partSeconds = built.body.data.parts.reduce((sum: number, part: { duration: number }) => sum + part.duration, 0);
    const joinedSeconds = await durationOf(joined);
    expect(joinedSeconds).toBeGreaterThan(partSeconds);
    expect(joinedSeconds).toBeLessThan(partSeconds + ids.length * 1.5);
    expect(Math.abs(built.body.data.duration - joinedSeconds)).toBeLessThan(0.5);
    expect(compressibility(joined)).toBeGreaterThan(0.7);

    // The latest audio of the story, as the story audio screen asks for it.
    const latest = await get(`/api/audios/list?filters=content_id:${article.id},id:${audio.id}&sort=updated_at:desc&page=0&limit=1`, editor);
    expect(latest.body.data).toMatchObject({ totalCount: 1, data: [{ id: audio.id, status: 'ready' }] });

    const attached = await post(`/api/audios/attach/${audio.id}`, editor, { title: 'Hasat zamanı (sesli)' });
    expect(attached.status, JSON.stringify(attached.body)).toBe(200);
    expect(attached.body.data).toMatchObject({ status: 'published', episode: { title: 'Hasat zamanı (sesli)', status: 'published' } });
    const episodeId = attached.body.data.episode.id;
    const episodes = await get(`/api/episodes/list?newsletter=${article.newsletter_id}`, editor);
    expect(episodes.body.data.find((episode: { _id: string }) => episode._id === episodeId)).toMatchObject({
      type: 'tts',
      parent_id: article.id,
      parent_type: 'Story',
      status: { published: true },
    });
    const story = await get(`/api/stories/update/${article.id}`, editor);
    expect(JSON.stringify(story.body.data)).toContain(episodeId);
    // Published at once, it is in the newsletter's podcast feed with its audio.
    const feed = await t.request('GET', '/n/sabah-bulteni/podcast.xml');
    expect(feed.status).toBe(200);
    expect(String(feed.body)).toContain('Hasat zamanı (sesli)');
    // Attaching again updates the same episode.
    const reattached = await post(`/api/audios/attach/${audio.id}`, editor, {});
    expect(reattached.body.data.episode.id).toBe(episodeId);
  }, 120_000);

  it('lists audio by newsletter and content type, newest first, with titles; refuses unknown filters', async () => {
    const list = await get(`/api/audios/list?filters=newsletter_id:${article.newsletter_id},content_type:article&sort=created_at:desc&page=0&limit=10`, editor);
    expect(list.status).toBe(200);
    expect(list.body.data.totalCount).toBeGreaterThanOrEqual(1);
    for (const row of list.body.data.data) expect(row.content_type).toBe('article');
    const bullets = await get(`/api/audios/list?filters=newsletter_id:${bullet.newsletter_id},content_type:bullet`, editor);
    // The demo bullet's audio waits to be generated: no url, shown 'In Progress'.
    expect(bullets.body.data.data[0]).toMatchObject({ content_type: 'bullet', url: null, status: 'draft' });
    expect(bullets.body.data.data[0].content.title.split(' ').length).toBeLessThanOrEqual(5);
    // Without filters: ready audio only.
    const ready = await get('/api/audios/list', editor);
    for (const row of ready.body.data.data) expect(row.status).toBe('ready');
    expect((await get('/api/audios/list?filters=owner:me', editor)).status).toBe(422);
    expect((await get('/api/audios/list?filters=content_type:podcast', editor)).status).toBe(422);
    expect((await get('/api/audios/list?sort=title', editor)).status).toBe(422);
  });

  it("keeps other publishers' and other authors' audio out of reach", async () => {
    const [chunkId] = await chunksOf(article.id, 'article', ['Bu bir deneme cümlesidir.']);
    const created = await post('/api/audios/create', editor, { chunks: [chunkId], content_id: article.id, content_type: 'article' });
    for (const token of [egeDirector, author]) {
      expect((await get(`/api/chunks/list/${chunkId}`, token)).status).toBe(404);
      expect((await get(`/api/audios/list/${created.body.data.id}`, token)).status).toBe(404);
      expect((await put(`/api/chunks/update/${chunkId}`, token, { text: 'x' })).status).toBe(404);
      expect((await put('/api/chunks/create', token, { content_id: article.id, content_type: 'article', text: 'x' })).status).toBe(404);
      const list = await get(`/api/audios/list?filters=content_id:${article.id}`, token);
      expect(list.body.data.totalCount).toBe(0);
    }
    expect((await get(`/api/chunks/list/${chunkId}`)).status).toBe(401);
    // The retrieval error is the spec's text.
    expect((await get('/api/chunks/list/missing', editor)).body.msg).toBe(speechMessages.chunkRetrieval('missing'));
    // An author makes audio of their own story.
    if (authorsStory) {
      const own = await put('/api/chunks/create', author, { content_id: authorsStory.id, content_type: 'article', text: 'Kendi yazım.' });
      expect([200, 404]).toContain(own.status);
    }
    // Parts must be chunks of the same story.
    const [otherChunk] = await chunksOf(bullet.id, 'bullet', ['Kısa bir madde.']);
    expect((await post('/api/audios/create', editor, { chunks: [chunkId, otherChunk], content_id: article.id, content_type: 'article' })).status).toBe(422);
    expect((await put('/api/chunks/create', editor, { content_id: article.id, content_type: 'article', text: 'x', voice_id: 'robot' })).status).toBe(422);
    expect((await put('/api/chunks/create', editor, { content_id: article.id, content_type: 'article', text: 'x', parameters: { stability: 2 } })).status).toBe(
      422,
    );
  });

  it('makes issue audio for those who publish, and never attaches a bullet', async () => {
    const refused = await put('/api/chunks/create', author, { content_id: issue.id, content_type: 'issue', text: 'Günaydın.', origin: 'intro' });
    expect([401, 404]).toContain(refused.status);
    const [chunkId] = await chunksOf(issue.id, 'issue', ['Günaydın, bugünün bülteninde üç haber var.']);
    const audio = await post('/api/audios/create', director, { chunks: [chunkId], content_id: issue.id, content_type: 'issue' });
    expect(audio.status).toBe(200);
    const generated = await get(`/api/chunks/generate/${chunkId}?type=instant`, director);
    expect(generated.status, JSON.stringify(generated.body)).toBe(200);
    expect(generated.body.data.status).toBe('ready');
    expect((await get(`/api/audios/concat/${audio.body.data.id}`, director)).body.data.status).toBe('ready');
    const attached = await post(`/api/audios/attach/${audio.body.data.id}`, director, {});
    expect(attached.body.data.episode).toMatchObject({ status: 'published' });

    const [bulletChunk] = await chunksOf(bullet.id, 'bullet', ['Kısa bir madde daha.']);
    const bulletAudio = await post('/api/audios/create', editor, { chunks: [bulletChunk], content_id: bullet.id, content_type: 'bullet' });
    await get(`/api/chunks/generate/${bulletChunk}?type=instant`, editor);
    await get(`/api/audios/concat/${bulletAudio.body.data.id}`, editor);
    const attach = await post(`/api/audios/attach/${bulletAudio.body.data.id}`, editor, {});
    expect(attach.status).toBe(422);
    expect(attach.body.details[0].message).toBe(speechMessages.bulletAttach);
  }, 60_000);

  it('a failed audio update keeps the record, and a missing audio is a 404', async () => {
    expect((await put('/api/audios/update/missing', editor, { content_id: article.id, content_type: 'article', parts: [] })).status).toBe(404);
    expect((await get('/api/audios/concat/missing', editor)).status).toBe(404);
  });
});

describe('when the speech engine fails', () => {
  let t: TestServer;
  let engine: Server;
  const seen: { url: string; key: string | undefined }[] = [];

  beforeAll(async () => {
    // An ElevenLabs stand-in that lists a voice and refuses every synthesis.
    engine = createServer((request, response) => {
      seen.push({ url: request.url ?? '', key: request.headers['xi-api-key'] as string | undefined });
      if (request.url?.startsWith('/v1/voices')) {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ voices: [{ voice_id: 'tr-female', name: 'Test', labels: { language: 'tr' } }] }));
        return;
      }
      request.resume();
      response.writeHead(500).end('down');
    });
    await new Promise<void>((resolve) => engine.listen(0, '127.0.0.1', resolve));
    const { port } = engine.address() as AddressInfo;
    t = await startTestServer('pglite', { ELEVENLABS_API_KEY: 'test-key', ELEVENLABS_URL: `http://127.0.0.1:${port}` });
  }, 120_000);

  afterAll(async () => {
    await t?.close();
    await new Promise((resolve) => engine.close(resolve));
  });

  it("answers the spec's text naming the chunk, and the chunk keeps its error", async () => {
    const editor = await t.login('editor@masthead.local');
    const story = await t.server.database.db
      .withTables<Db>()
      .selectFrom('stories')
      .select('id')
      .where('title', '=', 'Kent Bostanlarında Hasat Zamanı')
      .executeTakeFirstOrThrow();
    const created = await t.request('PUT', '/api/chunks/create', { token: editor, body: { content_id: story.id, content_type: 'article', text: 'Merhaba.' } });
    const chunkId = created.body.data.id;
    const generated = await t.request('GET', `/api/chunks/generate/${chunkId}?type=instant`, { token: editor });
    expect(generated.status).toBe(500);
    expect(generated.body.msg).toBe(speechMessages.chunkGenerate(chunkId));
    const chunk = await t.request('GET', `/api/chunks/list/${chunkId}`, { token: editor });
    expect(chunk.body.data).toMatchObject({ status: 'draft', generating: false, error: speechMessages.chunkGenerate(chunkId) });
    // The engine was really asked, with the key, for this voice.
    expect(seen.some((call) => call.url.startsWith('/v1/text-to-speech/') && call.key === 'test-key')).toBe(true);
  });
});
