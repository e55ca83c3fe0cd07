/**
 * Premium rules hold wherever a story's content goes (issue 26, points 6 and 8). A premium
 * article's audio cannot become a public podcast episode, and an article's episode leaves the feed
 * when the article is made premium, held out of it until the article is free again. A premium bullet shows its teaser and the notice, never its
 * whole text, on the issue's page, in the issue's e-mail, and in what the issue's audio reads.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOutbox } from '../../core/server/services/mail';
import { htmlToText } from '../../core/shared/text';
import type { IssueTables } from '../../plugins/issues/server/tables';
import { issueItems } from '../../plugins/speech/server/content';
import type { StoryTables } from '../../plugins/stories/server/tables';
import { startTestServer, type TestServer } from '../api/server';

const premiumNotice = 'Bu yazı abonelere özeldir.';
const premiumEpisode = 'Premium content is for subscribers: its audio cannot be a public podcast episode.';
const withheld = "This episode's story is premium: its audio stays out of the podcast while it is.";

describe('premium content', () => {
  let t: TestServer;
  let director: string;
  let sabah: string;

  const db = () => t.server.database.db.withTables<StoryTables & IssueTables>();
  const call = (method: string, url: string, body?: unknown) => t.request(method, `/api${url}`, { token: director, body });
  const feed = async () => String((await t.request('GET', '/n/sabah-bulteni/podcast.xml')).body);
  const markPremium = async (storyId: string) => expect((await call('POST', '/premium/story', { storyId })).status).toBe(200);

  /** A built audio of the story: one chunk spoken and joined. */
  async function builtAudio(storyId: string, text: string) {
    const chunk = (await call('PUT', '/chunks/create', { content_id: storyId, content_type: 'article', text })).body.data;
    expect((await call('GET', `/chunks/generate/${chunk.id}?type=instant`)).status).toBe(200);
    const audio = (await call('POST', '/audios/create', { chunks: [chunk.id] })).body.data;
    expect((await call('GET', `/audios/concat/${audio.id}`)).status).toBe(200);
    return audio.id as string;
  }

  /** The last words of a story's text: a teaser never reaches them. */
  const tailOf = (html: string) => htmlToText(html).split(/\s+/).slice(-3).join(' ');

  beforeAll(async () => {
    t = await startTestServer('pglite');
    director = await t.login('director@masthead.local');
    sabah = (await t.server.database.db.selectFrom('newsletters').select('id').where('key', '=', 'sabah-bulteni').executeTakeFirstOrThrow()).id;
  }, 60_000);
  afterAll(() => t?.close());

  const publishedArticles = () =>
    db()
      .selectFrom('stories')
      .select(['id', 'title'])
      .where('newsletter_id', '=', sabah)
      .where('type', '=', 'article')
      .where('published_at', 'is not', null)
      .where('is_premium', '=', false)
      .orderBy('id')
      .execute();

  it("takes an article's episode out of the podcast when the article becomes premium, and attaches none of a premium article", async () => {
    const [article] = await publishedArticles();
    const audioId = await builtAudio(article!.id, 'Herkesin dinleyebileceği bir bölüm.');
    const title = 'Herkese açık bölüm';
    expect((await call('POST', `/audios/attach/${audioId}`, { title })).status).toBe(200);
    expect(await feed()).toContain(`<title>${title}</title>`);

    await markPremium(article!.id);
    expect(await feed()).not.toContain(`<title>${title}</title>`);

    const again = await builtAudio(article!.id, 'Yalnızca abonelerin okuduğu bir bölüm.');
    expect(await call('POST', `/audios/attach/${again}`, { title: 'Abonelere özel bölüm' })).toEqual({
      status: 422,
      body: { msg: 'Error!', details: [{ message: premiumEpisode, path: 'content_id' }] },
    });
    expect(await feed()).not.toContain('Abonelere özel bölüm');
    const episode = await t.server.database.db
      .withTables<{ episodes: { id: string; parent_id: string; status: string } }>()
      .selectFrom('episodes')
      .select(['id', 'status'])
      .where('parent_id', '=', article!.id)
      .executeTakeFirstOrThrow();
    expect(episode.status).toBe('draft');

    // Held out of the podcast while the story is premium, and free to publish again after.
    const publish = () => call('PUT', `/episodes/update/${episode.id}`, { title, status: 'published' });
    expect(await publish()).toEqual({ status: 422, body: { msg: 'Error!', details: [{ message: withheld, path: 'status' }] } });
    expect(await feed()).not.toContain(`<title>${title}</title>`);
    expect((await call('DELETE', `/premium/story/${article!.id}`)).status).toBe(200);
    expect((await publish()).status).toBe(200);
    expect(await feed()).toContain(`<title>${title}</title>`);
  });

  it("shows a premium bullet's teaser, never its text, on the issue's page, in its e-mail and in its audio", async () => {
    // The issue ready to test-send, and a bullet of its first channel.
    const issue = await db().selectFrom('issues').selectAll().where('newsletter_id', '=', sabah).where('key', 'like', '%-hazir').executeTakeFirstOrThrow();
    const channel = issue.channels.find((candidate) => candidate._id !== 'stuff' && candidate.stories.length > 0)!;
    const bullets = await db().selectFrom('stories').select(['id', 'body_html']).where('id', 'in', channel.stories).where('type', '=', 'bullet').execute();
    const bullet = bullets[0]!;
    const tail = tailOf(bullet.body_html);
    const items = async () => (await issueItems(t.server.database.db, issue.id)).map((item) => htmlToText(item.html)).join('\n');
    expect(await items()).toContain(tail);

    await markPremium(bullet.id);
    const sent = await call('POST', `/issues/publish/${issue.id}`, {
      publishOptions: { test: true, publishOnly: false, overridePublishedAt: false, mediums: { email: true, notification: false } },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const [mail] = readOutbox(t.dataDir).filter((entry) => entry.subject.includes(issue.subject));
    const mailText = htmlToText(mail!.html ?? '');
    expect(mailText).toContain(premiumNotice);
    expect(mailText).not.toContain(tail);
    expect(mail!.text).not.toContain(tail);
    expect(await items()).not.toContain(tail);
    expect(await items()).toContain(premiumNotice);

    // The published issue's page.
    const published = await db()
      .selectFrom('issues')
      .selectAll()
      .where('newsletter_id', '=', sabah)
      // Published, not only planned: the demo's scheduled issue has its date already.
      .where('published', '=', true)
      .orderBy('published_at', 'desc')
      .executeTakeFirstOrThrow();
    const shown = published.channels.flatMap((candidate) => (candidate._id === 'stuff' ? [] : candidate.stories));
    const publishedBullet = (await db().selectFrom('stories').select(['id', 'body_html']).where('id', 'in', shown).where('type', '=', 'bullet').execute())[0]!;
    const publishedTail = tailOf(publishedBullet.body_html);
    const page = async () => htmlToText(String((await t.request('GET', `/i/${published.slug}`)).body));
    expect(await page()).toContain(publishedTail);
    await markPremium(publishedBullet.id);
    expect(await page()).not.toContain(publishedTail);
    expect(await page()).toContain(premiumNotice);
  });
});
