/**
 * The pages readers see (issue 31 point 2): the landing page leads with the subscribe form (the
 * e-mail address first, the other fields as the newsletter's web design asks), every page of a
 * newsletter carries the form and a footer, share cards and the feed's link; the archive and the
 * RSS feed of the published issues; 404 and 410 as pages for a browser in the newsletter's look,
 * JSON for the API; the server checks the name and city as the newsletter asks. Every kind of
 * reader page passes the Nu HTML Checker.
 */
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { constants } from '../../core/shared/config';
import { readOutbox } from '../../core/server/services/mail';
import { htmlErrors } from '../vnu';
import { startTestServer, type TestServer } from './server';

const browser = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

/** A body with a custom button and an embed of each kind, as the editor stores them (docs/decisions/0039). */
const embedsHtml = [
  '<p>Haftanın seçkisi.</p>',
  '<div class="mh-button" data-color="#ffce14"><a style="background-color:#ffce14;color:#111111" href="https://example.com/?a=customButton">Oku</a></div>',
  '<figure class="mh-embed" data-embed="youtube" data-embed-id="Ab3dE5gH9k" data-url="https://www.youtube.com/watch?v=dQw4w9WgXcQ"><a href="https://www.youtube.com/watch?v=dQw4w9WgXcQ"><img src="/uploads/embeds/video.png" alt="Haftanın videosu" width="600" height="340"></a></figure>',
  '<figure class="mh-embed" data-embed="spotify" data-embed-id="Bb3dE5gH9k" data-url="https://open.spotify.com/episode/4uLU6hMCjMI75M1A2tKUQC"><a href="https://open.spotify.com/episode/4uLU6hMCjMI75M1A2tKUQC"><img src="/uploads/embeds/episode.png" alt="Bir bölüm" width="600" height="232"></a></figure>',
  '<figure class="mh-embed" data-embed="twitter" data-embed-id="Cb3dE5gH9k" data-url="https://twitter.com/masthead/status/1234567890"><a href="https://twitter.com/masthead/status/1234567890"><img src="/uploads/embeds/post.png" alt="Bir gönderi" width="550" height="380"></a></figure>',
  '<figure class="mh-embed" data-embed="product" data-embed-id="Db3dE5gH9k" data-url="http://console.test/s/kart"><a href="http://console.test/s/kart"><img src="/uploads/embeds/card.png" alt="Bir yazı" width="550" height="420"></a></figure>',
].join('');

