/**
 * No dead ends (issue 29, decision 0033), against the real server and a real SMTP server: an
 * article in an issue shows its headline and subtitle with a 'Read more' ('Devamını oku') link in
 * the e-mail and on /i/{slug}; an article never published on its own gets its page when the issue
 * is published, and the link in every subscriber's copy (through the click redirect) leads to it;
 * a premium article's page, the issue's page and the e-mail never show its body; a bullet is
 * shown whole, with no link. The demo's published issues carry such an article.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { premiumNotice } from '../../plugins/stories/teaser';
import type { Issue } from '../../schemas/generated/entities/issue';
import type { Story } from '../../schemas/generated/entities/story';
import { enginesFor, keepEmailSubscribers, startTestServer, until, type TestServer } from './server';
import { startSmtpSink, type SmtpSink } from './smtp-sink';

const databases = enginesFor('embedded');

const publicUrl = 'http://console.test';
/** The link under an article in the demo's Turkish newsletter's e-mail and page. */
const readMoreText = 'Devamını oku';
const publishOptions = (test: boolean) => ({ test, publishOnly: false, overridePublishedAt: false, mediums: { email: true, notification: false } });
/** The 'Read more' links of an HTML text, as their addresses. */
const readMoreLinks = (html: string) =>
  [...html.matchAll(new RegExp(`<a\\b[^>]*href="([^"]+)"[^>]*>${readMoreText}</a>`, 'g'))].map((match) => match[1]!.replace(/&amp;/g, '&'));

