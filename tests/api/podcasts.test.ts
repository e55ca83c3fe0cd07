/**
 * The podcast provider browser (spec 002, 2.14): a publisher's RSS feeds served by a local host,
 * their podcasts and episodes, importing an episode as a recording (once), the address rules
 * (http/https only, no private network unless PODCAST_ALLOW_PRIVATE_FEEDS=on), and the Megaphone
 * adapter against a fake Megaphone API that checks the token.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPodcastProvider, isPrivateAddress } from '../../plugins/episodes/server/podcasts';
import { feedEpisodes, feedTitle, startPodcastHost, type PodcastHost } from './podcast-host';
import { startTestServer, type TestServer } from './server';

const urlMessage = 'URL should be valid and must start with either https:// or http://';

describe('podcast RSS feeds', () => {
  let t: TestServer;
  let host: PodcastHost;
  let token: string;
  beforeAll(async () => {
    host = await startPodcastHost();
    t = await startTestServer('pglite', { PODCAST_ALLOW_PRIVATE_FEEDS: 'on' });
    token = await t.login('editor@masthead.local');
  });
  afterAll(async () => {
    await t.close();
    await host.close();
  });

  let podcastId: string;

  it('adds a feed and lists it as a podcast with its title, cover and episode count', async () => {
    const added = await t.request('POST', '/api/podcasts/feeds', { token, body: { url: `${host.url}/feed.xml` } });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body.data).toMatchObject({ url: `${host.url}/feed.xml`, title: feedTitle });

    const listed = await t.request('GET', '/api/podcasts/list', { token });
    expect(listed.status).toBe(200);
    expect(listed.body.provider).toBe('rss');
    expect(listed.body.count).toBe(1);
    expect(listed.body.data[0]).toMatchObject({
      title: feedTitle,
      image: `${host.url}/cover.svg`,
      episodeCount: feedEpisodes.length,
      createdAt: '2025-10-20T07:00:00.000Z',
      publishedAt: '2025-11-03T07:00:00.000Z',
    });
    podcastId = listed.body.data[0].id;

    const feeds = await t.request('GET', '/api/podcasts/feeds', { token });
    expect(feeds.body.data.map((feed: { url: string }) => feed.url)).toEqual([`${host.url}/feed.xml`]);
  });

  it("lists a podcast's episodes, newest first, with their covers, dates and durations", async () => {
    const { status, body } = await t.request('GET', `/api/podcasts/list/${podcastId}/episodes`, { token });
    expect(status).toBe(200);
    expect(body.data.map((episode: { title: string }) => episode.title)).toEqual(feedEpisodes.map((episode) => episode.title));
    expect(body.data[0]).toMatchObject({
      id: 'kuzey-sesleri-3',
      podcastId,
      subtitle: 'Kıyı kentlerinin sesleri',
      image: `${host.url}/cover.svg`,
      publishedAt: '2025-11-03T07:00:00.000Z',
      audioUrl: `${host.url}/audio/0.mp3`,
      duration: 4,
    });
    expect(body.data.map((episode: { duration: number }) => episode.duration)).toEqual([4, 3, 3]);
  });

  it('imports an episode as a recording with podcastId, once', async () => {
    const first = await t.request('POST', '/api/podcasts/import', { token, body: { podcastId, episodeId: 'kuzey-sesleri-2' } });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data).toMatchObject({
      title: 'İkinci Bölüm: Dağ Yolları',
      subtitle: 'Yaylalardan notlar',
      image: `${host.url}/cover.svg`,
      podcastId,
      content_id: 'kuzey-sesleri-2',
    });
    expect(first.body.data.duration).toBeGreaterThan(2.5);
    const audio = await t.server.app.inject({ method: 'GET', url: first.body.data.audio });
    expect(audio.statusCode).toBe(200);
    expect(audio.headers['content-type']).toContain('audio/mpeg');

    const again = await t.request('POST', '/api/podcasts/import', { token, body: { podcastId, episodeId: 'kuzey-sesleri-2' } });
    expect(again.status).toBe(200);
    expect(again.body.data._id).toBe(first.body.data._id);

    const recordings = await t.request('GET', '/api/recordings/list', { token });
    expect(recordings.body.data.filter((recording: { content_id: string | null }) => recording.content_id === 'kuzey-sesleri-2')).toHaveLength(1);
  });

  it('answers 404 for an unknown episode or podcast', async () => {
    expect((await t.request('POST', '/api/podcasts/import', { token, body: { podcastId, episodeId: 'no-such-episode' } })).status).toBe(404);
    expect((await t.request('GET', '/api/podcasts/list/no-such-feed/episodes', { token })).status).toBe(404);
  });

  it('refuses addresses that are not http or https, with the message', async () => {
    for (const url of ['ftp://example.com/feed.xml', 'javascript:alert(1)', 'file:///etc/passwd', 'feed.xml']) {
      const { status, body } = await t.request('POST', '/api/podcasts/feeds', { token, body: { url } });
      expect({ url, status, message: body.details?.[0]?.message }).toEqual({ url, status: 422, message: urlMessage });
    }
  });

  it('refuses a page that is not a podcast feed, and the same feed twice', async () => {
    const page = await t.request('POST', '/api/podcasts/feeds', { token, body: { url: `${host.url}/page.html` } });
    expect(page.status).toBe(422);
    expect(page.body.details[0]).toEqual({ message: 'This address does not give a podcast RSS feed.', path: 'url' });
    const twice = await t.request('POST', '/api/podcasts/feeds', { token, body: { url: `${host.url}/feed.xml` } });
    expect(twice.status).toBe(422);
    expect(twice.body.details[0].message).toBe('This feed is already in your list.');
  });

  it('follows a redirect to a feed', async () => {
    const added = await t.request('POST', '/api/podcasts/feeds', { token, body: { url: `${host.url}/redirect.xml` } });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body.data.title).toBe(feedTitle);
    expect((await t.request('DELETE', `/api/podcasts/feeds/${added.body.data._id}`, { token })).status).toBe(200);
  });

  it('keeps feeds per publisher: another publisher neither sees nor removes them, an author may not browse', async () => {
    const other = await t.login('director@egehaber.example');
    expect((await t.request('GET', '/api/podcasts/list', { token: other })).body.count).toBe(0);
    expect((await t.request('GET', `/api/podcasts/list/${podcastId}/episodes`, { token: other })).status).toBe(404);
    expect((await t.request('POST', '/api/podcasts/import', { token: other, body: { podcastId, episodeId: 'kuzey-sesleri-1' } })).status).toBe(404);
    expect((await t.request('DELETE', `/api/podcasts/feeds/${podcastId}`, { token: other })).status).toBe(404);
    const author = await t.login('author@masthead.local');
    expect((await t.request('GET', '/api/podcasts/list', { token: author })).status).toBe(401);
  });

  it('removes a feed', async () => {
    expect((await t.request('DELETE', `/api/podcasts/feeds/${podcastId}`, { token })).status).toBe(200);
    expect((await t.request('GET', '/api/podcasts/list', { token })).body.count).toBe(0);
    expect((await t.request('DELETE', `/api/podcasts/feeds/${podcastId}`, { token })).status).toBe(404);
  });
});

describe('podcast feeds on a private network', () => {
  let t: TestServer;
  let host: PodcastHost;
  beforeAll(async () => {
    host = await startPodcastHost();
    t = await startTestServer('pglite');
  });
  afterAll(async () => {
    await t.close();
    await host.close();
  });

  it('are refused without PODCAST_ALLOW_PRIVATE_FEEDS, before any request reaches them', async () => {
    const token = await t.login('editor@masthead.local');
    for (const url of [
      `${host.url}/feed.xml`,
      'http://localhost:9/feed.xml',
      'http://[::1]/feed.xml',
      'http://169.254.169.254/latest/meta-data/',
      'http://10.1.2.3/feed.xml',
    ]) {
      const { status, body } = await t.request('POST', '/api/podcasts/feeds', { token, body: { url } });
      expect({ url, status, message: body.details?.[0]?.message }).toEqual({
        url,
        status: 422,
        message: 'This address is on a private network; podcast feeds must be public.',
      });
    }
    expect(host.requests).toHaveLength(0);
  });

  it('knows private addresses from public ones', () => {
    for (const address of [
      '127.0.0.1',
      '10.0.0.8',
      '172.20.1.1',
      '192.168.1.1',
      '169.254.169.254',
      '::1',
      'fe80::1',
      'fd00::1',
      '::ffff:127.0.0.1',
      '0.0.0.0',
      '100.64.0.1',
    ])
      expect({ address, private: isPrivateAddress(address) }).toEqual({ address, private: true });
    for (const address of ['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111'])
      expect({ address, private: isPrivateAddress(address) }).toEqual({ address, private: false });
  });
});

describe('the Megaphone provider', () => {
  const megaphone = { token: 'megaphone-test-token', networkId: 'network-42' };
  let t: TestServer;
  let host: PodcastHost;
  let token: string;
  beforeAll(async () => {
    host = await startPodcastHost({ megaphone });
    t = await startTestServer('pglite', {
      MEGAPHONE_TOKEN: megaphone.token,
      MEGAPHONE_NETWORK_ID: megaphone.networkId,
      MEGAPHONE_API_URL: `${host.url}/api`,
      PODCAST_ALLOW_PRIVATE_FEEDS: 'on',
    });
    token = await t.login('editor@masthead.local');
  });
  afterAll(async () => {
    await t.close();
    await host.close();
  });

  it("lists the network's podcasts and episodes, sending the token", async () => {
    const podcasts = await t.request('GET', '/api/podcasts/list', { token });
    expect(podcasts.status, JSON.stringify(podcasts.body)).toBe(200);
    expect(podcasts.body).toMatchObject({ provider: 'megaphone', count: 1 });
    expect(podcasts.body.data[0]).toMatchObject({
      id: 'mp-podcast-1',
      title: 'Megaphone Gündem',
      image: `${host.url}/cover.svg`,
      episodeCount: 3,
      createdAt: '2025-01-15T10:00:00.000Z',
    });
    const apiCalls = host.requests.filter((request) => request.url?.startsWith('/api/'));
    expect(apiCalls.length).toBeGreaterThan(0);
    for (const call of apiCalls) expect(call.headers.authorization).toBe(`Token token="${megaphone.token}"`);

    const episodes = await t.request('GET', '/api/podcasts/list/mp-podcast-1/episodes', { token });
    expect(episodes.status).toBe(200);
    expect(episodes.body.data[0]).toMatchObject({
      id: 'mp-episode-0',
      podcastId: 'mp-podcast-1',
      title: feedEpisodes[0]!.title,
      publishedAt: '2025-11-03T07:00:00.000Z',
      duration: 3,
    });
    expect((await t.request('GET', '/api/podcasts/list/unknown/episodes', { token })).status).toBe(404);
  });

  it('imports an episode as a recording with podcastId, and keeps no feed list', async () => {
    const imported = await t.request('POST', '/api/podcasts/import', { token, body: { podcastId: 'mp-podcast-1', episodeId: 'mp-episode-1' } });
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    expect(imported.body.data).toMatchObject({ podcastId: 'mp-podcast-1', content_id: 'mp-episode-1', title: feedEpisodes[1]!.title });
    const feeds = await t.request('POST', '/api/podcasts/feeds', { token, body: { url: `${host.url}/feed.xml` } });
    expect(feeds.status).toBe(422);
  });

  it('says so when the token is refused', async () => {
    const provider = createPodcastProvider({
      megaphone: { token: 'wrong', networkId: megaphone.networkId, apiUrl: `${host.url}/api` },
      allowPrivateFeeds: true,
    });
    expect(provider.kind).toBe('megaphone');
    await expect(provider.listPodcasts([])).rejects.toThrow('Megaphone answered 401.');
  });
});
