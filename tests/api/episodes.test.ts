/**
 * Episodes (spec 000: Episodes page, entity Episode, section 7 calls): made from a recording,
 * listed newest first with the uploader filter, edited, scheduled and published by the job queue
 * (also across a restart), deleted; reachable only inside the caller's scopes; and the public
 * podcast feed of each newsletter's published episodes.
 */
import { XMLParser } from 'fast-xml-parser';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, type Server } from '../../core/server/app';
import { readEnv } from '../../core/server/env';
import { demoTone } from '../../core/server/services/demo-audio';
import { createRecording } from '../../plugins/recordings/server/public';
import { enginesFor, demoPassword, seedDataDir, startTestServer, until, type TestServer } from './server';

const databases = enginesFor('embedded');

const futureMessage = 'Choose a date in the future.';

async function demoIds(server: Server) {
  const { db } = server.database;
  const newsletters = await db.selectFrom('newsletters').select(['id', 'key', 'publisher_id']).execute();
  const users = await db.selectFrom('users').select(['id', 'email']).execute();
  const newsletter = (key: string) => newsletters.find((row) => row.key === key)!;
  const user = (email: string) => users.find((row) => row.email === email)!.id;
  return {
    morning: newsletter('sabah-bulteni'),
    tech: newsletter('teknoloji-notlari'),
    ege: newsletter('ege-gundem'),
    editor: user('editor@masthead.local'),
    director: user('director@masthead.local'),
    egeDirector: user('director@egehaber.example'),
  };
}

async function newRecording(server: Server, publisherId: string, uploaderId: string, title: string) {
  return createRecording(server.context, {
    publisherId,
    uploaderId,
    title,
    subtitle: `${title} alt başlık`,
    image: '/demo/sabah-bulteni.svg',
    audio: { buffer: await demoTone({ seconds: 2, notes: [440, 660] }), mime: 'audio/mpeg', ext: 'mp3' },
  });
}

