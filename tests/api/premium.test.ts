/**
 * The premium-story service (spec 002 sections 3, 5, 7, 8), below /api/premium: admins and
 * directors mark their publisher's stories premium, list them, read and set the flag and unmark
 * them; the story's public page /s/{slug} then shows its title, subtitle, image, a teaser and the
 * premium notice instead of the body, and the whole story again once the flag is cleared.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { htmlToText } from '../../core/shared/text';
import { enginesFor, startTestServer, type TestServer } from './server';

const databases = enginesFor('embedded');

/** The premium notice in the story's newsletter's language (its readers' pages speak it). */
const notices: Record<string, string> = { tr: 'Bu yazı abonelere özeldir.', en: 'This story is for subscribers only.' };

describe.each(databases)('the premium-story service on %s', (kind) => {
  let t: TestServer;
  let director: string;
  let story: { id: string; slug: string; title: string; subtitle: string; image: string; html: string };
  let egeStory: string;
  let notice: string;

  beforeAll(async () => {
    t = await startTestServer(kind);
    const db = t.server.database.db as any;
    const publisher = async (key: string) => (await db.selectFrom('publishers').select('id').where('key', '=', key).executeTakeFirstOrThrow()).id as string;
    const kuzey = await publisher('kuzey-medya');
    const rows = await db
      .selectFrom('stories')
      .select(['id', 'slug', 'publisher_id', 'newsletter_id', 'published_content'])
      .where('type', '=', 'article')
      .where('published', '=', true)
      .where('slug', 'is not', null)
      .orderBy('id')
      .execute();
    const mine = rows.find((row: any) => row.publisher_id === kuzey)!;
    const content = typeof mine.published_content === 'string' ? JSON.parse(mine.published_content) : mine.published_content;
    const { lang } = await db.selectFrom('newsletters').select('lang').where('id', '=', mine.newsletter_id).executeTakeFirstOrThrow();
    notice = notices[lang]!;
    story = { id: mine.id, slug: mine.slug, title: content.title, subtitle: content.subtitle, image: content.image, html: content.html };
    egeStory = (await db.selectFrom('stories').select('id').where('publisher_id', '!=', kuzey).orderBy('id').executeTakeFirstOrThrow()).id;
    director = await t.login('director@masthead.local');
  });
  afterAll(async () => {
    await t.close();
  });

  const page = () => t.server.app.inject({ method: 'GET', url: `/s/${story.slug}` });
  /** The story's last paragraph, as the page would show it: only the whole story has it. */
  const lastWords = () => {
    const paragraphs = [...story.html.matchAll(/<p[\s>][\s\S]*?<\/p>/gi)].map((match) => htmlToText(match[0])).filter(Boolean);
    return paragraphs[paragraphs.length - 1]!.slice(-40);
  };

  it('shows the whole story on its page while it is not premium', async () => {
    const response = await page();
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, no-cache');
    expect(response.body).not.toContain(notice);
    expect(response.body).toContain(lastWords().replace(/&/g, '&amp;').slice(-20));
  });

  it('marks a story premium (POST /premium/story), lists it, reads its flag, and its page shows a teaser and the notice instead of the body', async () => {
    const before = await page();
    const created = await t.request('POST', '/api/premium/story', {
      token: director,
      body: { key: story.slug, title: story.title, subtitle: story.subtitle, image: story.image, id: story.id, storyId: story.id, isPremium: true },
    });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      success: true,
      data: { key: story.slug, title: story.title, subtitle: story.subtitle, image: story.image, id: story.id, storyId: story.id, isPremium: true },
    });

    const list = await t.request('GET', '/api/premium/story/list', { token: director });
    expect(list.status).toBe(200);
    expect(list.body.data).toContainEqual(expect.objectContaining({ id: story.id, storyId: story.id, key: story.slug, isPremium: true }));
    expect(list.body.count).toBe(list.body.data.length);
    expect(list.body.data.every((record: { isPremium: boolean }) => record.isPremium)).toBe(true);

    expect((await t.request('GET', `/api/premium/story/${story.id}`, { token: director })).body).toEqual({ data: { id: story.id, isPremium: true } });
    // The editor's story shows the flag too: it is the same one.
    expect((await t.request('GET', `/api/stories/list/${story.id}`, { token: director })).body.data.isPremium).toBe(true);

    const after = await page();
    expect(after.statusCode).toBe(200);
    expect(after.body).toContain(notice);
    expect(after.body).toContain('class="teaser"');
    expect(after.body).toContain(`<h1>`);
    expect(after.body).toContain('class="subtitle"');
    if (story.image) expect(after.body).toContain('class="cover"');
    expect(after.body).not.toContain(lastWords().replace(/&/g, '&amp;').slice(-20));
    const teaser = /<p class="teaser">([\s\S]*?)<\/p>/.exec(after.body)![1]!;
    expect(teaser.length).toBeGreaterThan(0);
    expect(teaser.length).toBeLessThanOrEqual(260);
    // Revalidated: a cache holding the page before sees it changed at once.
    expect(after.headers.etag).not.toBe(before.headers.etag);
    const unchanged = await t.server.app.inject({ method: 'GET', url: `/s/${story.slug}`, headers: { 'if-none-match': after.headers.etag as string } });
    expect(unchanged.statusCode).toBe(304);
  });

  it('sets the flag with PUT /premium/story/{id} (success true) and unmarks with DELETE; the page shows the whole story again', async () => {
    const off = await t.request('PUT', `/api/premium/story/${story.id}`, {
      token: director,
      body: { key: story.slug, title: story.title, subtitle: story.subtitle, image: story.image, id: story.id, isPremium: false },
    });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ success: true, data: { id: story.id, isPremium: false } });
    expect((await page()).body).not.toContain(notice);
    expect((await t.request('GET', '/api/premium/story/list', { token: director })).body.data.map((record: { id: string }) => record.id)).not.toContain(
      story.id,
    );

    const on = await t.request('PUT', `/api/premium/story/${story.id}`, { token: director, body: { id: story.id, isPremium: true } });
    expect(on.body).toMatchObject({ success: true, data: { isPremium: true } });
    expect((await page()).body).toContain(notice);

    const removed = await t.request('DELETE', `/api/premium/story/${story.id}`, { token: director });
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ success: true, data: { id: story.id, isPremium: false } });
    expect((await t.request('GET', `/api/premium/story/${story.id}`, { token: director })).body).toEqual({ data: { id: story.id, isPremium: false } });
    const whole = await page();
    expect(whole.body).not.toContain(notice);
    expect(whole.body).not.toContain('class="teaser"');
    expect(whole.body).toContain(lastWords().replace(/&/g, '&amp;').slice(-20));
  });

  it('refuses a story object without an id, and an unknown story', async () => {
    const missing = await t.request('POST', '/api/premium/story', { token: director, body: { title: story.title, isPremium: true } });
    expect(missing.status).toBe(422);
    expect(missing.body.details).toEqual([expect.objectContaining({ message: 'Invalid story object: missing ID.' })]);

    const unknownUpdate = await t.request('PUT', '/api/premium/story/no-such-story', { token: director, body: { isPremium: true } });
    expect(unknownUpdate).toMatchObject({ status: 404, body: { msg: 'Failed to update the story.' } });
    expect((await t.request('POST', '/api/premium/story', { token: director, body: { storyId: 'no-such-story' } })).status).toBe(404);
    expect((await t.request('GET', '/api/premium/story/no-such-story', { token: director })).status).toBe(404);
    expect((await t.request('DELETE', '/api/premium/story/no-such-story', { token: director })).status).toBe(404);

    const badFlag = await t.request('PUT', `/api/premium/story/${story.id}`, { token: director, body: { isPremium: 'yes' } });
    expect(badFlag.status).toBe(422);
  });

  it("refuses editors, authors and anonymous callers, and answers 404 for another publisher's story", async () => {
    for (const email of ['editor@masthead.local', 'author@masthead.local']) {
      const token = await t.login(email);
      const calls: Array<[string, string, unknown?]> = [
        ['POST', '/api/premium/story', { storyId: story.id }],
        ['GET', '/api/premium/story/list'],
        ['GET', `/api/premium/story/${story.id}`],
        ['PUT', `/api/premium/story/${story.id}`, { isPremium: true }],
        ['DELETE', `/api/premium/story/${story.id}`],
      ];
      for (const [method, url, body] of calls)
        expect({ email, method, url, status: (await t.request(method, url, { token, body })).status }).toEqual({ email, method, url, status: 401 });
      expect((await t.request('GET', '/api/premium/story/list')).status).toBe(401);
    }
    expect((await t.request('PUT', `/api/premium/story/${story.id}`, { body: { isPremium: true } })).status).toBe(401);

    // Kuzey Medya's director and Ege Haber's story; Ege Haber's director and Kuzey Medya's.
    expect((await t.request('PUT', `/api/premium/story/${egeStory}`, { token: director, body: { isPremium: true } })).status).toBe(404);
    expect((await t.request('POST', '/api/premium/story', { token: director, body: { storyId: egeStory } })).status).toBe(404);
    const ege = await t.login('director@egehaber.example');
    for (const [method, body] of [['GET'], ['PUT', { isPremium: true }], ['DELETE']] as Array<[string, unknown?]>)
      expect((await t.request(method, `/api/premium/story/${story.id}`, { token: ege, body })).status).toBe(404);
    expect((await t.request('GET', '/api/premium/story/list', { token: ege })).body.data.map((record: { id: string }) => record.id)).not.toContain(story.id);
    expect((await t.request('GET', `/api/premium/story/${story.id}`, { token: director })).body.data.isPremium).toBe(false);
  });
});