describe('the reader pages', () => {
  let t: TestServer;
  let director: string;
  let morning: { id: string; key: string; color: string; publisherKey: string };
  let nextAddress = 1;
  const db = () => t.server.database.db as any;

  const get = async (url: string, headers: Record<string, string> = browser) => {
    const response = await t.server.app.inject({ method: 'GET', url, headers });
    return { status: response.statusCode, body: response.body, type: String(response.headers['content-type']), headers: response.headers };
  };
  const form = async (url: string, fields: Record<string, string>) => {
    const response = await t.server.app.inject({
      method: 'POST',
      url,
      remoteAddress: `203.0.113.${nextAddress++}`,
      headers: { ...browser, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });
    return { status: response.statusCode, body: response.body };
  };
  const appSubscribe = async (body: Record<string, unknown>) => {
    const response = await t.server.app.inject({
      method: 'POST',
      url: '/api/subscribers/subscribe',
      remoteAddress: `203.0.113.${nextAddress++}`,
      payload: body,
    });
    return { status: response.statusCode, body: JSON.parse(response.body) };
  };
  const publishedIssues = (newsletterId: string) =>
    db()
      .selectFrom('issues')
      .select(['id', 'slug', 'subject', 'published_at'])
      .where('newsletter_id', '=', newsletterId)
      .where('published', '=', true)
      .orderBy('published_at', 'desc')
      .orderBy('id', 'desc')
      .execute() as Promise<{ id: string; slug: string; subject: string; published_at: Date }[]>;
  /** Gives a published story's page another body; answers what puts the old one back. */
  const publishBody = async (storyId: string, html: string) => {
    const { published_content: content } = await db().selectFrom('stories').select('published_content').where('id', '=', storyId).executeTakeFirstOrThrow();
    const put = (value: unknown) =>
      db()
        .updateTable('stories')
        .set({ published_content: JSON.stringify(value) })
        .where('id', '=', storyId)
        .execute();
    await put({ ...content, html });
    return () => put(content);
  };
  const publishedArticle = () =>
    db()
      .selectFrom('stories')
      .select(['id', 'slug', 'title', 'newsletter_id'])
      .where('newsletter_id', '=', morning.id)
      .where('published', '=', true)
      .where('type', '=', 'article')
      .where('slug', 'is not', null)
      .executeTakeFirstOrThrow() as Promise<{ id: string; slug: string; title: string }>;
  const webDesign = (body: Record<string, string>) =>
    t.request('PUT', `/api/newsletters/update/${morning.id}/design/web/update`, { token: director, body: { cover: '', ...body } });
  /** The tag `<meta property|name="name" content="...">` of a page, or undefined. */
  const metaOf = (html: string, name: string) => new RegExp(`<meta (?:property|name)="${name}" content="([^"]*)">`).exec(html)?.[1];

  beforeAll(async () => {
    t = await startTestServer('pglite');
    director = await t.login('director@masthead.local');
    const row = await db()
      .selectFrom('newsletters')
      .innerJoin('publishers', 'publishers.id', 'newsletters.publisher_id')
      .select(['newsletters.id', 'newsletters.key', 'newsletters.color', 'publishers.key as publisherKey'])
      .where('newsletters.key', '=', 'sabah-bulteni')
      .executeTakeFirstOrThrow();
    morning = row;
  }, 60_000);
  afterAll(() => t.close());

  describe('the landing page /n/{key}', () => {
    it('leads with the subscribe form, the e-mail address first, in the newsletter’s colours and with a styled button', async () => {
      const { status, body } = await get(`/n/${morning.key}`);
      expect(status).toBe(200);
      const main = body.slice(body.indexOf('<body>'));
      const formAt = main.indexOf('<form class="signup" method="post" action="/n/sabah-bulteni/subscribe">');
      expect(formAt).toBeGreaterThan(0);
      // Before anything else of the page: in its header, before the latest issues and the footer.
      expect(formAt).toBeLessThan(main.indexOf('</header>'));
      expect(formAt).toBeLessThan(main.indexOf('class="latest-issues"'));
      const form = main.slice(formAt, main.indexOf('</form>', formAt));
      const inputs = [...form.matchAll(/<input [^>]*name="(\w+)"/g)].map((match) => match[1]);
      expect(inputs).toEqual(['email', 'name']);
      expect(form).toMatch(/<input type="email" name="email" required/);
      expect(form).toContain('<button class="button" type="submit">Abone ol</button>');
      expect(body).toContain(`--brand: ${morning.color};`);
      expect(body).toMatch(/\.button \{[^}]*background: var\(--brand\)/);
    });

    it('lists the latest published issues, newest first, with their dates, linked to /i/{slug}; the archive holds the rest', async () => {
      const issues = await publishedIssues(morning.id);
      expect(issues.length).toBeGreaterThan(0);
      const { body } = await get(`/n/${morning.key}`);
      const section = body.slice(body.indexOf('<section class="latest-issues"'), body.indexOf('</section>', body.indexOf('class="latest-issues"')));
      const links = [...section.matchAll(/<li><a href="([^"]+)">/g)].map((match) => match[1]);
      expect(links).toEqual(issues.slice(0, constants.pageSizes.landingIssues).map((issue) => `/i/${issue.slug}`));
      expect(section).toContain(`<time datetime="${issues[0]!.published_at.toISOString()}">`);
    });

    it('pages the archive, newest first, with links to older and newer pages, and refuses a page that is not one', async () => {
      // Enough published issues for three pages of the archive.
      const size = constants.pageSizes.archive;
      const base = Date.parse('2020-01-01T08:00:00Z');
      const rows = Array.from({ length: size * 2 }, (_, index) => ({
        id: `archive-${index}`,
        newsletter_id: morning.id,
        key: `archive-${index}`,
        subject: `Arşiv sayısı ${index}`,
        slug: `arsiv-sayisi-${index}`,
        intro_id: `archive-intro-${index}`,
        draft: false,
        published: true,
        published_at: new Date(base + index * 86_400_000),
      }));
      const publisherId = (await db().selectFrom('newsletters').select('publisher_id').where('id', '=', morning.id).executeTakeFirstOrThrow()).publisher_id;
      await db()
        .insertInto('issues')
        .values(rows.map((row) => ({ ...row, publisher_id: publisherId })))
        .execute();
      const issues = await publishedIssues(morning.id);

      const landing = (await get(`/n/${morning.key}`)).body;
      expect(landing).toContain(`<a class="more" href="/n/${morning.key}/archive">Tüm sayılar →</a>`);

      const first = await get(`/n/${morning.key}/archive`);
      expect(first.status).toBe(200);
      const linksOf = (html: string) => [...html.matchAll(/<li><a href="(\/i\/[^"]+)">/g)].map((match) => match[1]);
      expect(linksOf(first.body)).toEqual(issues.slice(0, size).map((issue) => `/i/${issue.slug}`));
      expect(first.body).toContain(`href="/n/${morning.key}/archive?page=2" rel="next"`);
      expect(first.body).not.toContain('rel="prev"');
      const second = await get(`/n/${morning.key}/archive?page=2`);
      expect(linksOf(second.body)).toEqual(issues.slice(size, size * 2).map((issue) => `/i/${issue.slug}`));
      expect(second.body).toContain(`href="/n/${morning.key}/archive" rel="prev"`);
      const last = Math.ceil(issues.length / size);
      expect((await get(`/n/${morning.key}/archive?page=${last}`)).body).not.toContain('rel="next"');
      expect((await get(`/n/${morning.key}/archive?page=${last + 1}`)).status).toBe(404);
      for (const page of ['0', 'iki', String(constants.pageSizes.archivePagesMax + 1)]) {
        const refused = await get(`/n/${morning.key}/archive?page=${page}`);
        expect(refused.status, page).toBe(422);
        expect(refused.type).toContain('text/html');
        expect((await get(`/n/${morning.key}/archive?page=${page}`, { accept: 'application/json' })).status).toBe(422);
      }
      await db().deleteFrom('issues').where('id', 'like', 'archive-%').execute();
    });
  });

  describe('the pages of an issue and a story', () => {
    it('carry the subscribe form in a band after the content, reached from a button in the header', async () => {
      const [issue] = await publishedIssues(morning.id);
      const story = await publishedArticle();
      for (const path of [`/i/${issue!.slug}`, `/s/${story.slug}`]) {
        const { status, body } = await get(path);
        expect(status, path).toBe(200);
        const band = body.indexOf('<section class="band" id="abone-ol">');
        expect(band, path).toBeGreaterThan(body.indexOf('</article>'));
        expect(body.indexOf('<form class="signup" method="post" action="/n/sabah-bulteni/subscribe">'), path).toBeGreaterThan(band);
        expect(body, path).toMatch(/<header class="masthead">.*<a class="button" href="#abone-ol">Abone ol<\/a>/);
      }
    });

    it('subscribes from the form of an issue page, and the confirmation link works', async () => {
      const email = 'sayfa.okuru@example.com';
      const answer = await form(`/n/${morning.key}/subscribe`, { email, name: 'Sayfa Okuru' });
      expect(answer.status).toBe(200);
      expect(answer.body).toContain('e-posta kutunuza');
      const path = confirmationOf(email);
      const confirmed = await get(path);
      expect(confirmed.status).toBe(200);
      expect(confirmed.body).toContain('Aboneliğiniz onaylandı');
    });
  });

  /** The confirmation link of the latest e-mail to an address, as a path. */
  const confirmationOf = (email: string) => {
    const mail = readOutbox(t.dataDir).find((message) => message.to === email)!;
    return /http:\/\/console\.test(\/n\/[^/\s"]+\/confirm\/[\w.-]+)/.exec(mail.text)![1]!;
  };

  describe('the pages after an action lead somewhere', () => {
    it('after subscribing: the address the e-mail went to, and a button that sends it again', async () => {
      const email = 'adres.gosterilen@example.com';
      const answer = await form(`/n/${morning.key}/subscribe`, { email });
      expect(answer.status).toBe(200);
      expect(answer.body).toContain('<h1>E-posta kutunuza bakın</h1>');
      expect(answer.body).toContain(`Onay e-postasını şu adrese gönderdik: <strong>${email}</strong>`);
      const token = /name="token" value="([^"]+)"/.exec(answer.body)![1]!;
      expect(answer.body).toContain(
        `<form method="post" action="/n/${morning.key}/subscribe/resend"><input type="hidden" name="token" value="${token}"><button class="button secondary" type="submit">Onay e-postasını yeniden gönder</button></form>`,
      );
      const mails = () => readOutbox(t.dataDir).filter((message) => message.to === email);
      expect(mails()).toHaveLength(1);
      const resent = await form(`/n/${morning.key}/subscribe/resend`, { token });
      expect(resent.status).toBe(200);
      expect(resent.body).toContain(`Onay e-postasını yeniden gönderdik: <strong>${email}</strong>`);
      expect(mails()).toHaveLength(2);
      expect((await get(confirmationOf(email))).status).toBe(200);
    });

    it('after confirming: the latest issue with its date and a link to read it on the web, and the newsletter’s page', async () => {
      const [latest] = await publishedIssues(morning.id);
      const email = 'son.sayi.okuru@example.com';
      await form(`/n/${morning.key}/subscribe`, { email });
      const confirmed = await get(confirmationOf(email));
      expect(confirmed.status).toBe(200);
      expect(confirmed.body).toContain('<h2 id="son-sayi">Son sayı</h2>');
      const date = new Intl.DateTimeFormat('tr-TR', { day: '2-digit', month: 'long', year: 'numeric', timeZone: 'Europe/Istanbul' }).format(
        latest!.published_at,
      );
      expect(confirmed.body).toContain(
        `<ol class="issues"><li><a href="/i/${latest!.slug}">${latest!.subject}</a><time datetime="${latest!.published_at.toISOString()}">${date}</time>`,
      );
      expect(confirmed.body).toContain(`<a class="button" href="/i/${latest!.slug}">Son sayıyı web’de okuyun</a>`);
      expect(confirmed.body).toContain(`<a class="more" href="/n/${morning.key}">Sabah Bülteni sayfasına gidin</a>`);
      expect((await get(`/i/${latest!.slug}`)).status).toBe(200);
    });

    it('after confirming to a newsletter with no issue out yet: a sentence saying so, and the newsletter’s page', async () => {
      const issues = await publishedIssues(morning.id);
      const email = 'ilk.sayiyi.bekleyen@example.com';
      await form(`/n/${morning.key}/subscribe`, { email });
      await db()
        .updateTable('issues')
        .set({ published: false })
        .where(
          'id',
          'in',
          issues.map((issue) => issue.id),
        )
        .execute();
      try {
        const confirmed = await get(confirmationOf(email));
        expect(confirmed.status).toBe(200);
        expect(confirmed.body).toContain('Henüz yayımlanmış bir sayı yok: ilk sayı yayımlandığında e-posta kutunuza gelecek.');
        expect(confirmed.body).not.toContain('Son sayı</h2>');
        expect(confirmed.body).toContain(`<a class="more" href="/n/${morning.key}">Sabah Bülteni sayfasına gidin</a>`);
      } finally {
        await db()
          .updateTable('issues')
          .set({ published: true })
          .where(
            'id',
            'in',
            issues.map((issue) => issue.id),
          )
          .execute();
      }
    });
  });

  it('ends every reader page with a footer: the newsletter, its publisher, its RSS feed and podcast, and Masthead', async () => {
    const [issue] = await publishedIssues(morning.id);
    const story = await publishedArticle();
    for (const path of [`/n/${morning.key}`, `/i/${issue!.slug}`, `/s/${story.slug}`, `/n/${morning.key}/archive`]) {
      const { body } = await get(path);
      const footer = body.slice(body.indexOf('<footer class="site-footer">'), body.indexOf('</footer>'));
      expect(footer, path).toContain(`<a href="/n/${morning.key}">Sabah Bülteni</a>`);
      expect(footer, path).toContain(`<a href="/p/${morning.publisherKey}">`);
      expect(footer, path).toContain(`<a href="/n/${morning.key}/rss.xml" rel="alternate">RSS</a>`);
      // The demo newsletter has published episodes: its podcast is linked.
      expect(footer, path).toContain(`<a href="/n/${morning.key}/podcast.xml">Podcast</a>`);
      expect(footer, path).toContain('Masthead ile yayınlanır');
    }
  });

  it('describes each page for sharing (OpenGraph, Twitter) with absolute addresses, and links the feed', async () => {
    const [issue] = await publishedIssues(morning.id);
    const story = await publishedArticle();
    const collection = await db().selectFrom('collections').select(['slug', 'id']).where('published', '=', true).executeTakeFirstOrThrow();
    const pages: [string, 'article' | 'website'][] = [
      [`/n/${morning.key}`, 'website'],
      [`/p/${morning.publisherKey}`, 'website'],
      [`/i/${issue!.slug}`, 'article'],
      [`/s/${story.slug}`, 'article'],
      [`/c/${collection.slug || collection.id}`, 'website'],
    ];
    for (const [path, type] of pages) {
      const { body } = await get(path);
      expect(metaOf(body, 'og:type'), path).toBe(type);
      expect(metaOf(body, 'og:url'), path).toBe(`http://console.test${path}`);
      expect(metaOf(body, 'og:title'), path).toBeTruthy();
      expect(metaOf(body, 'og:image'), path).toMatch(/^https?:\/\//);
      expect(metaOf(body, 'twitter:card'), path).toBe('summary_large_image');
    }
    const issuePage = (await get(`/i/${issue!.slug}`)).body;
    expect(metaOf(issuePage, 'og:title')).toBe(issue!.subject);
    expect(metaOf((await get(`/s/${story.slug}`)).body, 'og:title')).toBe(story.title);
    expect(issuePage).toContain(`<link rel="alternate" type="application/rss+xml" title="Sabah Bülteni" href="http://console.test/n/${morning.key}/rss.xml">`);
  });

  it('serves an RSS 2.0 feed of the published issues, newest first, each linked to its page, the intro sanitized', async () => {
    const issues = await publishedIssues(morning.id);
    const before = await db().selectFrom('issues').select(['intro_html', 'subject']).where('id', '=', issues[0]!.id).executeTakeFirstOrThrow();
    await db()
      .updateTable('issues')
      .set({ intro_html: '<p>Günaydın<img src="/uploads/x.png" onerror="alert(1)"><script>alert(2)</script></p>', subject: 'Bir & iki <üç>' })
      .where('id', '=', issues[0]!.id)
      .execute();
    const { status, body, type, headers } = await get(`/n/${morning.key}/rss.xml`, {});
    expect(status).toBe(200);
    expect(type).toContain('application/rss+xml');
    expect(headers['cache-control']).toBe('public, max-age=300');
    const feed = new XMLParser({ ignoreAttributes: false }).parse(body);
    expect(feed.rss['@_version']).toBe('2.0');
    const channel = feed.rss.channel;
    expect(channel.title).toBe('Sabah Bülteni');
    expect(channel.link).toBe(`http://console.test/n/${morning.key}`);
    const items = [channel.item].flat();
    expect(items).toHaveLength(Math.min(issues.length, constants.pageSizes.feedItems));
    expect(items.map((item: { link: string }) => item.link)).toEqual(
      issues.slice(0, constants.pageSizes.feedItems).map((issue) => `http://console.test/i/${issue.slug}`),
    );
    expect(items[0].title).toBe('Bir & iki <üç>');
    expect(new Date(items[0].pubDate).toISOString()).toBe(new Date(Math.floor(issues[0]!.published_at.getTime() / 1000) * 1000).toISOString());
    expect(items[0].description).toContain('<img src="http://console.test/uploads/x.png"');
    expect(items[0].description).not.toContain('onerror');
    expect(items[0].description).not.toContain('<script>');
    expect((await get('/n/olmayan-bulten/rss.xml', {})).status).toBe(404);
    await db().updateTable('issues').set(before).where('id', '=', issues[0]!.id).execute();
  });

  describe('404 and 410', () => {
    it('answers a browser with a page in the newsletter’s look, any other caller with JSON in the envelope', async () => {
      const page = await get(`/n/${morning.key}/olmayan-sayfa`);
      expect(page.status).toBe(404);
      expect(page.type).toContain('text/html');
      expect(page.body).toContain('<h1>Sayfa bulunamadı</h1>');
      expect(page.body).toContain(`--brand: ${morning.color};`);
      expect(page.body).toContain(`<a class="button" href="/n/${morning.key}">Ana sayfaya dön</a>`);

      const unknownIssue = await get('/i/boyle-bir-sayi-yok');
      expect(unknownIssue.status).toBe(404);
      expect(unknownIssue.type).toContain('text/html');
      // No newsletter known: Masthead's look, and the way to the site's home.
      expect(unknownIssue.body).toContain('--brand: #ffce14;');
      expect(unknownIssue.body).toContain('<a class="button" href="/">Ana sayfaya dön</a>');
      const unknownNewsletter = await get('/n/boyle-bir-bulten-yok/arsiv');
      expect(unknownNewsletter.status).toBe(404);
      expect(unknownNewsletter.body).toContain('<a class="button" href="/">Ana sayfaya dön</a>');

      const json = await get('/i/boyle-bir-sayi-yok', { accept: 'application/json' });
      expect(json.status).toBe(404);
      expect(JSON.parse(json.body)).toEqual({ msg: 'Issue not found.' });
      const api = await get('/api/boyle-bir-adres-yok', browser);
      expect(api.status).toBe(404);
      expect(api.type).toContain('application/json');
      expect(JSON.parse(api.body)).toEqual({ msg: 'No such address: GET /api/boyle-bir-adres-yok' });
      expect((await get(`/n/${morning.key}/olmayan-sayfa`, { accept: 'application/json' })).type).toContain('application/json');
    });

    it('answers 410 for an issue or a story published once and no more, in its newsletter’s look; 404 for one never published', async () => {
      const [issue] = await publishedIssues(morning.id);
      const story = await publishedArticle();
      await db().updateTable('issues').set({ published: false }).where('id', '=', issue!.id).execute();
      await db().updateTable('stories').set({ published: false }).where('id', '=', story.id).execute();
      for (const path of [`/i/${issue!.slug}`, `/s/${story.slug}`]) {
        const page = await get(path);
        expect(page.status, path).toBe(410);
        expect(page.body, path).toContain('<h1>Bu sayfa artık yayında değil</h1>');
        expect(page.body, path).toContain(`--brand: ${morning.color};`);
        const json = await get(path, { accept: 'application/json' });
        expect(json.status, path).toBe(410);
        expect(Object.keys(JSON.parse(json.body)), path).toEqual(['msg']);
      }
      await db().updateTable('issues').set({ published: true }).where('id', '=', issue!.id).execute();
      await db().updateTable('stories').set({ published: true }).where('id', '=', story.id).execute();

      const draft = await db()
        .selectFrom('issues')
        .select('slug')
        .where('newsletter_id', '=', morning.id)
        .where('published_at', 'is', null)
        .executeTakeFirstOrThrow();
      expect((await get(`/i/${draft.slug}`)).status).toBe(404);
    });
  });

  describe("the subscribe form's fields, as the newsletter's web design asks", () => {
    it('saves the choice with the web design, shows it on the pages, and the server obeys it on the form and in the apps', async () => {
      // Default: a name may be given, no city is asked; a form without a name subscribes.
      expect((await t.request('GET', `/api/newsletters/update/${morning.id}/design/web/update`, { token: director })).body.data.body).toMatchObject({
        nameField: 'optional',
        cityField: 'hidden',
      });
      expect((await form(`/n/${morning.key}/subscribe`, { email: 'adsiz.okur@example.com' })).status).toBe(200);
      expect((await appSubscribe({ newsletter: morning.key, email: 'adsiz.uygulama@example.com', source: 'ios' })).status).toBe(200);

      const saved = await webDesign({ nameField: 'required', cityField: 'required' });
      expect(saved.status).toBe(200);
      expect(saved.body.data.body).toMatchObject({ nameField: 'required', cityField: 'required' });
      const page = (await get(`/n/${morning.key}`)).body;
      expect(page).toMatch(/<input type="text" name="name" required/);
      expect(page).toMatch(/<input type="text" name="city" required/);
      const noName = await form(`/n/${morning.key}/subscribe`, { email: 'isimsiz.okur@example.com', city: 'Bursa' });
      expect(noName.status).toBe(422);
      expect(noName.body).toContain('Lütfen adınızı yazın.');
      const noCity = await form(`/n/${morning.key}/subscribe`, { email: 'sehirsiz.okur@example.com', name: 'Şehirsiz Okur' });
      expect(noCity.status).toBe(422);
      expect(noCity.body).toContain('Lütfen şehrinizi yazın.');
      expect(await appSubscribe({ newsletter: morning.key, email: 'isimsiz.uygulama@example.com', city: 'Bursa', source: 'android' })).toEqual({
        status: 422,
        body: { msg: 'Error!', details: [{ message: 'Lütfen adınızı yazın.', path: 'name' }] },
      });
      expect((await form(`/n/${morning.key}/subscribe`, { email: 'tam.okur@example.com', name: 'Tam Okur', city: 'Bursa' })).status).toBe(200);

      // Not asked: no field, and whatever is sent is not kept.
      await webDesign({ nameField: 'hidden', cityField: 'hidden' });
      const bare = (await get(`/n/${morning.key}`)).body;
      expect(bare).not.toContain('name="name"');
      expect(bare).not.toContain('name="city"');
      expect((await webDesign({ nameField: 'sometimes' })).status).toBe(422);
      await webDesign({ nameField: 'optional', cityField: 'hidden' });
    });
  });

  it("plays a story's embeds on its page, and lets only story and issue pages frame the players", async () => {
    const story = await publishedArticle();
    const restore = await publishBody(story.id, embedsHtml);
    const page = await get(`/s/${story.slug}`);
    await restore();
    expect(page.body).toContain('<iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ" title="Haftanın videosu" width="600" height="340"');
    expect(page.body).toContain('<iframe src="https://open.spotify.com/embed/episode/4uLU6hMCjMI75M1A2tKUQC" title="Bir bölüm" width="600" height="232"');
    expect(page.body).toContain(
      '<blockquote class="twitter-tweet" data-dnt="true"><a href="https://twitter.com/masthead/status/1234567890"><img src="/uploads/embeds/post.png"',
    );
    expect(page.body).toContain('<a href="http://console.test/s/kart"><img src="/uploads/embeds/card.png" alt="Bir yazı" width="550" height="420" /></a>');
    expect(page.body).toContain('<a style="background-color:#ffce14;color:#111111" href="https://example.com/?a=customButton">Oku</a>');
    const policy = String(page.headers['content-security-policy']);
    expect(policy).toMatch(/frame-src 'self' https:\/\/www\.youtube-nocookie\.com https:\/\/open\.spotify\.com/);
    expect(policy).toMatch(/script-src 'self' https:\/\/platform\.twitter\.com/);
    for (const elsewhere of [`/n/${morning.key}`, '/']) {
      const other = String((await get(elsewhere)).headers['content-security-policy']);
      expect(other, elsewhere).toContain("frame-src 'self';");
      expect(other, elsewhere).not.toContain('twitter');
    }
  });

  it('passes the Nu HTML Checker: every kind of reader page, the subscribe answers, the 404 and 410 pages', async () => {
    const [issue] = await publishedIssues(morning.id);
    const story = await publishedArticle();
    const collection = await db().selectFrom('collections').select(['slug', 'id']).where('published', '=', true).executeTakeFirstOrThrow();
    const subscriber = await db().selectFrom('subscribers').select('id').where('newsletter_id', '=', morning.id).executeTakeFirstOrThrow();
    await webDesign({ nameField: 'optional', cityField: 'required' });
    const documents: Record<string, string> = {
      landing: (await get(`/n/${morning.key}`)).body,
      archive: (await get(`/n/${morning.key}/archive`)).body,
      publisher: (await get(`/p/${morning.publisherKey}`)).body,
      issue: (await get(`/i/${issue!.slug}`)).body,
      story: (await get(`/s/${story.slug}`)).body,
      collection: (await get(`/c/${collection.slug || collection.id}`)).body,
      unsubscribe: (await get(`/u/${t.server.context.links.sign(subscriber.id)}`)).body,
      unsubscribed: (await form(`/u/${t.server.context.links.sign(subscriber.id)}`, { reason: constants.audience.cancellationReasons[0]!, other: '' })).body,
      unknownLink: (await get('/u/bozuk-bir-baglanti')).body,
      subscribeAsked: (await form(`/n/${morning.key}/subscribe`, { email: 'vnu.okur@example.com', city: 'Van' })).body,
      confirmed: (await get(confirmationOf('vnu.okur@example.com'))).body,
      subscribeRefused: (await form(`/n/${morning.key}/subscribe`, { email: 'bozuk' })).body,
      subscribeUnknown: (await form('/n/olmayan-bulten/subscribe', { email: 'a@example.com' })).body,
      confirmUnknown: (await get(`/n/${morning.key}/confirm/bozuk`)).body,
      notFound: (await get(`/n/${morning.key}/yok`)).body,
      notFoundMasthead: (await get('/s/boyle-bir-yazi-yok')).body,
      badAddress: (await get(`/n/${morning.key}/archive?page=iki`)).body,
    };
    documents.resent = (await form(`/n/${morning.key}/subscribe/resend`, { token: /name="token" value="([^"]+)"/.exec(documents.subscribeAsked!)![1]! })).body;
    documents.resendRefused = (await form(`/n/${morning.key}/subscribe/resend`, { token: 'bozuk' })).body;
    const restore = await publishBody(story.id, embedsHtml);
    documents.storyWithEmbeds = (await get(`/s/${story.slug}`)).body;
    await restore();
    await webDesign({ nameField: 'optional', cityField: 'hidden' });
    await db().updateTable('stories').set({ published: false }).where('id', '=', story.id).execute();
    documents.gone = (await get(`/s/${story.slug}`)).body;
    await db().updateTable('stories').set({ published: true }).where('id', '=', story.id).execute();
    for (const [name, html] of Object.entries(documents)) expect(html, name).toMatch(/^<!doctype html>/);
    const errors = await htmlErrors(documents);
    expect(Object.fromEntries(Object.entries(errors).filter(([, found]) => found.length > 0))).toEqual({});
  }, 60_000);
});
