/**
 * The embed service (spec 002 sections 2.10, 7, 8 and 9; issue 32 point 3): cards of the demo
 * publisher's own content drawn on the server, a page's OpenGraph card from a local host, the
 * private-address rule (EMBED_ALLOW_PRIVATE), 'Something went wrong...' for what cannot be
 * fetched, Twitter's oEmbed through a local stand-in, and headless Chromium (CHROMIUM_PATH)
 * rendering a page whose request to a private address is refused.
 */
import { existsSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enginesFor, startTestServer, type TestServer } from './server';

const databases = enginesFor('embedded');

const failed = 'Something went wrong...';
const privateMessage = 'This address is on a private network; embeds must show public pages.';
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

interface Host {
  url: string;
  requests: string[];
  close(): Promise<void>;
}

/** An HTTP host on a free local port; `routes` answers by path. */
async function startHost(
  routes: (path: string, base: string, request: IncomingMessage) => { status: number; type: string; body: string | Buffer },
): Promise<Host> {
  const requests: string[] = [];
  let base = '';
  const server: Server = createServer((request, response) => {
    requests.push(request.url ?? '');
    const { status, type, body } = routes(new URL(request.url ?? '/', base).pathname, base, request);
    response.writeHead(status, { 'content-type': type }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url: base, requests, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const longText = 'Sabah ışıklarıyla kıyıya inen balıkçılar, ağlarını toplarken şehrin uyanışını izliyor. '.repeat(6);
const coverPng = () =>
  sharp({ create: { width: 1200, height: 630, channels: 3, background: '#2a6f97' } })
    .png()
    .toBuffer();

/** The site embedded pages live on: an article with OpenGraph tags and its cover, a missing page, and Twitter's oEmbed stand-in. */
async function startSite(secret?: Host): Promise<Host> {
  const cover = await coverPng();
  return startHost((path, base, request) => {
    if (path === '/article')
      return {
        status: 200,
        type: 'text/html; charset=utf-8',
        body: `<!doctype html><html><head><title>Yedek başlık</title>
          <meta property="og:title" content="Kıyıda Bir Gün 🌊 &amp; Şehir">
          <meta property="og:description" content="${longText}">
          <meta property="og:image" content="/cover.png">
          <meta property="og:site_name" content="Yerel Gazete">
          </head><body><h1 style="font-size:60px">Kıyıda Bir Gün</h1>${secret ? `<img src="${secret.url}/secret.png">` : ''}</body></html>`,
      };
    if (path === '/cover.png') return { status: 200, type: 'image/png', body: cover };
    if (path === '/oembed') {
      const url = new URL(request.url ?? '', base).searchParams.get('url') ?? '';
      if (url.endsWith('/999')) return { status: 404, type: 'application/json', body: '{"error":"not found"}' };
      return {
        status: 200,
        type: 'application/json',
        body: JSON.stringify({
          url,
          author_name: 'Kuzey Medya',
          author_url: 'https://twitter.com/kuzeymedya',
          html: `<blockquote class="twitter-tweet" onclick="steal()"><p lang="tr" dir="ltr">Günaydın İstanbul! <a href="https://t.co/abc" style="color:red">t.co/abc</a><img src=x onerror="alert(1)"></p>&mdash; Kuzey Medya (@kuzeymedya) <a href="javascript:alert(1)">1 Kasım 2025</a></blockquote>\n<script async src="https://platform.twitter.com/widgets.js"></script>`,
        }),
      };
    }
    return { status: 404, type: 'text/html', body: '<html><body>Yok</body></html>' };
  });
}

/** The stored image an answer names, read back through the server. */
async function storedImage(t: TestServer, url: string) {
  const response = await t.server.app.inject({ method: 'GET', url });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('image/png');
  const { width, height, format } = await sharp(response.rawPayload).metadata();
  return { width, height, format };
}

describe.each(databases)('embed cards and pages on %s', (kind) => {
  let t: TestServer;
  let site: Host;
  let editor: string;
  let other: string;
  const db = () => t.server.context.db as any;

  beforeAll(async () => {
    site = await startSite();
    t = await startTestServer(kind, { EMBED_ALLOW_PRIVATE: 'on', TWITTER_OEMBED_URL: `${site.url}/oembed` });
    editor = await t.login('editor@masthead.local');
    other = await t.login('director@egehaber.example');
  });
  afterAll(async () => {
    await t?.close();
    await site?.close();
  });

  const generate = (frame: Record<string, unknown>, token = editor) => t.request('POST', '/api/embed/generate', { token, body: { frame } });
  const kuzeyNewsletter = async () =>
    db()
      .selectFrom('newsletters')
      .innerJoin('publishers', 'publishers.id', 'newsletters.publisher_id')
      .select(['newsletters.id', 'newsletters.key', 'newsletters.title'])
      .where('publishers.key', '=', 'kuzey-medya')
      .where('newsletters.key', '=', 'sabah-bulteni')
      .executeTakeFirstOrThrow();

  it("draws a story of the caller's publisher as a wide card: title without emojis, excerpt cut, its image, its public page", async () => {
    const newsletter = await kuzeyNewsletter();
    const created = await t.request('POST', '/api/stories/create', {
      token: editor,
      body: {
        newsletter: newsletter.id,
        type: 'article',
        story: { title: 'Şehrin 🌇 Yeni Yüzü 🚀', subtitle: 'Alt başlık', image: '/demo/kuzey-medya.svg', body: { html: `<p>${longText}</p>` } },
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const story = created.body.data;

    const { status, body } = await generate({ kind: 'card', product: 's', id: story._id });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.data).toMatchObject({
      title: 'Şehrin Yeni Yüzü',
      kind: 'product',
      product: 's',
      width: 550,
      height: 420,
      link: `http://console.test/s/${story.slug}`,
      renderedBy: 'card',
    });
    expect(body.data.embedId).toMatch(/^[A-Za-z0-9]{10}$/);
    expect(body.data.excerpt.length).toBeLessThanOrEqual(201);
    expect(body.data.excerpt.endsWith('…')).toBe(true);
    expect(body.data.url).toMatch(/^\/uploads\/embeds\/\d{4}-\d{2}\/[0-9a-f-]{36}\.png$/);
    expect(await storedImage(t, body.data.url)).toEqual({ width: 550, height: 420, format: 'png' });
    // An e-mail's card: the story's picture small and without text, and whose it is.
    expect(body.data.site).toBe(newsletter.title);
    expect(await storedImage(t, body.data.picture)).toEqual({ width: 320, height: 180, format: 'png' });

    // The key of its public address names it as well (a pasted /s/ link).
    const byKey = await generate({ kind: 'card', product: 's', key: story.slug });
    expect(byKey.status).toBe(200);
    expect(byKey.body.data.link).toBe(body.data.link);
    const pasted = await generate({ kind: 'url', url: `http://console.test/s/${story.slug}` });
    expect(pasted.status, JSON.stringify(pasted.body)).toBe(200);
    expect(pasted.body.data).toMatchObject({ kind: 'product', product: 's', title: 'Şehrin Yeni Yüzü' });
  });

  it('draws an issue as a wide card and a newsletter as a square one', async () => {
    const newsletter = await kuzeyNewsletter();
    const issue = await db()
      .selectFrom('issues')
      .select(['id', 'subject', 'slug'])
      .where('newsletter_id', '=', newsletter.id)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const issueCard = await generate({ kind: 'card', product: 'i', id: issue.id });
    expect(issueCard.status, JSON.stringify(issueCard.body)).toBe(200);
    expect(issueCard.body.data).toMatchObject({ kind: 'product', product: 'i', width: 550, link: `http://console.test/i/${issue.slug || issue.id}` });
    expect([255, 420]).toContain(issueCard.body.data.height);
    const issueImage = await storedImage(t, issueCard.body.data.url);
    expect(issueImage).toEqual({ width: 550, height: issueCard.body.data.height, format: 'png' });
    // A pasted link names the issue by its slug: the same card.
    if (issue.slug) {
      const bySlug = await generate({ kind: 'url', url: `http://console.test/i/${issue.slug}` });
      expect(bySlug.status, JSON.stringify(bySlug.body)).toBe(200);
      expect(bySlug.body.data).toMatchObject({ kind: 'product', product: 'i', title: issueCard.body.data.title, link: issueCard.body.data.link });
    }

    const newsletterCard = await generate({ kind: 'card', product: 'n', key: newsletter.key });
    expect(newsletterCard.status, JSON.stringify(newsletterCard.body)).toBe(200);
    expect(newsletterCard.body.data).toMatchObject({
      title: newsletter.title,
      product: 'n',
      width: 420,
      height: 380,
      link: `http://console.test/n/${newsletter.key}`,
    });
    expect(newsletterCard.body.data.excerpt.length).toBeLessThanOrEqual(101);
    expect(await storedImage(t, newsletterCard.body.data.url)).toEqual({ width: 420, height: 380, format: 'png' });
  });

  it("refuses another publisher's content (404), unknown ids (404), anonymous callers (401) and bad frames (422)", async () => {
    const egeStory = await db()
      .selectFrom('stories')
      .innerJoin('publishers', 'publishers.id', 'stories.publisher_id')
      .select('stories.id')
      .where('publishers.key', '!=', 'kuzey-medya')
      .executeTakeFirstOrThrow();
    expect((await generate({ kind: 'card', product: 's', id: egeStory.id })).status).toBe(404);
    const kuzeyStory = await db()
      .selectFrom('stories')
      .innerJoin('publishers', 'publishers.id', 'stories.publisher_id')
      .select('stories.id')
      .where('publishers.key', '=', 'kuzey-medya')
      .executeTakeFirstOrThrow();
    const foreign = await generate({ kind: 'card', product: 's', id: kuzeyStory.id }, other);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ msg: 'Content not found.' });
    expect((await generate({ kind: 'card', product: 'p', key: 'kuzey-medya' }, other)).status).toBe(404);
    expect((await generate({ kind: 'card', product: 'i', id: 'no-such-issue' })).status).toBe(404);

    const anonymous = await t.request('POST', '/api/embed/generate', { body: { frame: { kind: 'card', product: 's', id: kuzeyStory.id } } });
    expect(anonymous.status).toBe(401);
    expect((await t.request('GET', '/api/embed/twitter?link=https://twitter.com/a/status/1')).status).toBe(401);

    const notHttp = await generate({ kind: 'url', url: 'ftp://example.com/file' });
    expect(notHttp.status).toBe(422);
    expect(notHttp.body.details[0]).toEqual({ message: 'URL must start with either "https://" or "http://" and must be valid.', path: 'frame.url' });
    const noUrl = await generate({ kind: 'url' });
    expect(noUrl.status).toBe(422);
    expect(noUrl.body.details[0].message).toBe("URL can't be empty.");
    expect((await generate({ kind: 'card', product: 'x', id: kuzeyStory.id })).status).toBe(422);
    expect((await generate({ kind: 'card', product: 's' })).status).toBe(422);
    expect((await t.request('POST', '/api/embed/generate', { token: editor, body: {} })).status).toBe(422);
  });

  it("draws a page's OpenGraph card with its og:image, and answers 'Something went wrong...' for a page that cannot be fetched", async () => {
    const { status, body } = await generate({ kind: 'url', url: `${site.url}/article` });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.data).toMatchObject({
      kind: 'page',
      title: 'Kıyıda Bir Gün & Şehir',
      link: `${site.url}/article`,
      width: 550,
      height: 420,
      renderedBy: 'card',
    });
    expect(site.requests).toContain('/cover.png');
    const image = await t.server.app.inject({ method: 'GET', url: body.data.url });
    const { width, height } = await sharp(image.rawPayload).metadata();
    expect({ width, height }).toEqual({ width: 550, height: 420 });
    // The og:image fills the top of the card: its colour is there.
    const { data } = await sharp(image.rawPayload).extract({ left: 200, top: 100, width: 1, height: 1 }).raw().toBuffer({ resolveWithObject: true });
    expect([data[0], data[1], data[2]]).toEqual([0x2a, 0x6f, 0x97]);

    const missing = await generate({ kind: 'url', url: `${site.url}/missing` });
    expect(missing.status).toBe(422);
    expect(missing.body).toEqual({ msg: failed, details: [{ message: `The address ${new URL(site.url).host} answered 404.`, path: 'frame' }] });

    const closed = await startHost(() => ({ status: 200, type: 'text/plain', body: '' }));
    await closed.close();
    const unreachable = await generate({ kind: 'url', url: `${closed.url}/gone` });
    expect(unreachable.status).toBe(422);
    expect(unreachable.body.msg).toBe(failed);
    expect(unreachable.body.details[0].path).toBe('frame');
  });

  it("reads a post's oEmbed, its html cleaned to blockquote, p, a and br, and fails with 'Something went wrong...'", async () => {
    const link = 'https://x.com/kuzeymedya/status/1850000000000000000';
    const { status, body } = await t.request('GET', `/api/embed/twitter?link=${encodeURIComponent(link)}`, { token: editor });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.data).toMatchObject({
      link: 'https://twitter.com/kuzeymedya/status/1850000000000000000',
      authorName: 'Kuzey Medya',
      authorUrl: 'https://twitter.com/kuzeymedya',
      title: 'Kuzey Medya on X',
      text: 'Günaydın İstanbul! t.co/abc',
    });
    expect(body.data.html).not.toMatch(/script|onclick|onerror|style=|<img|javascript:/i);
    expect(body.data.html).toMatch(/^<blockquote class="twitter-tweet"><p lang="tr" dir="ltr">Günaydın İstanbul! <a href="https:\/\/t.co\/abc"/);
    const tags = [...body.data.html.matchAll(/<(\w+)/g)].map((match: RegExpMatchArray) => match[1]);
    expect(new Set(tags)).toEqual(new Set(['blockquote', 'p', 'a']));

    const gone = await t.request('GET', `/api/embed/twitter?link=${encodeURIComponent('https://twitter.com/kuzeymedya/status/999')}`, { token: editor });
    expect(gone.status).toBe(422);
    expect(gone.body.msg).toBe(failed);
    expect(gone.body.details[0].path).toBe('link');

    const notPost = await t.request('GET', `/api/embed/twitter?link=${encodeURIComponent('https://example.com/')}`, { token: editor });
    expect(notPost.status).toBe(422);
    expect(notPost.body.details[0]).toEqual({ message: 'This is not the address of a post on X (Twitter).', path: 'link' });
    expect((await t.request('GET', '/api/embed/twitter', { token: editor })).status).toBe(422);

    // Without Chromium a post is a card of its words.
    const card = await generate({ kind: 'url', url: link });
    expect(card.status, JSON.stringify(card.body)).toBe(200);
    expect(card.body.data).toMatchObject({ kind: 'twitter', title: 'Kuzey Medya on X', width: 550, height: 380, renderedBy: 'card' });
  });
});

describe('embeds without EMBED_ALLOW_PRIVATE', () => {
  let t: TestServer;
  let site: Host;
  let editor: string;
  beforeAll(async () => {
    site = await startSite();
    t = await startTestServer('pglite');
    editor = await t.login('editor@masthead.local');
  });
  afterAll(async () => {
    await t?.close();
    await site?.close();
  });

  it('refuses a page on a private address, and fetches nothing from it', async () => {
    for (const url of [
      `${site.url}/article`,
      `http://localhost:${new URL(site.url).port}/article`,
      'http://[::1]/',
      'http://169.254.169.254/latest/meta-data/',
    ]) {
      const { status, body } = await t.request('POST', '/api/embed/generate', { token: editor, body: { frame: { kind: 'url', url } } });
      expect({ url, status, body }).toEqual({ url, status: 422, body: { msg: 'Error!', details: [{ message: privateMessage, path: 'frame.url' }] } });
    }
    expect(site.requests).toEqual([]);
  });

  it("seeds the demo's embeds offline: a video and a button in the metro story, its card and a button in the issue ready to test-send", async () => {
    const db = t.server.context.db as any;
    const story = await db.selectFrom('stories').select(['id', 'body_html']).where('slug', '=', 'sehirde-yeni-metro-hatti-acildi').executeTakeFirstOrThrow();
    const video =
      /<figure class="mh-embed" data-embed="youtube" data-embed-id="[A-Za-z0-9]{10}" data-url="https:\/\/www\.youtube\.com\/watch\?v=M7lc1UVf-VE" data-picture="([^"]+)" data-site="YouTube"><a href="[^"]+"><img src="([^"]+)"/.exec(
        story.body_html,
      );
    expect(video, story.body_html).not.toBeNull();
    expect(story.body_html).toContain('href="https://ulasim.example/metro/sefer-saatleri?a=customButton">Sefer saatlerine bakın</a></div>');
    // Drawn from the address alone: the YouTube panel (its red) where a picture would be; the
    // e-mail's small picture is that panel with its play mark (white in the middle), without text.
    const pixels = async (url: string) =>
      sharp((await t.server.app.inject({ method: 'GET', url })).rawPayload)
        .raw()
        .toBuffer({ resolveWithObject: true });
    const colourAt = ({ data, info }: Awaited<ReturnType<typeof pixels>>, x: number, y: number) => {
      const at = (y * info.width + x) * info.channels;
      return [data[at], data[at + 1], data[at + 2]];
    };
    const full = await pixels(video![2]!);
    expect([full.info.width, full.info.height]).toEqual([600, 340]);
    expect(colourAt(full, 40, 80)).toEqual([0xcc, 0, 0]);
    const small = await pixels(video![1]!);
    expect([small.info.width, small.info.height]).toEqual([320, 180]);
    expect(colourAt(small, 20, 20)).toEqual([0xcc, 0, 0]);
    expect(colourAt(small, 160 - 20, 90)).toEqual([0xff, 0xff, 0xff]);

    // The story's page plays the video and shows the button as readers see it.
    const page = await t.server.app.inject({ method: 'GET', url: '/s/sehirde-yeni-metro-hatti-acildi' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('https://www.youtube-nocookie.com/embed/M7lc1UVf-VE');
    expect(page.body).toContain('Sefer saatlerine bakın');

    const issue = await db.selectFrom('issues').select('intro_html').where('key', 'like', 'sabah-%-sabah-bulteni-hazir').executeTakeFirstOrThrow();
    const card =
      /<figure class="mh-embed" data-embed="product" [^>]*data-url="http:\/\/console\.test\/s\/sehirde-yeni-metro-hatti-acildi" data-excerpt="[^"]+"(?: data-picture="\/uploads\/embeds\/[^"]+")? data-site="Sabah Bülteni"><a href="[^"]+"><img src="([^"]+)" alt="Şehirde Yeni Metro Hattı Açıldı" width="550" height="420"/.exec(
        issue.intro_html,
      );
    expect(card, issue.intro_html).not.toBeNull();
    expect(await storedImage(t, card![1]!)).toEqual({ width: 550, height: 420, format: 'png' });
    expect(issue.intro_html).toContain('href="http://console.test/n/sabah-bulteni?a=customButton">Bülteni bir arkadaşınıza önerin</a>');
  });
});

