/**
 * The spec's item calls and texts (issue 55 point 7). `GET {api}/{collections|newsletters|issues|stories}/{id}`
 * (spec 002 section 7: an embed card's fetch) answers the item as `GET /{kind}/list/{id}` does, to
 * whoever that call answers: the list's permission, the caller's publisher and newsletters, an
 * author's own stories; everyone else is told it is not there (404), an anonymous caller 401. The
 * routes next to it (`/issues/list`, `/stories/create`, ...) still answer as before. An issue saved
 * with no subject gets the spec's 'Subject line is required' (spec 001 section 5, Issue autosave),
 * and a story answers its `subject` (spec 001 section 3; decision 0055).
 */
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { constants } from '../../core/shared/config';
import type { Story } from '../../schemas/generated/entities/story';
import { enginesFor, startTestServer, type TestServer } from './server';

const databases = enginesFor('embedded');

type Role = 'director' | 'editor' | 'author' | 'other';
type Kind = 'collections' | 'newsletters' | 'issues' | 'stories';

const subjectRequired = 'Subject line is required';

describe.each(databases)("the spec's item calls and texts on %s", (kind) => {
  let t: TestServer;
  let tokens: Record<Role, string>;
  let newsletters: Record<'morning' | 'tech' | 'culture', string>;
  /** One record of each kind of Kuzey Medya's, in its morning newsletter where it has one. */
  let kuzey: Record<Kind, string>;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    t = await startTestServer(kind);
    const db = t.server.database.db as any;
    const newsletterId = async (key: string) => (await db.selectFrom('newsletters').select('id').where('key', '=', key).executeTakeFirstOrThrow()).id as string;
    newsletters = {
      morning: await newsletterId('sabah-bulteni'),
      tech: await newsletterId('teknoloji-notlari'),
      culture: await newsletterId('kultur-sanat-haftalik'),
    };
    const publisher = (await db.selectFrom('publishers').select('id').where('key', '=', 'kuzey-medya').executeTakeFirstOrThrow()).id as string;
    const first = async (table: string, column: string, value: string) =>
      (await db.selectFrom(table).select('id').where(column, '=', value).orderBy('id').executeTakeFirstOrThrow()).id as string;
    kuzey = {
      collections: await first('collections', 'publisher_id', publisher),
      newsletters: newsletters.morning,
      issues: await first('issues', 'newsletter_id', newsletters.morning),
      stories: await first('stories', 'newsletter_id', newsletters.morning),
    };
    tokens = {
      director: await t.login('director@masthead.local'),
      editor: await t.login('editor@masthead.local'),
      author: await t.login('author@masthead.local'),
      other: await t.login('director@egehaber.example'),
    };
  });
  afterAll(async () => {
    sockets.forEach((socket) => socket.disconnect());
    await t?.close();
  });

  const call = (role: Role | null, method: string, url: string, body?: unknown) =>
    t.request(method, `/api${url}`, { token: role ? tokens[role] : undefined, body });
  /**
   * The item call and the list's fetch of the same record by the same caller: answered alike, the
   * same status and the same body. Answers the item call's.
   */
  const item = async (role: Role | null, what: Kind, id: string) => {
    const [answer, fetched] = await Promise.all([call(role, 'GET', `/${what}/${id}`), call(role, 'GET', `/${what}/list/${id}`)]);
    expect(answer, `${role ?? 'anonymous'} GET /${what}/${id} as GET /${what}/list/${id}`).toEqual(fetched);
    return answer;
  };
  const madeStory = async (role: Role, newsletter: string, type: 'bullet' | 'article', story: Record<string, unknown>): Promise<Story> => {
    const { status, body } = await call(role, 'POST', '/stories/create', { newsletter, type, story });
    expect(status, JSON.stringify(body)).toBe(200);
    return body.data;
  };

  describe('GET /{kind}/{id}', () => {
    it.each(['collections', 'newsletters', 'issues', 'stories'] as const)('answers one of %s as its list fetch does: { data } with the item', async (what) => {
      const { status, body } = await item('director', what, kuzey[what]);
      expect(status, JSON.stringify(body)).toBe(200);
      expect(body.data._id).toBe(kuzey[what]);
      // The item as the list carries it (the list adds its own figures to issues, and the fetch its parts).
      const listed = await call(
        'director',
        'GET',
        `/${what}/list?limit=100${what === 'issues' || what === 'stories' ? `&newsletter=${newsletters.morning}` : ''}`,
      );
      const inList = (listed.body.data as { _id: string }[]).find((row) => row._id === kuzey[what]);
      expect(inList, `${what}: the item in its list`).toBeDefined();
      expect(body.data).toMatchObject(Object.fromEntries(Object.entries(inList!).filter(([key]) => !['results', 'children', 'stats'].includes(key))));
    });

    it.each([
      ['collections', 'Collection not found.'],
      ['newsletters', 'Newsletter not found.'],
      ['issues', 'Issue not found.'],
      ['stories', 'Story not found.'],
    ] as const)("answers another publisher's director 404 for %s, and an anonymous caller 401", async (what, notFound) => {
      const foreign = await item('other', what, kuzey[what]);
      expect(foreign.status).toBe(404);
      expect(foreign.body).toEqual({ msg: notFound });
      const anonymous = await item(null, what, kuzey[what]);
      expect(anonymous.status).toBe(401);
      expect(anonymous.body.err).toBe('UNAUTHORIZED');
      // An id of nothing is not found either, for the item's own publisher.
      expect((await item('director', what, 'no-such-record')).status).toBe(404);
    });

    it('asks the permission of the list: an author lacks issues.list and collections.list, as on the lists', async () => {
      for (const what of ['issues', 'collections'] as const) {
        const refused = await item('author', what, kuzey[what]);
        expect(refused.status, what).toBe(401);
        expect(refused.body.err).toBe('UNAUTHORIZED');
        expect((await call('author', 'GET', `/${what}/list`)).status).toBe(401);
      }
    });

    it("reaches only the caller's newsletters, and an author only their own stories", async () => {
      // The editor edits the morning and tech newsletters, not culture; the author writes for tech and culture.
      expect((await item('editor', 'newsletters', newsletters.morning)).status).toBe(200);
      expect((await item('editor', 'newsletters', newsletters.culture)).status).toBe(404);
      expect((await item('author', 'newsletters', newsletters.culture)).status).toBe(200);
      expect((await item('author', 'newsletters', newsletters.morning)).status).toBe(404);
      const cultureIssue = (await call('director', 'GET', `/issues/list?newsletter=${newsletters.culture}&limit=1`)).body.data[0] as { _id: string };
      expect((await item('director', 'issues', cultureIssue._id)).status).toBe(200);
      expect((await item('editor', 'issues', cultureIssue._id)).status).toBe(404);

      const own = await madeStory('author', newsletters.tech, 'bullet', { body: { html: '<p>• Yazarın kendi haberi burada.</p>' } });
      const others = await madeStory('editor', newsletters.tech, 'bullet', { body: { html: '<p>• Editörün haberi burada.</p>' } });
      expect((await item('author', 'stories', own._id)).body.data._id).toBe(own._id);
      expect((await item('author', 'stories', others._id)).status).toBe(404);
      expect((await item('editor', 'stories', others._id)).status).toBe(200);
    });

    it('leaves the routes beside it as they were: a word that names no record is not an id', async () => {
      const issues = await call('director', 'GET', `/issues/list?newsletter=${newsletters.morning}&limit=2`);
      expect(issues.body).toMatchObject({ data: expect.any(Array), count: expect.any(Number) });
      expect((await call('director', 'GET', `/issues/create?newsletter=${newsletters.morning}`)).body.data.data.channelTemplates).toEqual(expect.any(Array));
      expect((await call('director', 'GET', `/stories/create?newsletter=${newsletters.morning}&type=bullet`)).body.data.body.type).toBe('bullet');
      expect((await call('director', 'GET', '/collections/create')).status).toBe(200);
      expect((await call('director', 'GET', '/newsletters/create')).status).toBe(200);
      expect((await call('director', 'GET', `/issues/update/${kuzey.issues}`)).body.data.body._id).toBe(kuzey.issues);
      // POST-only and nested addresses asked with GET at the item's depth.
      expect(await call('director', 'GET', '/stories/authors')).toEqual({ status: 404, body: { msg: 'Story not found.' } });
      expect((await call('director', 'GET', '/issues/a.b')).status).toBe(404);
    });
  });

  describe("an issue with no subject: 'Subject line is required'", () => {
    const newIssue = async (slug: string) => {
      const { status, body } = await call('director', 'POST', '/issues/create', { newsletter: newsletters.morning, slug, subject: 'İlk konu' });
      expect(status, JSON.stringify(body)).toBe(200);
      return body.data as { _id: string; subject: string; version: number };
    };

    it('is the answer to a save that gives the subject as nothing, in the envelope of a refused save; the issue stays as it was', async () => {
      const issue = await newIssue('konusuz-kayit');
      const refused = await call('director', 'PUT', `/issues/update/${issue._id}/edit`, { issue: { subject: null, preview: 'Önizleme' } });
      expect(refused.status, JSON.stringify(refused.body)).toBe(422);
      expect(refused.body.details).toEqual([{ message: subjectRequired, path: 'issue.subject' }]);
      expect(refused.body.msg).toEqual(expect.any(String));
      // An empty subject keeps its own text; a save that leaves the subject out keeps the one it has.
      const empty = await call('director', 'PUT', `/issues/update/${issue._id}/edit`, { issue: { subject: '' } });
      expect(empty.body.details[0].message).toBe('Subject line is not allowed to be empty.');
      const stored = (await call('director', 'GET', `/issues/${issue._id}`)).body.data;
      expect(stored).toMatchObject({ subject: 'İlk konu', preview: '', version: issue.version });
      const kept = await call('director', 'PUT', `/issues/update/${issue._id}/edit`, { issue: { preview: 'Önizleme' } });
      expect(kept.body.data).toMatchObject({ subject: 'İlk konu', preview: 'Önizleme' });
    });

    it("is the refusal of a live edit that takes the subject away, as the console's editor hears it", async () => {
      const issue = await newIssue('konusuz-canli');
      const url = await t.server.app.listen({ port: 0, host: '127.0.0.1' });
      const socket = io(url, { path: '/socket.io', transports: ['websocket'], reconnection: false });
      sockets.push(socket);
      await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
      const authenticated = new Promise<void>((resolve) => socket.once('authenticated', () => resolve()));
      socket.emit('authenticate', { token: tokens.editor });
      await authenticated;
      expect((await socket.timeout(5000).emitWithAck('issue-join', { issueId: issue._id })).ok).toBe(true);
      const answer = await socket.timeout(5000).emitWithAck('issue', { issueId: issue._id, type: 'issue-update', field: 'subject', value: null });
      expect(answer).toMatchObject({ ok: false, status: 422, details: [{ message: subjectRequired, path: 'subject' }] });
      expect((await call('director', 'GET', `/issues/${issue._id}`)).body.data.subject).toBe('İlk konu');
    });
  });

  describe("a story's subject", () => {
    it("is an article's title and a bullet's summary, in every answer about the story", async () => {
      const article = await madeStory('editor', newsletters.morning, 'article', {
        title: 'Sahil Yolu Yeniden Açıldı',
        subtitle: 'Trafik normale döndü',
        image: '/demo/kuzey-medya.svg',
        body: { html: '<p>Sahil yolu bu sabah trafiğe açıldı.</p>' },
      });
      expect(article.subject).toBe('Sahil Yolu Yeniden Açıldı');
      const text = 'Belediye meclisi yeni bütçeyi kabul etti; ulaşım ve parklar için ayrılan pay geçen yıla göre arttı. '.repeat(4).trim();
      const bullet = await madeStory('editor', newsletters.morning, 'bullet', { body: { html: `<p>${text}</p>` } });
      expect(bullet.title).toBe('');
      expect(bullet.subject).toBe(bullet.body.summary);
      expect(bullet.subject.length).toBeGreaterThan(0);
      expect(text.startsWith(bullet.subject.replace(/…$/, ''))).toBe(true);

      // The list, the list's fetch, the item call, the editor's form and a save all carry it.
      const listed = (await call('editor', 'GET', `/stories/list?newsletter=${newsletters.morning}&limit=50`)).body.data as Story[];
      expect(listed.find((story) => story._id === article._id)?.subject).toBe('Sahil Yolu Yeniden Açıldı');
      expect((await call('editor', 'GET', `/stories/list/${bullet._id}`)).body.data.subject).toBe(bullet.subject);
      expect((await call('editor', 'GET', `/stories/${article._id}`)).body.data.subject).toBe('Sahil Yolu Yeniden Açıldı');
      expect((await call('editor', 'GET', `/stories/update/${article._id}`)).body.data.body.subject).toBe('Sahil Yolu Yeniden Açıldı');
      const renamed = await call('editor', 'PUT', `/stories/update/${article._id}`, {
        version: article.version,
        story: { title: 'Sahil Yolu Bu Sabah Açıldı' },
      });
      expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
      expect(renamed.body.data.subject).toBe('Sahil Yolu Bu Sabah Açıldı');
    });

    it("is never longer than a subject line's 240 characters", async () => {
      const title = `${'Uzun başlıklı bir haber '.repeat(12)}sonu`;
      expect(title.length).toBeGreaterThan(constants.issues.subjectMax);
      const article = await madeStory('editor', newsletters.morning, 'article', {
        title,
        subtitle: 'Alt başlık',
        image: '/demo/kuzey-medya.svg',
        body: { html: '<p>Gövde metni burada.</p>' },
      });
      expect(article.title).toBe(title);
      expect(article.subject.length).toBeLessThanOrEqual(constants.issues.subjectMax);
      expect(article.subject).toMatch(/…$/);
      expect(title.startsWith(article.subject.slice(0, -1))).toBe(true);
    });
  });
});