describe.each(databases)("'Read more' in an issue on %s", (kind) => {
  let t: TestServer;
  let sink: SmtpSink;
  let admin: string;
  let director: string;
  let morning: string;

  const call = async (token: string, method: string, url: string, body?: unknown) => {
    const answer = await t.request(method, `/api${url}`, { token, body });
    expect(answer.status, `${method} ${url}: ${JSON.stringify(answer.body)}`).toBe(200);
    return answer.body;
  };
  const inIssue = (issueId: string, storyIds: string[]) =>
    sql`update stories set issue_id = ${issueId} where id in (${sql.join(storyIds)})`.execute(t.server.database.db);
  const page = (url: string) => t.server.app.inject({ method: 'GET', url });
  const article = async (title: string, paragraphs: string[]): Promise<Story> => {
    const created: Story = (
      await call(director, 'POST', '/stories/create', {
        newsletter: morning,
        type: 'article',
        story: {
          title,
          subtitle: `${title}: alt başlık`,
          image: '/demo/sabah-bulteni.svg',
          body: { html: paragraphs.map((paragraph) => `<p>${paragraph}</p>`).join('') },
        },
      })
    ).data;
    return (await call(director, 'PUT', `/stories/accept/${created._id}`)).data;
  };

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await startTestServer(kind, { SMTP_URL: sink.url, PUBLIC_URL: publicUrl });
    const newsletter = await t.server.database.db
      .selectFrom('newsletters')
      .select(['id', 'publisher_id'])
      .where('key', '=', 'sabah-bulteni')
      .executeTakeFirstOrThrow();
    morning = newsletter.id;
    const token = await t.login('admin@masthead.local');
    admin = (await t.request('PUT', '/api/auth/scope', { token, body: { publisher: newsletter.publisher_id } })).body.data;
    director = await t.login('director@masthead.local');
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await sink?.close();
  });

  it("shows the demo's published issues with a 'Read more' that leads to the article", async () => {
    const { rows } = await sql<{ slug: string }>`select slug from issues where newsletter_id = ${morning} and published order by published_at`.execute(
      t.server.database.db,
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const { slug } of rows) {
      const issuePage = await page(`/i/${slug}`);
      expect(issuePage.statusCode).toBe(200);
      const links = readMoreLinks(issuePage.body);
      expect(links).toHaveLength(1);
      const articlePage = await page(links[0]!);
      expect(articlePage.statusCode).toBe(200);
      expect(articlePage.body).toContain('<h1>');
      expect(articlePage.body).not.toContain(premiumNotice);
    }
  });

  it('publishing an issue gives its articles their pages, and every copy links to them; a premium article stays behind its notice', async () => {
    const freeText = 'Kıyı boyunca yeni yürüyüş yolu tamamlandı.';
    const freeEnd = 'Yolun ikinci bölümü ilkbaharda açılacak ve parkla birleşecek.';
    const free = await article('Sahilde Yeni Yürüyüş Yolu', [freeText, freeEnd]);
    const premiumEnd = 'Raporun tamamı yalnızca abonelere açık olan bu paragrafta.';
    const premium = await article('Kira Artışları Raporu', ['Kiralar son bir yılda belirgin biçimde arttı.', premiumEnd]);
    expect((await t.request('POST', '/api/premium/story', { token: director, body: { storyId: premium._id, isPremium: true } })).status).toBe(200);
    const bulletText = 'Vapur seferleri yarın 06.00’da başlıyor.';
    const bullet: Story = (
      await call(director, 'POST', '/stories/create', { newsletter: morning, type: 'bullet', story: { body: { html: `<p>• ${bulletText}</p>` } } })
    ).data;
    await call(director, 'PUT', `/stories/accept/${bullet._id}`);
    for (const story of [free, premium]) expect(story.status.published).toBe(false);
    // Not public yet: neither has a page of its own.
    expect((await page(`/s/${free.slug}`)).statusCode).toBe(404);

    const created: Issue = (
      await call(director, 'POST', '/issues/create', {
        newsletter: morning,
        slug: 'okuma-bulteni',
        subject: 'Okuma Bülteni: sahil ve kiralar',
        channelsNew: [{ title: 'Gündem', stories: [] }],
      })
    ).data;
    // As the editor's 'add story' does (a live operation), then placed in order with the spec's PUT.
    await inIssue(created._id, [bullet._id, free._id, premium._id]);
    const channels = created.channelsNew.map((channel) =>
      channel.title === 'Gündem' ? { ...channel, stories: [bullet._id, free._id, premium._id] } : channel,
    );
    await call(director, 'PUT', `/issues/update/${created._id}/channels`, { channelsNew: channels });
    await call(director, 'PUT', `/issues/update/${created._id}/edit`, {
      issue: {
        subject: 'Okuma Bülteni: sahil ve kiralar',
        preview: 'Sahil yolu ve kira raporu',
        notification: { title: 'Okuma Bülteni', body: 'Sahil ve kiralar' },
      },
    });

    // The preview and the test already show the links the published issue will have.
    const expected = [`${publicUrl}/s/${free.slug}`, `${publicUrl}/s/${premium.slug}`];
    const preview = (await call(director, 'POST', `/issues/build/${created._id}`)).data;
    expect(readMoreLinks(preview.html)).toEqual(expected);
    expect(preview.text).toContain(`${readMoreText}: ${expected[0]}`);
    expect(preview.html).toContain(bulletText);
    expect(preview.html).not.toContain(premiumEnd);
    await call(director, 'POST', `/issues/publish/${created._id}`, { publishOptions: publishOptions(true) });
    expect(readMoreLinks((await sink.parse(sink.received[0]!)).html as string)).toEqual(expected);

    // One subscriber's copy is what is read: the other 2,800 of the demo would only cost the send.
    await keepEmailSubscribers(t.server.database.db, morning, 5);
    sink.received.length = 0;
    sink.count = 0;
    await call(admin, 'POST', `/issues/publish/${created._id}`, { publishedAt: new Date().toISOString(), publishOptions: publishOptions(false) });
    const sent = async (): Promise<Issue> => (await call(director, 'GET', `/issues/list/${created._id}`)).data;
    expect(await until(async () => (await sent()).status.emailed, 120_000)).toBe(true);
    const issue = await sent();

    // Released with the issue, dated as it.
    for (const story of [free, premium]) {
      const now: Story = (await call(director, 'GET', `/stories/list/${story._id}`)).data;
      expect(now.status.published).toBe(true);
      expect(now.publishedAt).toBe(issue.publishedAt);
    }

    // A subscriber's copy: each 'Read more' goes through the click redirect to the article's page.
    const copy = await sink.parse(sink.received[0]!);
    const tracked = readMoreLinks(copy.html as string);
    expect(tracked).toHaveLength(2);
    const targets: string[] = [];
    for (const link of tracked) {
      expect(link.startsWith(`${publicUrl}/t/c/`)).toBe(true);
      const redirect = await page(link.slice(publicUrl.length));
      expect(redirect.statusCode).toBe(302);
      targets.push(String(redirect.headers.location));
    }
    expect(targets).toEqual(expected);
    expect(copy.text).toContain(`${readMoreText}: ${expected[0]}`);
    expect(copy.html).not.toContain(premiumEnd);

    const freePage = await page(`/s/${free.slug}`);
    expect(freePage.statusCode).toBe(200);
    expect(freePage.body).toContain('Sahilde Yeni Yürüyüş Yolu');
    expect(freePage.body).toContain(freeEnd);
    const premiumPage = await page(`/s/${premium.slug}`);
    expect(premiumPage.statusCode).toBe(200);
    expect(premiumPage.body).toContain(premiumNotice);
    expect(premiumPage.body).not.toContain(premiumEnd);

    // The issue's page: the same links, the bullet whole, the premium body nowhere.
    const issuePage = await page(`/i/${issue.slug}`);
    expect(issuePage.statusCode).toBe(200);
    expect(readMoreLinks(issuePage.body)).toEqual([`/s/${free.slug}`, `/s/${premium.slug}`]);
    expect(issuePage.body).toContain(`<a href="/s/${free.slug}">Sahilde Yeni Yürüyüş Yolu</a>`);
    expect(issuePage.body).toContain(bulletText);
    expect(issuePage.body).not.toContain(freeEnd);
    expect(issuePage.body).not.toContain(premiumEnd);
  }, 180_000);

  it('leaves an article taken off its page off it, with no link', async () => {
    const { rows } = await sql<{ id: string; slug: string }>`select id, slug from issues where newsletter_id = ${morning} and slug = 'okuma-bulteni'`.execute(
      t.server.database.db,
    );
    const issueId = rows[0]!.id;
    const unpublished = await article('Eski Çarşı Yeniden Açıldı', ['Çarşı iki ay sonra kapılarını yeniden açtı.']);
    const issue: Issue = (await call(director, 'GET', `/issues/list/${issueId}`)).data;
    await inIssue(issueId, [unpublished._id]);
    const channels = issue.channelsNew.map((channel) =>
      channel.title === 'Gündem' ? { ...channel, stories: [...channel.stories, unpublished._id] } : channel,
    );
    await call(director, 'PUT', `/issues/update/${issueId}/channels`, { channelsNew: channels });
    // Published once, then taken off on purpose: the issue does not bring it back.
    await sql`update stories set published = false, published_at = ${new Date()} where id = ${unpublished._id}`.execute(t.server.database.db);
    const preview = (await call(director, 'POST', `/issues/build/${issueId}`)).data;
    expect(readMoreLinks(preview.html)).toHaveLength(2);
    expect(preview.html).toContain('Eski Çarşı Yeniden Açıldı');
    expect(readMoreLinks(String((await page(`/i/${issue.slug}`)).body))).toHaveLength(2);
  });
});