describe.each(databases)('episodes on %s', (kind) => {
  let t: TestServer;
  let ids: Awaited<ReturnType<typeof demoIds>>;
  let editor: string;
  let recording: Awaited<ReturnType<typeof newRecording>>;
  beforeAll(async () => {
    t = await startTestServer(kind);
    ids = await demoIds(t.server);
    editor = await t.login('editor@masthead.local');
    recording = await newRecording(t.server, ids.morning.publisher_id, ids.editor, 'Test kaydı');
  });
  afterAll(async () => {
    await t.close();
  });

  const create = (body: Record<string, unknown>, token = editor) =>
    t.request('POST', '/api/episodes/create', {
      token,
      body: { newsletter: ids.morning.id, recording: recording._id, title: 'Bölüm', status: 'draft', ...body },
    });
  const episode = async (id: string) => (await t.request('GET', `/api/episodes/update/${id}`, { token: editor })).body.data?.body;
  const jobIdOf = async (id: string) =>
    (
      await t.server.database.db
        .withTables<{ episodes: { id: string; job_id: string | null } }>()
        .selectFrom('episodes')
        .select('job_id')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).job_id;
  /**
   * A witness: an episode scheduled for `at` after the one watched. Once the queue has published
   * it, every job due by then has had its turn (one worker takes due jobs oldest first), so the
   * test waits for that instead of a fixed time.
   */
  const witness = async (at: string) => {
    const { body } = await create({ title: 'Tanık', status: 'scheduled', publishedAt: at });
    return async () => expect(await until(async () => (await episode(body.data._id)).status.published)).toBe(true);
  };

  it('creates an episode from a recording, with its audio, length and a slug of its title', async () => {
    const { status, body } = await create({
      title: 'Güneşli Bir Sabah',
      subtitle: 'Alt başlık',
      body: 'Gövde metni',
      image: '/demo/teknoloji-notlari.svg',
      status: 'published',
    });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.data).toMatchObject({
      title: 'Güneşli Bir Sabah',
      key: 'gunesli-bir-sabah',
      subtitle: 'Alt başlık',
      body: 'Gövde metni',
      image: '/demo/teknoloji-notlari.svg',
      duration: recording.duration,
      newsletter: ids.morning.id,
      status: { draft: false, scheduled: false, published: true },
      type: 'other',
      recording: recording._id,
      uploader: { _id: ids.editor, name: 'Emre Demir' },
    });
    expect(Date.now() - new Date(body.data.publishedAt).getTime()).toBeLessThan(60_000);
    // The episode's own copy of the recording's audio: it plays even once the recording is gone.
    expect(body.data.audio).toMatch(/^\/uploads\/episodes\/.+\.mp3$/);
    const copy = await t.server.app.inject({ method: 'GET', url: body.data.audio });
    const original = await t.server.app.inject({ method: 'GET', url: recording.audio });
    expect(copy.statusCode).toBe(200);
    expect(copy.rawPayload.equals(original.rawPayload)).toBe(true);

    const again = await create({ title: 'Güneşli Bir Sabah' });
    expect(again.body.data.key).toBe('gunesli-bir-sabah-2');
    expect(again.body.data).toMatchObject({ status: { draft: true, scheduled: false, published: false }, publishedAt: null, image: recording.image });
  });

  it('lists episodes newest first, 30 by default, by page, and only the uploader’s when asked', async () => {
    const director = await t.login('director@masthead.local');
    const mine = await create({ title: 'Yönetmenin bölümü' }, director);
    expect(mine.status).toBe(200);

    const all = await t.request('GET', `/api/episodes/list?newsletter=${ids.morning.id}`, { token: editor });
    expect(all.status).toBe(200);
    expect(all.body.data.length).toBe(Math.min(all.body.count, 30));
    expect(all.body.data[0].title).toBe('Yönetmenin bölümü');
    const created = all.body.data.map((item: { createdAt: string }) => item.createdAt);
    expect(created).toEqual([...created].sort().reverse());

    const second = await t.request('GET', `/api/episodes/list?newsletter=${ids.morning.id}&limit=1&page=1`, { token: editor });
    expect(second.body.data).toHaveLength(1);
    expect(second.body.data[0]._id).toBe(all.body.data[1]._id);
    expect(second.body.count).toBe(all.body.count);

    const onlyDirector = await t.request('GET', `/api/episodes/list?newsletter=${ids.morning.id}&uploader=${ids.director}`, { token: editor });
    expect(onlyDirector.body.data.length).toBeGreaterThan(0);
    expect(onlyDirector.body.data.every((item: { uploader: { _id: string } }) => item.uploader._id === ids.director)).toBe(true);
    expect(onlyDirector.body.count).toBeLessThan(all.body.count);

    const oldestFirst = await t.request('GET', `/api/episodes/list?newsletter=${ids.morning.id}&desc=false&limit=100`, { token: editor });
    expect(oldestFirst.body.data.at(-1)._id).toBe(mine.body.data._id);
  });

  it('edits credentials (the slug follows the title) and the status', async () => {
    const { body } = await create({ title: 'Eski başlık' });
    const id = body.data._id;
    const form = await t.request('GET', `/api/episodes/update/${id}`, { token: editor });
    expect(form.status).toBe(200);
    expect(form.body.data.body).toMatchObject({ _id: id, title: 'Eski başlık', status: { draft: true, scheduled: false, published: false } });

    const saved = await t.request('PUT', `/api/episodes/update/${id}`, {
      token: editor,
      body: { title: 'Yeni başlık', subtitle: 'Yeni alt', body: 'Yeni gövde', image: '/demo/kultur-sanat.svg', status: 'published' },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data).toMatchObject({
      title: 'Yeni başlık',
      key: 'yeni-baslik',
      subtitle: 'Yeni alt',
      body: 'Yeni gövde',
      image: '/demo/kultur-sanat.svg',
      status: { draft: false, scheduled: false, published: true },
    });
    const publishedAt = saved.body.data.publishedAt;
    expect(publishedAt).toBeTruthy();

    const republished = await t.request('PUT', `/api/episodes/update/${id}`, { token: editor, body: { title: 'Yeni başlık', status: 'published' } });
    expect(republished.body.data).toMatchObject({ key: 'yeni-baslik', publishedAt, subtitle: 'Yeni alt' });
    const draft = await t.request('PUT', `/api/episodes/update/${id}`, { token: editor, body: { title: 'Yeni başlık', status: 'draft' } });
    expect(draft.body.data).toMatchObject({ status: { draft: true, scheduled: false, published: false }, publishedAt: null });
  });

  it('publishes a scheduled episode when its time comes (the job queue)', async () => {
    const at = new Date(Date.now() + 1500).toISOString();
    const { status, body } = await create({ title: 'Zamanlanmış', status: 'scheduled', publishedAt: at });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.data).toMatchObject({ status: { draft: false, scheduled: true, published: false }, publishedAt: at });
    expect(await jobIdOf(body.data._id)).toBeTruthy();
    expect(await until(async () => (await episode(body.data._id)).status.published)).toBe(true);
    const published = await episode(body.data._id);
    expect(published.publishedAt).toBe(at);
    expect(await jobIdOf(body.data._id)).toBeNull();
  }, 20_000);

  it('cancels the old job on a new schedule, and on going back to draft', async () => {
    // Time enough to make the witness too before it comes.
    const soon = new Date(Date.now() + 3000).toISOString();
    const { body } = await create({ title: 'Ertelenen', status: 'scheduled', publishedAt: soon });
    const id = body.data._id;
    const firstJob = await jobIdOf(id);
    const firstJobsTimePassed = await witness(soon);

    const later = new Date(Date.now() + 60 * 60_000).toISOString();
    const moved = await t.request('PUT', `/api/episodes/update/${id}`, {
      token: editor,
      body: { title: 'Ertelenen', status: 'scheduled', publishedAt: later },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.data).toMatchObject({ status: { draft: false, scheduled: true, published: false }, publishedAt: later });
    const secondJob = await jobIdOf(id);
    expect(secondJob).toBeTruthy();
    expect(secondJob).not.toBe(firstJob);

    // Saving the same schedule again keeps its job.
    await t.request('PUT', `/api/episodes/update/${id}`, { token: editor, body: { title: 'Ertelenen bölüm', status: 'scheduled', publishedAt: later } });
    expect(await jobIdOf(id)).toBe(secondJob);

    await firstJobsTimePassed();
    expect((await episode(id)).status).toEqual({ draft: false, scheduled: true, published: false });

    const draft = await t.request('PUT', `/api/episodes/update/${id}`, { token: editor, body: { title: 'Ertelenen bölüm', status: 'draft' } });
    expect(draft.body.data).toMatchObject({ status: { draft: true, scheduled: false, published: false }, publishedAt: null });
    expect(await jobIdOf(id)).toBeNull();
  }, 20_000);

  it('deletes an episode, with its planned publication', async () => {
    const at = new Date(Date.now() + 3000).toISOString();
    const { body } = await create({ title: 'Silinecek', status: 'scheduled', publishedAt: at });
    const id = body.data._id;
    const itsTimePassed = await witness(at);
    const removed = await t.request('DELETE', `/api/episodes/delete/${id}`, { token: editor });
    expect(removed.status).toBe(200);
    expect((await t.server.app.inject({ method: 'GET', url: body.data.audio })).statusCode).toBe(404);
    expect((await t.server.app.inject({ method: 'GET', url: recording.audio })).statusCode).toBe(200);
    expect((await t.request('GET', `/api/episodes/update/${id}`, { token: editor })).status).toBe(404);
    expect((await t.request('DELETE', `/api/episodes/delete/${id}`, { token: editor })).status).toBe(404);
    await itsTimePassed();
    const row = await t.server.database.db
      .withTables<{ episodes: { id: string } }>()
      .selectFrom('episodes')
      .select('id')
      .where('id', '=', id)
      .executeTakeFirst();
    expect(row).toBeUndefined();
  }, 15_000);

  it('lets an author list episodes but not make them, and keeps another publisher out', async () => {
    const author = await t.login('author@masthead.local');
    const listed = await t.request('GET', `/api/episodes/list?newsletter=${ids.tech.id}`, { token: author });
    expect(listed.status).toBe(200);
    expect(listed.body.count).toBeGreaterThan(0);
    const refused = await t.request('POST', '/api/episodes/create', {
      token: author,
      body: { newsletter: ids.tech.id, recording: recording._id, title: 'Yazar', status: 'draft' },
    });
    expect(refused.status).toBe(401);
    // The author is no member of Sabah Bülteni.
    expect((await t.request('GET', `/api/episodes/list?newsletter=${ids.morning.id}`, { token: author })).status).toBe(404);

    const other = await t.login('director@egehaber.example');
    const mine = (await create({ title: 'Komşu görmesin' })).body.data._id;
    expect((await t.request('GET', `/api/episodes/list?newsletter=${ids.morning.id}`, { token: other })).status).toBe(404);
    expect((await t.request('GET', `/api/episodes/update/${mine}`, { token: other })).status).toBe(404);
    expect((await t.request('PUT', `/api/episodes/update/${mine}`, { token: other, body: { title: 'x', status: 'draft' } })).status).toBe(404);
    expect((await t.request('DELETE', `/api/episodes/delete/${mine}`, { token: other })).status).toBe(404);
    expect((await create({ title: 'x' }, other)).status).toBe(404);
    // Their own newsletter, but our recording: not theirs to use.
    expect(
      (
        await t.request('POST', '/api/episodes/create', {
          token: other,
          body: { newsletter: ids.ege.id, recording: recording._id, title: 'x', status: 'draft' },
        })
      ).status,
    ).toBe(404);
    // Without a newsletter (as the spec's call): every newsletter the caller reaches, and only those.
    const everywhere = (await t.request('GET', '/api/episodes/list', { token: other })).body.data as { _id: string; newsletter: string }[];
    expect(everywhere.map((episode) => episode._id)).not.toContain(mine);
    expect(everywhere.every((episode) => episode.newsletter === ids.ege.id)).toBe(true);
  });

  it('refuses a schedule in the past or without a date, an unknown recording and an empty title', async () => {
    const past = await create({ status: 'scheduled', publishedAt: new Date(Date.now() - 60_000).toISOString() });
    expect(past.status).toBe(422);
    expect(past.body.details[0]).toEqual({ message: futureMessage, path: 'publishedAt' });
    const undated = await create({ status: 'scheduled' });
    expect(undated.body.details[0].message).toBe(futureMessage);
    const unknown = await create({ recording: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.msg).toBe('Recording not found.');
    const empty = await create({ title: '   ' });
    expect(empty.status).toBe(422);
    expect(empty.body.details[0].message).toBe('Title cannot be empty.');
    const { body } = await create({ title: 'Geçmişe alınamaz' });
    const pastUpdate = await t.request('PUT', `/api/episodes/update/${body.data._id}`, {
      token: editor,
      body: { title: 'Geçmişe alınamaz', status: 'scheduled', publishedAt: '2020-01-01T00:00:00.000Z' },
    });
    expect(pastUpdate.status).toBe(422);
    expect(pastUpdate.body.details[0].message).toBe(futureMessage);
  });

  it("serves each newsletter's published episodes as a podcast feed", async () => {
    const special = await create({ title: 'Kahve & "Çay" <Sohbeti>', body: 'Açıklama & <b>kalın</b>', status: 'published' });
    const draft = await create({ title: 'Görünmeyen taslak' });
    expect(draft.status).toBe(200);

    const response = await t.server.app.inject({ method: 'GET', url: '/n/sabah-bulteni/podcast.xml' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/rss+xml');
    const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@_', isArray: (name) => name === 'item', parseTagValue: false });
    const channel = parser.parse(response.body).rss.channel;
    expect(channel.title).toBe('Sabah Bülteni');
    expect(channel.link).toBe('http://console.test/n/sabah-bulteni');
    expect(channel.language).toBe('tr');
    expect(channel['itunes:author']).toBe('Kuzey Medya');
    expect(channel['itunes:image']['@_href']).toBe('http://console.test/demo/sabah-bulteni.svg');
    expect(channel['itunes:explicit']).toBe('false');
    expect(channel['itunes:category']['@_text']).toBeTruthy();

    const listed = await t.request('GET', `/api/episodes/list?newsletter=${ids.morning.id}&limit=100`, { token: editor });
    const published = listed.body.data.filter((item: { status: { published: boolean } }) => item.status.published);
    const items = channel.item as Record<string, any>[];
    expect(items.map((item) => item.guid['#text']).sort()).toEqual(published.map((item: { _id: string }) => item._id).sort());
    expect(items.some((item) => item.title === 'Görünmeyen taslak')).toBe(false);

    const item = items.find((candidate) => candidate.guid['#text'] === special.body.data._id)!;
    expect(item.guid['@_isPermaLink']).toBe('false');
    expect(item.title).toBe('Kahve & "Çay" <Sohbeti>');
    // A reader shows the description as HTML: the body's own markup, sanitized, with its text escaped.
    expect(item.description).toBe('Açıklama &amp; <b>kalın</b>');
    expect(item.enclosure['@_url']).toBe(`http://console.test${special.body.data.audio}`);
    expect(Number(item.enclosure['@_length'])).toBeGreaterThan(1000);
    expect(item.enclosure['@_type']).toBe('audio/mpeg');
    expect(item.pubDate).toBe(new Date(special.body.data.publishedAt).toUTCString());
    expect(item['itunes:duration']).toMatch(/^00:00:0[12]$/);
    expect(item['itunes:image']['@_href']).toBe('http://console.test/demo/sabah-bulteni.svg');
    for (const each of items) expect(each.enclosure['@_url']).toMatch(/^http:\/\/console\.test\/uploads\/episodes\//);

    expect((await t.server.app.inject({ method: 'GET', url: '/n/no-such-newsletter/podcast.xml' })).statusCode).toBe(404);
  });
});

describe('a scheduled episode across a restart', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'masthead-episodes-'));
  const env = readEnv({ DATA_DIR: dataDir, DEMO_PASSWORD: demoPassword, LOG_LEVEL: 'silent', PUBLIC_URL: 'http://console.test' });
  let server: Server | undefined;
  afterAll(async () => {
    await server?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const login = async (running: Server) => {
    const response = await running.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'editor@masthead.local', password: demoPassword } });
    return JSON.parse(response.body).data as string;
  };

  it('is published by the next server on the same database', async () => {
    await seedDataDir(dataDir);
    server = await buildServer({ env, logger: false });
    await server.app.ready();
    const ids = await demoIds(server);
    const recording = await newRecording(server, ids.morning.publisher_id, ids.editor, 'Yeniden başlatma');
    const at = new Date(Date.now() + 2000).toISOString();
    const created = await server.app.inject({
      method: 'POST',
      url: '/api/episodes/create',
      headers: { authorization: `Bearer ${await login(server)}` },
      payload: { newsletter: ids.morning.id, recording: recording._id, title: 'Yeniden başlatmadan sonra', status: 'scheduled', publishedAt: at },
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = JSON.parse(created.body).data._id as string;
    await server.close();
    server = undefined;

    server = await buildServer({ env, logger: false });
    await server.app.ready();
    const token = await login(server);
    const running = server;
    const statusOf = async () =>
      JSON.parse((await running.app.inject({ method: 'GET', url: `/api/episodes/update/${id}`, headers: { authorization: `Bearer ${token}` } })).body).data
        .body;
    expect(await until(async () => (await statusOf()).status.published, 8000)).toBe(true);
    expect((await statusOf()).publishedAt).toBe(at);
  }, 60_000);
});