describe.runIf(existsSync(chromium))('embeds rendered by headless Chromium', () => {
  let t: TestServer;
  let site: Host;
  let secret: Host;
  let editor: string;
  beforeAll(async () => {
    secret = await startHost(() => ({ status: 200, type: 'image/png', body: Buffer.alloc(0) }));
    site = await startSite(secret);
    // Only the site's own origin may be private: the secret host, on another port, may not.
    t = await startTestServer('pglite', { CHROMIUM_PATH: chromium, EMBED_ALLOW_PRIVATE: site.url });
    editor = await t.login('editor@masthead.local');
  });
  afterAll(async () => {
    await t?.close();
    await site?.close();
    await secret?.close();
  });

  it('renders a page to a PNG of the embed size, refusing its request to a private address', async () => {
    const { status, body } = await t.request('POST', '/api/embed/generate', { token: editor, body: { frame: { kind: 'url', url: `${site.url}/article` } } });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.data).toMatchObject({
      kind: 'page',
      renderedBy: 'chromium',
      width: 550,
      height: 420,
      title: 'Kıyıda Bir Gün & Şehir',
      link: `${site.url}/article`,
    });
    expect(await storedImage(t, body.data.url)).toEqual({ width: 550, height: 420, format: 'png' });
    // The page loaded through the server; its image on the secret host was refused before any connection.
    expect(site.requests).toContain('/article');
    expect(secret.requests).toEqual([]);
  });

  it("still answers 'Something went wrong...' for a page that is not there, and 429 for a second render of the same user", async () => {
    const missing = await t.request('POST', '/api/embed/generate', { token: editor, body: { frame: { kind: 'url', url: `${site.url}/missing` } } });
    expect(missing.status).toBe(422);
    expect(missing.body.msg).toBe(failed);

    const first = t.request('POST', '/api/embed/generate', { token: editor, body: { frame: { kind: 'url', url: `${site.url}/article` } } });
    const second = t.request('POST', '/api/embed/generate', { token: editor, body: { frame: { kind: 'url', url: `${site.url}/article` } } });
    const answers = await Promise.all([first, second]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 429]);
    expect(answers.find((answer) => answer.status === 429)!.body).toEqual({
      msg: 'An embed is already being generated for you. Please wait for it to finish.',
    });
  });
});
