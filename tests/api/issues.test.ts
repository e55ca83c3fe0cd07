/**
 * Issues over REST (spec 001 sections 2 to 9; the calls of section 7): the creation form with
 * the newsletter's channel templates and 'Plain', creation, the editor's form and content, saves
 * with the spec's messages and the character-level merge of saves from one starting point, the
 * slug following a draft's subject, the channel save, deletion, the lists with every filter, one
 * issue with its body and numbers, featuring, and the key check for model Issue. Nobody reaches
 * another publisher's issues; authors neither create nor edit issues. The demo's ready issues
 * pass the checks before a test e-mail.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Server } from '../../core/server/app';
import type { IssueTables } from '../../plugins/issues/server/tables';
import type { StoryTables } from '../../plugins/stories/server/tables';
import type { ChannelTemplate } from '../../schemas/generated/entities/channel-template';
import type { Issue } from '../../schemas/generated/entities/issue';
import type { Story } from '../../schemas/generated/entities/story';
import { enginesFor, startTestServer, type TestServer } from './server';

const databases = enginesFor('every engine');

/** The random bytes the slug's 3-character suffix is made of, when a test chooses them (only the suffix asks for 8 bytes). */
const chosen = vi.hoisted(() => ({ suffixBytes: null as Buffer | null }));
vi.mock('node:crypto', async (importOriginal) => {
  const crypto = await importOriginal<typeof import('node:crypto')>();
  const randomBytes = ((size: number, ...rest: unknown[]) =>
    size === 8 && chosen.suffixBytes
      ? Buffer.from(chosen.suffixBytes)
      : (crypto.randomBytes as (...args: unknown[]) => Buffer)(size, ...rest)) as typeof crypto.randomBytes;
  return { ...crypto, default: { ...crypto, randomBytes }, randomBytes };
});

type Role = 'admin' | 'director' | 'editor' | 'author' | 'other';

const roleRefusal = (role: string, permission: string) => `Your role (${role}) does not allow this: ${permission} is required.`;
const long = (length: number) => 'a'.repeat(length);

/** The badge of an issue in a list: the first flag set of config/badges.json's order (tested reads READY). */
const badgeOf = (issue: Issue) =>
  (['published', 'scheduled', 'processing', 'draft', 'sent', 'cancelled', 'tested'] as const).find((flag) => issue.status[flag]);

async function demoIds(server: Server) {
  const { db } = server.database;
  const newsletters = await db.selectFrom('newsletters').select(['id', 'key', 'publisher_id']).execute();
  const users = await db.selectFrom('users').select(['id', 'email']).execute();
  const newsletter = (key: string) => newsletters.find((row) => row.key === key)!;
  const user = (email: string) => users.find((row) => row.email === email)!.id;
  return {
    morning: newsletter('sabah-bulteni').id,
    tech: newsletter('teknoloji-notlari').id,
    culture: newsletter('kultur-sanat-haftalik').id,
    ege: newsletter('ege-gundem').id,
    kuzey: newsletter('sabah-bulteni').publisher_id,
    admin: user('admin@masthead.local'),
    director: user('director@masthead.local'),
    editor: user('editor@masthead.local'),
    author: user('author@masthead.local'),
  };
}

describe.each(databases)('issues on %s', (kind) => {
  let t: TestServer;
  let ids: Awaited<ReturnType<typeof demoIds>>;
  let tokens: Record<Role, string>;

  beforeAll(async () => {
    t = await startTestServer(kind);
    ids = await demoIds(t.server);
    const admin = await t.login('admin@masthead.local');
    tokens = {
      admin: (await t.request('PUT', '/api/auth/scope', { token: admin, body: { publisher: ids.kuzey } })).body.data,
      director: await t.login('director@masthead.local'),
      editor: await t.login('editor@masthead.local'),
      author: await t.login('author@masthead.local'),
      other: await t.login('director@egehaber.example'),
    };
  });
  afterAll(async () => {
    await t?.close();
  });

  const issuesDb = () => t.server.database.db.withTables<IssueTables & StoryTables>();
  const call = (role: Role | null, method: string, url: string, body?: unknown) =>
    t.request(method, `/api${url}`, { token: role ? tokens[role] : undefined, body });
  /** Creates an issue and answers it, failing the test when that does not work. */
  const made = async (role: Role, newsletter: string, slug: string, extra: Record<string, unknown> = {}): Promise<Issue> => {
    const { status, body } = await call(role, 'POST', '/issues/create', { newsletter, slug, ...extra });
    expect(status, JSON.stringify(body)).toBe(200);
    return body.data;
  };
  const fetchIssue = async (id: string, query = ''): Promise<Issue> => {
    const { status, body } = await call('director', 'GET', `/issues/list/${id}${query}`);
    expect(status, JSON.stringify(body)).toBe(200);
    return body.data;
  };
  const save = (role: Role | null, id: string, issue: Record<string, unknown>, base?: Record<string, unknown>) =>
    call(role, 'PUT', `/issues/update/${id}/edit`, base ? { issue, base } : { issue });
  /** Saves and expects the save to go through; answers the saved issue. */
  const saved = async (role: Role, id: string, issue: Record<string, unknown>, base?: Record<string, unknown>): Promise<Issue> => {
    const { status, body } = await save(role, id, issue, base);
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.msg).toBe('Issue saved.');
    return body.data;
  };
  const list = async (role: Role, query: string) => {
    const { status, body } = await call(role, 'GET', `/issues/list?${query}`);
    expect(status, `${query}: ${JSON.stringify(body)}`).toBe(200);
    return body as { data: Issue[]; count: number };
  };
  const idsOf = (items: { _id: string }[]) => items.map((item) => item._id);
  /** A demo issue by the end of its code name ('sabah-bulteni-hazir') in a newsletter. */
  const demoIssue = async (newsletter: string, code: string) =>
    (await issuesDb().selectFrom('issues').select('id').where('newsletter_id', '=', newsletter).where('key', 'like', `%-${code}`).executeTakeFirstOrThrow()).id;
  const setFlags = (id: string, flags: Partial<Record<'processing' | 'scheduled' | 'queued' | 'published' | 'draft' | 'cancelled' | 'sent', boolean>>) =>
    issuesDb().updateTable('issues').set(flags).where('id', '=', id).execute();

  describe('GET /issues/create', () => {
    it("gives a blank issue and the newsletter's channel templates after the built-in 'Plain'", async () => {
      const { status, body } = await call('editor', 'GET', `/issues/create?newsletter=${ids.morning}`);
      expect(status).toBe(200);
      expect(body.data.body).toEqual({ newsletter: ids.morning, subject: '', preview: '', slug: '', premium: false, channelsNew: [] });
      const templates = body.data.data.channelTemplates as ChannelTemplate[];
      expect(templates[0]).toEqual({ _id: 'plain', title: 'Plain', default: false, index: -1, channels: [] });
      // The newsletter's own in their order, the first its default until the channels page says otherwise.
      expect(templates.slice(1).map(({ title, default: isDefault, index, channels }) => ({ title, default: isDefault, index, channels }))).toEqual([
        { title: 'Günlük Bülten', default: true, index: 0, channels: ['Gündem', 'Ekonomi', 'Kültür Sanat'] },
        { title: 'Hafta Sonu', default: false, index: 1, channels: ['Haftanın Özeti', 'Öneriler'] },
      ]);
    });

    it('refuses authors, another publisher, a newsletter outside the scopes, a missing newsletter and anonymous callers', async () => {
      const author = await call('author', 'GET', `/issues/create?newsletter=${ids.tech}`);
      expect(author.status).toBe(401);
      expect(author.body).toEqual({ msg: roleRefusal('AUTHOR', 'issues.create'), err: 'UNAUTHORIZED' });
      expect((await call('other', 'GET', `/issues/create?newsletter=${ids.morning}`)).status).toBe(404);
      // The editor is not on the culture newsletter's team.
      expect((await call('editor', 'GET', `/issues/create?newsletter=${ids.culture}`)).status).toBe(404);
      expect((await call('director', 'GET', '/issues/create')).status).toBe(422);
      expect((await call(null, 'GET', `/issues/create?newsletter=${ids.morning}`)).status).toBe(401);
    });
  });

  describe('POST /issues/create', () => {
    it("creates a draft named by its code name with 'Draft Stories' and the chosen template's channels", async () => {
      const form = await call('director', 'GET', `/issues/create?newsletter=${ids.morning}`);
      const daily = (form.body.data.data.channelTemplates as ChannelTemplate[]).find((template) => template.title === 'Günlük Bülten')!;
      const { status, body } = await call('director', 'POST', '/issues/create', {
        ...form.body.data.body,
        slug: 'pazartesi-bulteni',
        subject: 'Pazartesi Bülteni',
        template: daily._id,
      });
      expect(status, JSON.stringify(body)).toBe(200);
      expect(body.msg).toBe('Issue created.');
      const issue = body.data as Issue;
      expect(issue).toMatchObject({
        newsletter: ids.morning,
        key: 'pazartesi-bulteni',
        slug: 'pazartesi-bulteni',
        subject: 'Pazartesi Bülteni',
        premium: false,
        version: 1,
        owner: { _id: ids.director },
        publishedAt: null,
      });
      expect(issue.status).toMatchObject({ draft: true, tested: false, published: false, featured: false, processing: false });
      expect(issue.channelsNew.map((channel) => channel.title)).toEqual(['Draft Stories', 'Gündem', 'Ekonomi', 'Kültür Sanat']);
      expect(issue.channelsNew[0]).toEqual({ _id: 'stuff', title: 'Draft Stories', stories: [] });
      expect(new Set(issue.channelsNew.map((channel) => channel._id)).size).toBe(4);
      // Stored: the editor's form reads it back.
      const read = await call('editor', 'GET', `/issues/update/${issue._id}`);
      expect(read.body.data.body).toEqual(issue);
    });

    it("creates from 'Plain' with no channel but 'Draft Stories', and from channels given by title", async () => {
      const plain = await made('editor', ids.morning, 'sade-sayi', { template: 'plain' });
      expect(plain.channelsNew).toEqual([{ _id: 'stuff', title: 'Draft Stories', stories: [] }]);
      const bare = await made('editor', ids.morning, 'sablonsuz-sayi');
      expect(bare.channelsNew).toEqual([{ _id: 'stuff', title: 'Draft Stories', stories: [] }]);
      const titled = await made('editor', ids.tech, 'basliklarla-sayi', { channelsNew: [{ title: 'Yazılım', stories: [] }, { title: 'Donanım' }] });
      expect(titled.channelsNew.map((channel) => channel.title)).toEqual(['Draft Stories', 'Yazılım', 'Donanım']);
    });

    it("answers the spec's messages for a bad code name, subject or preview, and a template that is not the newsletter's", async () => {
      const refused = async (body: Record<string, unknown>) => {
        const answer = await call('director', 'POST', '/issues/create', { newsletter: ids.morning, slug: 'gecerli-kod', ...body });
        expect(answer.status, JSON.stringify(answer.body)).toBe(422);
        return answer.body.details[0].message as string;
      };
      expect(await refused({ slug: 'ab' })).toBe('Slug must be at least 3 characters');
      expect(await refused({ slug: undefined })).toBe('Slug must be at least 3 characters');
      expect(await refused({ slug: 'Büyük Harf' })).toBe('Slug can hold lowercase letters and digits in groups joined by hyphens.');
      expect(await refused({ subject: long(241) })).toBe('Subject line must be less than 240 characters');
      expect(await refused({ preview: long(241) })).toBe('Preview must be less than 240 characters');
      expect(await refused({ template: 'no-such-template' })).toBe('Choose one of the channel templates.');
      const otherTemplates = await call('director', 'GET', `/issues/create?newsletter=${ids.tech}`);
      expect(await refused({ template: otherTemplates.body.data.data.channelTemplates[1]._id })).toBe('Choose one of the channel templates.');
      // A code name an issue has, as its code name or as its slug.
      const taken = await demoIssue(ids.morning, 'aksam-bulteni');
      const row = await issuesDb().selectFrom('issues').select(['key', 'slug']).where('id', '=', taken).executeTakeFirstOrThrow();
      expect(await refused({ slug: row.key })).toBe(`The code name ${row.key} already exists.`);
      expect(await refused({ slug: row.slug })).toBe(`The code name ${row.slug} already exists.`);
      expect((await list('director', `newsletter=${ids.morning}&search=gecerli-kod`)).count).toBe(0);
    });

    it('lets only admins and directors make a premium issue; refuses authors, other publishers and anonymous callers', async () => {
      const editor = await call('editor', 'POST', '/issues/create', { newsletter: ids.morning, slug: 'premium-sayi', premium: true });
      expect(editor.status).toBe(401);
      expect(editor.body.msg).toBe(roleRefusal('EDITOR', 'issues.premium'));
      expect((await made('director', ids.morning, 'premium-sayi', { premium: true })).premium).toBe(true);
      const author = await call('author', 'POST', '/issues/create', { newsletter: ids.tech, slug: 'yazarin-sayisi' });
      expect(author.status).toBe(401);
      expect(author.body.msg).toBe(roleRefusal('AUTHOR', 'issues.create'));
      expect((await call('other', 'POST', '/issues/create', { newsletter: ids.morning, slug: 'komsu-sayi' })).status).toBe(404);
      expect((await call('editor', 'POST', '/issues/create', { newsletter: ids.culture, slug: 'takimsiz-sayi' })).status).toBe(404);
      expect((await call(null, 'POST', '/issues/create', { newsletter: ids.morning, slug: 'anonim-sayi' })).status).toBe(401);
      expect((await call('director', 'GET', '/keys/check?model=Issue&key=yazarin-sayisi')).body.msg).toBe('AVAILABLE');
    });
  });

  describe('GET /issues/update/:id and /content', () => {
    it("gives the editor's form and what the editor shows around the issue: pen names, tags, interests, blank stories, the newsletter and its stories", async () => {
      const id = await demoIssue(ids.morning, 'sabah-bulteni-hazir');
      const form = await call('editor', 'GET', `/issues/update/${id}`);
      expect(form.status).toBe(200);
      const issue = form.body.data.body as Issue;
      expect(issue).toMatchObject({ _id: id, newsletter: ids.morning, subject: 'Sabah Bülteni: Metro, bütçe ve hafta sonu' });
      expect(issue.channelsNew.map((channel) => [channel.title, channel.stories.length])).toEqual([
        ['Draft Stories', 0],
        ['Gündem', 2],
        ['Ekonomi', 1],
        ['Kültür Sanat', 1],
      ]);

      const content = await call('editor', 'GET', `/issues/update/${id}/content`);
      expect(content.status).toBe(200);
      const { data, stories } = content.body as { data: Record<string, any>; stories: Story[] };
      expect(data.authors.length).toBeGreaterThan(0);
      for (const author of data.authors) expect(author).toMatchObject({ _id: expect.any(String), name: expect.any(String) });
      expect(data.tags).toEqual(expect.any(Array));
      expect(data.interests.length).toBeGreaterThan(0);
      expect(data.bullet).toEqual({ type: 'bullet', newsletter: ids.morning, issue: id });
      expect(data.article).toEqual({ type: 'article', newsletter: ids.morning, issue: id });
      expect(data.newsletter).toMatchObject({ _id: ids.morning, key: 'sabah-bulteni' });
      // The newsletter's figure is the subscribers plugin's count, as the newsletter's own card says.
      const card = await call('editor', 'GET', `/newsletters/list/${ids.morning}`);
      expect(data.newsletter.stats.subscribers).toBeGreaterThan(0);
      expect(data.newsletter.stats.subscribers).toBe(card.body.data.stats.subscribers);
      expect(new Set(idsOf(stories))).toEqual(new Set(issue.channelsNew.flatMap((channel) => channel.stories)));
      for (const story of stories) expect(story).toMatchObject({ issue: id, newsletter: ids.morning });
    });

    it("refuses authors (401), another publisher's director and unknown ids (404), bad ids (422), anonymous callers (401)", async () => {
      const id = await demoIssue(ids.tech, 'aksam-bulteni');
      for (const path of [`/issues/update/${id}`, `/issues/update/${id}/content`]) {
        const author = await call('author', 'GET', path);
        expect(author.status, path).toBe(401);
        expect(author.body.msg).toBe(roleRefusal('AUTHOR', 'issues.update'));
        expect((await call('other', 'GET', path)).status, path).toBe(404);
        expect((await call('other', 'GET', path)).body.msg).toBe('Issue not found.');
        expect((await call(null, 'GET', path)).status, path).toBe(401);
      }
      expect((await call('director', 'GET', '/issues/update/no-such-issue')).status).toBe(404);
      expect((await call('director', 'GET', `/issues/update/${long(80)}`)).status).toBe(422);
      // The editor is not on the culture newsletter's team.
      expect((await call('editor', 'GET', `/issues/update/${await demoIssue(ids.culture, 'aksam-bulteni')}`)).status).toBe(404);
    });
  });

  describe('PUT /issues/update/:id/edit', () => {
    it('saves the fields, sanitizes the intro, keeps its text, moves the version on, and the draft’s slug follows its subject', async () => {
      const issue = await made('editor', ids.morning, 'kayit-denemesi');
      const result = await saved('editor', issue._id, {
        subject: 'Kayıt Denemesi: İlk Konu',
        preview: 'Önizleme metni',
        intro: { html: '<p>Merhaba <strong>okur</strong></p><script>alert(1)</script>' },
        notification: { title: 'Bildirim başlığı', body: 'Bildirim alt başlığı' },
        image: '/demo/kuzey-medya.svg',
      });
      expect(result).toMatchObject({
        subject: 'Kayıt Denemesi: İlk Konu',
        preview: 'Önizleme metni',
        intro: { html: '<p>Merhaba <strong>okur</strong></p>', text: 'Merhaba okur' },
        notification: { title: 'Bildirim başlığı', body: 'Bildirim alt başlığı' },
        image: '/demo/kuzey-medya.svg',
        slug: 'kayit-denemesi-ilk-konu',
        key: 'kayit-denemesi',
        version: 2,
      });
      expect(await fetchIssue(issue._id)).toMatchObject({ subject: 'Kayıt Denemesi: İlk Konu', slug: 'kayit-denemesi-ilk-konu', version: 2 });
      // A save that changes nothing stores nothing.
      expect((await saved('editor', issue._id, { subject: 'Kayıt Denemesi: İlk Konu' })).version).toBe(2);
      // The key check follows the slug.
      expect((await call('editor', 'GET', '/keys/check?model=Issue&key=kayit-denemesi-ilk-konu')).body.msg).toBe('EXISTS');
    });

    it("answers the spec's messages for every field it may not keep, and stores none of the save", async () => {
      const issue = await made('editor', ids.morning, 'hatali-kayit', { subject: 'Hatalı Kayıt' });
      const other = await made('editor', ids.morning, 'dolu-adres');
      const cases: [Record<string, unknown>, string][] = [
        [{ subject: '' }, 'Subject line is not allowed to be empty.'],
        [{ subject: long(241) }, 'Subject line must be less than 240 characters'],
        [{ preview: long(241) }, 'Preview must be less than 240 characters'],
        [{ slug: 'ab' }, 'Slug must be at least 3 characters'],
        [{ slug: other.slug }, 'Slug is not unique.'],
        [{ intro: { html: `<p>${'kelime '.repeat(500)}</p>` } }, 'Intro must be less than 3000 characters. Please divide your content into stories.'],
        [{ preview: 'Geçerli önizleme', subject: '' }, 'Subject line is not allowed to be empty.'],
      ];
      for (const [fields, message] of cases) {
        const { status, body } = await save('editor', issue._id, fields);
        expect(status, message).toBe(422);
        expect(body.details[0].message).toBe(message);
      }
      expect(await fetchIssue(issue._id)).toMatchObject({ subject: 'Hatalı Kayıt', preview: '', slug: 'hatali-kayit', intro: { text: '' }, version: 1 });
      // The same intro is kept once the issue is published.
      await setFlags(issue._id, { published: true, draft: false });
      const published = await saved('editor', issue._id, { intro: { html: `<p>${'kelime '.repeat(500)}</p>` } });
      expect(published.intro.text.length).toBeGreaterThan(3000);
    });

    it("tries the slug once more with a random 3-character suffix when the subject's is taken, and keeps the old one when that is taken too", async () => {
      const first = await made('editor', ids.morning, 'ortak-konu-bir');
      expect((await saved('editor', first._id, { subject: 'Ortak Konu' })).slug).toBe('ortak-konu');
      const second = await made('editor', ids.morning, 'ortak-konu-iki');
      // base64 'abc…': the suffix is 'abc'.
      chosen.suffixBytes = Buffer.from('abcdefghijk=', 'base64');
      try {
        expect((await saved('editor', second._id, { subject: 'Ortak Konu' })).slug).toBe('ortak-konu-abc');
        // Typing on in the subject without changing what its slug would be keeps the suffix it got.
        chosen.suffixBytes = Buffer.from('xyzdefghijk=', 'base64');
        expect((await saved('editor', second._id, { subject: 'Ortak Konu!' })).slug).toBe('ortak-konu-abc');
        expect((await saved('editor', second._id, { subject: 'Ortak  Konu!' })).slug).toBe('ortak-konu-abc');
        chosen.suffixBytes = Buffer.from('abcdefghijk=', 'base64');
        const third = await made('editor', ids.morning, 'ortak-konu-uc');
        const kept = await saved('editor', third._id, { subject: 'Ortak Konu' });
        expect(kept).toMatchObject({ subject: 'Ortak Konu', slug: 'ortak-konu-uc' });
      } finally {
        chosen.suffixBytes = null;
      }
      // A real random suffix: three lowercase letters or digits.
      const fourth = await made('editor', ids.morning, 'ortak-konu-dort');
      expect((await saved('editor', fourth._id, { subject: 'Ortak Konu' })).slug).toMatch(/^ortak-konu-[a-z0-9]{3}$/);
    });

    it('gives drafts typed to the same subject at the same moment a slug each, with no error', async () => {
      const drafts = await Promise.all([1, 2, 3, 4, 5].map((n) => made('editor', ids.morning, `ayni-an-konu-${n}`)));
      const answers = await Promise.all(drafts.map((draft) => save('editor', draft._id, { subject: 'Aynı Anda Yazılan Konu' })));
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
      const slugs = await Promise.all(drafts.map(async (draft) => (await fetchIssue(draft._id)).slug));
      expect(new Set(slugs).size).toBe(5);
      expect(slugs).toContain('ayni-anda-yazilan-konu');
    });

    it('keeps a chosen slug when the subject changes, and locks the slug once the issue is published', async () => {
      const custom = await made('editor', ids.morning, 'secilmis-adres');
      expect((await saved('editor', custom._id, { slug: 'benim-adresim' })).slug).toBe('benim-adresim');
      expect((await saved('editor', custom._id, { subject: 'Bambaşka Bir Konu' })).slug).toBe('benim-adresim');

      const id = await demoIssue(ids.morning, 'gecen-hafta');
      const before = await fetchIssue(id);
      expect(before.status.published).toBe(true);
      expect((await saved('director', id, { subject: 'Geçen haftanın bülteni (düzeltildi)' })).slug).toBe(before.slug);
      const locked = await save('director', id, { slug: 'yeni-adres' });
      expect(locked.status).toBe(422);
      expect(locked.body.details[0]).toEqual({ message: 'The slug cannot change once the issue is published.', path: 'slug' });
      expect((await fetchIssue(id)).slug).toBe(before.slug);
    });

    it('merges two saves from the same starting point character by character: both survive', async () => {
      const issue = await made('editor', ids.morning, 'birlikte-yazilan', { subject: 'Hafta sonu bülteni', preview: 'Kısa özet' });
      const base = { subject: 'Hafta sonu bülteni', preview: 'Kısa özet' };
      await saved('director', issue._id, { subject: 'Hafta sonu bülteni: konserler' }, { subject: base.subject });
      const second = await saved('editor', issue._id, { subject: 'Yeni hafta sonu bülteni', preview: 'Kısa özet burada' }, base);
      expect(second).toMatchObject({ subject: 'Yeni hafta sonu bülteni: konserler', preview: 'Kısa özet burada', version: 3 });
      // At the same moment: the server applies one after the other, each merged with what the other stored.
      const now = await fetchIssue(issue._id);
      const from = { subject: now.subject };
      const [a, b] = await Promise.all([
        save('director', issue._id, { subject: `Çok ${now.subject}` }, from),
        save('editor', issue._id, { subject: `${now.subject}!` }, from),
      ]);
      expect([a.status, b.status]).toEqual([200, 200]);
      expect((await fetchIssue(issue._id)).subject).toBe(`Çok ${now.subject}!`);
      // Without a starting point the last save wins.
      expect((await saved('editor', issue._id, { subject: 'Son söz' })).subject).toBe('Son söz');
    });

    it('merges a save whose starting subject was empty (a new issue)', async () => {
      const issue = await made('editor', ids.morning, 'bos-konudan');
      await saved('director', issue._id, { preview: 'Önce önizleme' }, { preview: '' });
      expect(await saved('editor', issue._id, { subject: 'İlk konu' }, { subject: '' })).toMatchObject({ subject: 'İlk konu', preview: 'Önce önizleme' });
    });

    it('lets only admins and directors change premium; checks the episode is the newsletter’s; nothing of a refused save is stored', async () => {
      const issue = await made('editor', ids.morning, 'premium-degisimi');
      const editor = await save('editor', issue._id, { premium: true, subject: 'Premium olmayacak' });
      expect(editor.status).toBe(401);
      expect(editor.body.msg).toBe(roleRefusal('EDITOR', 'issues.premium'));
      expect(await fetchIssue(issue._id)).toMatchObject({ premium: false, subject: '', version: 1 });
      expect((await saved('director', issue._id, { premium: true })).premium).toBe(true);

      const episodes = t.server.database.db as unknown as { selectFrom: (table: string) => any };
      const episodeOf = async (newsletter: string) =>
        (await episodes.selectFrom('episodes').select('id').where('newsletter_id', '=', newsletter).executeTakeFirstOrThrow()).id as string;
      const foreign = await save('editor', issue._id, { episode: await episodeOf(ids.tech) });
      expect(foreign.status).toBe(422);
      expect(foreign.body.details[0]).toEqual({ message: 'Choose an episode of this newsletter.', path: 'episode' });
      const own = await episodeOf(ids.morning);
      expect((await saved('editor', issue._id, { episode: own })).episode).toBe(own);
      expect((await saved('editor', issue._id, { episode: null })).episode).toBeNull();
    });

    it('refuses an issue being sent (409), authors (401), another publisher (404), anonymous callers (401), and unknown fields (422)', async () => {
      const issue = await made('editor', ids.morning, 'gonderilen-sayi');
      await setFlags(issue._id, { processing: true });
      const processing = await save('editor', issue._id, { subject: 'Gönderilirken' });
      expect(processing.status).toBe(409);
      expect(processing.body.msg).toBe('The issue is being sent; it cannot change now.');
      await setFlags(issue._id, { processing: false });
      const author = await save('author', issue._id, { subject: 'Yazar' });
      expect(author.status).toBe(401);
      expect(author.body.msg).toBe(roleRefusal('AUTHOR', 'issues.update'));
      expect((await save('other', issue._id, { subject: 'Komşu' })).status).toBe(404);
      expect((await save(null, issue._id, { subject: 'Anonim' })).status).toBe(401);
      expect((await save('editor', issue._id, { status: { published: true } })).status).toBe(422);
      expect((await call('editor', 'PUT', `/issues/update/${issue._id}/edit`, {})).status).toBe(422);
      expect(await fetchIssue(issue._id)).toMatchObject({ subject: '', version: 1 });
    });
  });

  describe('PUT /issues/update/:id/channels', () => {
    it("saves the channels in order with 'Draft Stories' first, drops unknown stories, never loses the issue's, and answers when it was saved", async () => {
      const id = await demoIssue(ids.morning, 'aksam-bulteni');
      const before = await fetchIssue(id);
      const [stuff, gundem, ekonomi] = before.channelsNew as [Issue['channelsNew'][number], Issue['channelsNew'][number], Issue['channelsNew'][number]];
      const [ready, accepted] = gundem.stories as [string, string];
      const draft = stuff.stories[0]!;
      const { status, body } = await call('editor', 'PUT', `/issues/update/${id}/channels`, {
        channelsNew: [
          { ...ekonomi, title: 'Ekonomi ve Para', stories: [accepted, 'no-such-story'] },
          { ...stuff, title: 'Başka ad', stories: [] },
          { _id: 'yeni-kanal', title: 'Yeni Kanal', stories: [ready] },
        ],
      });
      expect(status, JSON.stringify(body)).toBe(200);
      expect(body.msg).toBe('Channels saved.');
      expect(Date.parse(body.data.updatedAt)).toBeGreaterThan(Date.parse(before.updatedAt));
      expect(body.data.version).toBe(before.version + 1);
      const expected = [
        { _id: 'stuff', title: 'Draft Stories', stories: [draft] },
        { _id: ekonomi._id, title: 'Ekonomi ve Para', stories: [accepted] },
        { _id: 'yeni-kanal', title: 'Yeni Kanal', stories: [ready] },
      ];
      expect(body.data.channelsNew).toEqual(expected);
      const stored = await fetchIssue(id);
      expect(stored.channelsNew).toEqual(expected);
      expect(stored.updatedAt).toBe(body.data.updatedAt);
      // Gündem is gone; its stories are not: each story of the issue is in one channel.
      expect(stored.channelsNew.flatMap((channel) => channel.stories).sort()).toEqual([draft, ready, accepted].sort());
    });

    it('refuses an issue being sent (409), authors (401), another publisher (404), anonymous callers (401), and a bad body (422)', async () => {
      const issue = await made('editor', ids.morning, 'kanal-reddi');
      const body = { channelsNew: [{ _id: 'stuff', title: 'Draft Stories', stories: [] }] };
      await setFlags(issue._id, { processing: true });
      expect((await call('editor', 'PUT', `/issues/update/${issue._id}/channels`, body)).status).toBe(409);
      await setFlags(issue._id, { processing: false });
      expect((await call('author', 'PUT', `/issues/update/${issue._id}/channels`, body)).status).toBe(401);
      expect((await call('other', 'PUT', `/issues/update/${issue._id}/channels`, body)).status).toBe(404);
      expect((await call(null, 'PUT', `/issues/update/${issue._id}/channels`, body)).status).toBe(401);
      expect((await call('editor', 'PUT', `/issues/update/${issue._id}/channels`, { channelsNew: [{ title: 'Kimliksiz' }] })).status).toBe(422);
      expect((await fetchIssue(issue._id)).version).toBe(1);
    });
  });

  describe('DELETE /issues/delete/:id', () => {
    it('deletes an issue; its stories stay in the newsletter, in no issue', async () => {
      const id = await demoIssue(ids.tech, 'aksam-bulteni');
      const storyIds = (await fetchIssue(id)).channelsNew.flatMap((channel) => channel.stories);
      expect(storyIds.length).toBeGreaterThan(0);
      expect((await call('author', 'DELETE', `/issues/delete/${id}`)).status).toBe(401);
      expect((await call('other', 'DELETE', `/issues/delete/${id}`)).status).toBe(404);
      expect((await call(null, 'DELETE', `/issues/delete/${id}`)).status).toBe(401);
      const { status, body } = await call('editor', 'DELETE', `/issues/delete/${id}`);
      expect(status).toBe(200);
      expect(body).toEqual({ data: { _id: id, newsletter: ids.tech }, msg: 'Issue has been deleted.' });
      expect((await call('director', 'GET', `/issues/list/${id}`)).status).toBe(404);
      expect((await call('editor', 'DELETE', `/issues/delete/${id}`)).status).toBe(404);
      for (const storyId of storyIds) {
        const story = await call('director', 'GET', `/stories/list/${storyId}`);
        expect(story.status).toBe(200);
        expect(story.body.data).toMatchObject({ newsletter: ids.tech, issue: null });
      }
    });

    it('refuses an issue being sent or scheduled (409)', async () => {
      const issue = await made('editor', ids.morning, 'silinemeyen-sayi');
      await setFlags(issue._id, { processing: true });
      expect((await call('editor', 'DELETE', `/issues/delete/${issue._id}`)).body.msg).toBe('The issue is being sent; it cannot change now.');
      await setFlags(issue._id, { processing: false, scheduled: true });
      const scheduled = await call('editor', 'DELETE', `/issues/delete/${issue._id}`);
      expect(scheduled.status).toBe(409);
      expect(scheduled.body.msg).toBe('Cancel the schedule before deleting this issue.');
      await setFlags(issue._id, { scheduled: false });
      expect((await call('editor', 'DELETE', `/issues/delete/${issue._id}`)).status).toBe(200);
    });
  });

  describe('GET /issues/list', () => {
    const everything = async (role: Role, newsletter: string) => list(role, `newsletter=${newsletter}&limit=100`);

    it('answers { data, count }, published first by publication date then the rest, ten to a page', async () => {
      const all = await everything('director', ids.culture);
      expect(all.count).toBe(all.data.length);
      expect(all.count).toBeGreaterThanOrEqual(5);
      const published = all.data.filter((issue) => issue.publishedAt);
      expect(published.length).toBe(2);
      expect(idsOf(all.data.slice(0, 2))).toEqual(idsOf(published));
      expect(published[0]!.publishedAt! > published[1]!.publishedAt!).toBe(true);
      const firstPage = await list('director', `newsletter=${ids.culture}&limit=2&page=0`);
      const secondPage = await list('director', `newsletter=${ids.culture}&limit=2&page=1`);
      expect(firstPage.count).toBe(all.count);
      expect(idsOf([...firstPage.data, ...secondPage.data])).toEqual(idsOf(all.data.slice(0, 4)));
      // A page past the end has no row to carry the count: it is still the list's.
      for (const sort of ['updatedAt', 'openRate']) {
        const beyond = await list('director', `newsletter=${ids.culture}&limit=2&page=50&sort=${sort}`);
        expect(beyond).toEqual({ data: [], count: all.count });
      }
      for (let page = 0; page < 3; page++) await made('director', ids.culture, `sayfa-${page}-bir`);
      for (let page = 0; page < 3; page++) await made('director', ids.culture, `sayfa-${page}-iki`);
      expect((await list('director', `newsletter=${ids.culture}`)).data).toHaveLength(10);
      expect((await call('director', 'GET', `/issues/list?newsletter=${ids.culture}&page=-1`)).status).toBe(422);
      expect((await call('director', 'GET', `/issues/list?newsletter=${ids.culture}&limit=101`)).status).toBe(422);
    });

    it('filters by badge status (ready is a tested issue), by status.published, and answers drafts by their last change', async () => {
      const culture = await made('director', ids.culture, 'iptal-edilen');
      await setFlags(culture._id, { cancelled: true, draft: false });
      const all = (await everything('director', ids.culture)).data;
      for (const status of ['published', 'draft', 'ready', 'cancelled'] as const) {
        const filtered = await list('director', `newsletter=${ids.culture}&status=${status}&limit=100`);
        const expected = all.filter((issue) => badgeOf(issue) === (status === 'ready' ? 'tested' : status));
        expect(expected.length, status).toBeGreaterThan(0);
        expect(new Set(idsOf(filtered.data)), status).toEqual(new Set(idsOf(expected)));
        expect(filtered.count).toBe(expected.length);
      }
      const ready = await list('director', `newsletter=${ids.culture}&status=ready`);
      expect(ready.data.map((issue) => issue.subject)).toEqual(['Haftanın Özeti: Yeni sezon başlıyor']);
      const published = await list('director', `newsletter=${ids.culture}&status.published=true&limit=100`);
      expect(new Set(idsOf(published.data))).toEqual(new Set(idsOf(all.filter((issue) => issue.status.published))));
      const unpublished = await list('director', `newsletter=${ids.culture}&status.published=false&limit=100`);
      expect(unpublished.count).toBe(all.length - published.count);
      const updated = unpublished.data.map((issue) => issue.updatedAt);
      expect(updated).toEqual([...updated].sort().reverse());
      const drafts = await list('director', `newsletter=${ids.culture}&status=draft&limit=100`);
      expect(drafts.data.map((issue) => issue.updatedAt)).toEqual(
        drafts.data
          .map((issue) => issue.updatedAt)
          .sort()
          .reverse(),
      );
      const bad = await call('director', 'GET', `/issues/list?newsletter=${ids.culture}&status=built`);
      expect(bad.status).toBe(422);
      expect(bad.body.details[0].message).toBe('You can only select one status');
    });

    it('searches the subject, preview, code name and slug from more than 2 characters', async () => {
      const all = await everything('director', ids.culture);
      const search = async (text: string) => list('director', `newsletter=${ids.culture}&limit=100&search=${encodeURIComponent(text)}`);
      expect(idsOf((await search('Yeni sezon')).data)).toEqual(idsOf(all.data.filter((issue) => issue.subject.includes('Yeni sezon'))));
      expect((await search('hoş geldiniz')).data.map((issue) => issue.subject)).toEqual(['İlk sayımızla merhaba']);
      expect((await search('IPTAL-EDILEN')).data.map((issue) => issue.key)).toEqual(['iptal-edilen']);
      const bySlug = all.data.find((issue) => issue.subject === 'Akşam Bülteni')!;
      expect(idsOf((await search(bySlug.slug)).data)).toEqual([bySlug._id]);
      // Two characters or fewer: no search.
      expect((await search('Ye')).count).toBe(all.count);
      expect((await search('  Ye  ')).count).toBe(all.count);
      expect((await search('zzz')).count).toBe(0);
      expect((await search('50%_')).count).toBe(0);
    });

    it('filters by channel title, by a writer of its stories, by owners; sorts; answers only ids on request', async () => {
      const all = (await everything('director', ids.morning)).data;
      const economy = await list('director', `newsletter=${ids.morning}&channel=ekonomi&limit=100`);
      const withEconomy = all.filter((issue) => issue.channelsNew.some((channel) => channel.title.toLocaleLowerCase('tr') === 'ekonomi'));
      expect(withEconomy.length).toBeGreaterThan(1);
      expect(new Set(idsOf(economy.data))).toEqual(new Set(idsOf(withEconomy)));

      // A story by the director's own pen name in one new issue.
      const issue = await made('director', ids.morning, 'yazar-filtresi');
      const story = await call('director', 'POST', '/stories/create', {
        newsletter: ids.morning,
        type: 'bullet',
        story: { body: { html: '<p>• Yönetmenin notu</p>' } },
      });
      expect(story.status).toBe(200);
      await issuesDb().updateTable('stories').set({ issue_id: issue._id }).where('id', '=', story.body.data._id).execute();
      const director = await list('director', `newsletter=${ids.morning}&writer=${story.body.data.writer._id}`);
      expect(idsOf(director.data)).toEqual([issue._id]);
      const seededStory = (await call('director', 'GET', `/issues/update/${await demoIssue(ids.morning, 'ilk-sayi')}/content`)).body.stories[0] as Story;
      const editor = await list('director', `newsletter=${ids.morning}&writer=${seededStory.writer!._id}&limit=100`);
      // The demo issues with stories of the demo writer: five, and the one scheduled ahead in this newsletter.
      expect(editor.count).toBe(6);
      expect(idsOf(editor.data)).not.toContain(issue._id);

      const owned = await list('director', `newsletter=${ids.morning}&owners=${ids.director},${ids.admin}&limit=100`);
      expect(owned.count).toBeGreaterThan(0);
      expect(owned.data.every((item) => item.owner?._id === ids.director)).toBe(true);
      expect(owned.count).toBe(all.filter((item) => item.owner?._id === ids.director).length + 1);

      const bySubject = await list('director', `newsletter=${ids.morning}&sort=subject&desc=false&limit=100`);
      const subjects = bySubject.data.map((item) => item.subject);
      expect(subjects).toEqual([...subjects].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
      const oldest = await list('director', `newsletter=${ids.morning}&sort=createdAt&desc=false&limit=100`);
      const created = oldest.data.map((item) => item.createdAt);
      expect(created).toEqual([...created].sort());

      const onlyIds = await list('director', `newsletter=${ids.morning}&idOnly=true&limit=3`);
      expect(onlyIds.data).toEqual(onlyIds.data.map((item) => ({ _id: item._id })));
      expect(onlyIds.data).toHaveLength(3);
      expect(onlyIds.count).toBe(all.length + 1);
    });

    it("lists every newsletter of the caller's scopes without a newsletter; another publisher's issues are missing; authors are refused", async () => {
      const morning = await everything('editor', ids.morning);
      const tech = await everything('editor', ids.tech);
      const everywhere = await list('editor', 'limit=100');
      expect(everywhere.count).toBe(morning.count + tech.count);
      expect(new Set(everywhere.data.map((issue) => issue.newsletter))).toEqual(new Set([ids.morning, ids.tech]));
      expect((await list('other', 'limit=100')).count).toBe(0);
      expect((await call('other', 'GET', `/issues/list?newsletter=${ids.morning}`)).status).toBe(404);
      expect((await call('editor', 'GET', `/issues/list?newsletter=${ids.culture}`)).status).toBe(404);
      const author = await call('author', 'GET', `/issues/list?newsletter=${ids.tech}`);
      expect(author.status).toBe(401);
      expect(author.body.msg).toBe(roleRefusal('AUTHOR', 'issues.list'));
      expect((await call(null, 'GET', '/issues/list')).status).toBe(401);
    });
  });

  describe('GET /issues/list/:id', () => {
    it('gives one issue; normalizeBody adds its body in channel order with absolute addresses; updateStats its numbers', async () => {
      const id = await demoIssue(ids.morning, 'aksam-bulteni');
      await saved('editor', id, {
        intro: { html: '<p>İyi akşamlar. <a href="/uploads/rehber.pdf">Rehber</a> ve <a href="https://dis.example/y">dış</a></p>' },
      });
      const plain = await fetchIssue(id);
      expect(plain.content).toBeUndefined();
      expect(plain.stats).toBeUndefined();

      const content = (await call('director', 'GET', `/issues/update/${id}/content`)).body.stories as Story[];
      const byId = new Map(content.map((story) => [story._id, story]));
      const normalized = await fetchIssue(id, '?normalizeBody=true');
      const html = normalized.content!.html;
      expect(html).toContain('href="http://console.test/uploads/rehber.pdf"');
      expect(html).toContain('href="https://dis.example/y"');
      expect(html.startsWith('<p>İyi akşamlar.')).toBe(true);
      // Each channel with stories under its title, the stories in order; an empty channel is left out, and so is
      // 'Draft Stories': what waits there is not part of what readers get.
      let at = 0;
      for (const channel of normalized.channelsNew) {
        if (channel._id === 'stuff') {
          expect(html).not.toContain('<h2>Draft Stories</h2>');
          for (const storyId of channel.stories) expect(html).not.toContain(byId.get(storyId)!.body.html);
          continue;
        }
        if (channel.stories.length === 0) {
          expect(html).not.toContain(`<h2>${channel.title}</h2>`);
          continue;
        }
        const title = html.indexOf(`<h2>${channel.title}</h2>`, at);
        expect(title, channel.title).toBeGreaterThanOrEqual(at);
        at = title;
        for (const storyId of channel.stories) {
          const found = html.indexOf(byId.get(storyId)!.body.html, at);
          expect(found, storyId).toBeGreaterThan(at);
          at = found;
        }
      }

      const withStats = await fetchIssue(id, '?updateStats=true');
      const stories = withStats.channelsNew.flatMap((channel) => channel.stories).map((storyId) => byId.get(storyId)!);
      const words = (text: string) => (text.trim() ? text.trim().split(/\s+/).length : 0);
      expect(withStats.stats).toEqual({
        stories: 3,
        words: words(withStats.intro.text) + stories.reduce((sum, story) => sum + words(story.body.text), 0),
        readingTime: stories.reduce((sum, story) => sum + story.meta.readingTime, 0),
        draft: 1,
        totalOpens: 0,
        uniqueOpens: 0,
        totalClicks: 0,
        uniqueClicks: 0,
        machineOpens: 0,
        machineClicks: 0,
        ready: 1,
        accepted: 1,
      });
    });

    it('is missing for another publisher and unknown ids, refused to anonymous callers and authors', async () => {
      const id = await demoIssue(ids.tech, 'ilk-sayi');
      expect((await call('other', 'GET', `/issues/list/${id}`)).status).toBe(404);
      expect((await call('other', 'GET', `/issues/list/${id}?normalizeBody=true&updateStats=true`)).status).toBe(404);
      expect((await call('director', 'GET', '/issues/list/no-such-issue')).status).toBe(404);
      expect((await call('author', 'GET', `/issues/list/${id}`)).status).toBe(401);
      expect((await call(null, 'GET', `/issues/list/${id}`)).status).toBe(401);
    });
  });

  describe('PUT and DELETE /issues/feature/:id', () => {
    it('features and unfeatures an issue, for admins only', async () => {
      const id = await demoIssue(ids.morning, 'ilk-sayi');
      const featured = await call('admin', 'PUT', `/issues/feature/${id}`);
      expect(featured.status).toBe(200);
      expect(featured.body.msg).toBe('The issue is featured.');
      expect(featured.body.data.status.featured).toBe(true);
      expect((await fetchIssue(id)).status.featured).toBe(true);
      const unfeatured = await call('admin', 'DELETE', `/issues/feature/${id}`);
      expect(unfeatured.body).toMatchObject({ msg: 'The issue is no longer featured.', data: { status: { featured: false } } });
      expect((await fetchIssue(id)).status.featured).toBe(false);
      for (const method of ['PUT', 'DELETE']) {
        const director = await call('director', method, `/issues/feature/${id}`);
        expect(director.status).toBe(401);
        expect(director.body.msg).toBe('Required role Admin, current role: DIRECTOR');
        expect((await call('other', method, `/issues/feature/${id}`)).status).toBe(401);
        expect((await call(null, method, `/issues/feature/${id}`)).status).toBe(401);
      }
      expect((await call('admin', 'PUT', '/issues/feature/no-such-issue')).status).toBe(404);
      expect((await fetchIssue(id)).status.featured).toBe(false);
    });
  });

  describe('GET /keys/check?model=Issue', () => {
    it("answers EXISTS for an issue's slug or code name, AVAILABLE for a free one and for the issue's own", async () => {
      const id = await demoIssue(ids.morning, 'haftanin-ozeti');
      const { key, slug } = await issuesDb().selectFrom('issues').select(['key', 'slug']).where('id', '=', id).executeTakeFirstOrThrow();
      const check = (query: string, role: Role | null = 'editor') => call(role, 'GET', `/keys/check?model=Issue&${query}`);
      expect((await check(`key=${key}`)).body.msg).toBe('EXISTS');
      expect((await check(`key=${slug}`)).body.msg).toBe('EXISTS');
      expect((await check(`key=${slug.toUpperCase()}`)).body.msg).toBe('EXISTS');
      expect((await check(`key=${slug}&_id=${id}`)).body.msg).toBe('AVAILABLE');
      expect((await check(`key=${key}&_id=${id}`)).body.msg).toBe('AVAILABLE');
      expect((await check('key=hic-kullanilmamis-kod')).body).toMatchObject({ msg: 'AVAILABLE', data: { available: true } });
      expect((await check('')).status).toBe(422);
      expect((await check(`key=${slug}`, null)).status).toBe(401);
    });
  });

  describe('demo data', () => {
    it("gives each demo newsletter a 'sabah-bulteni-hazir' issue that passes the checks before a test e-mail (spec 001 section 5)", async () => {
      for (const newsletter of [ids.morning, ids.tech, ids.culture]) {
        const issue = await fetchIssue(await demoIssue(newsletter, 'sabah-bulteni-hazir'));
        expect(issue.subject.length).toBeGreaterThanOrEqual(3);
        expect(issue.subject.length).toBeLessThanOrEqual(240);
        expect(issue.preview.length).toBeGreaterThanOrEqual(3);
        expect(issue.preview.length).toBeLessThanOrEqual(240);
        expect(issue.notification.title.length).toBeGreaterThanOrEqual(3);
        expect(issue.notification.title.length).toBeLessThanOrEqual(120);
        expect(issue.notification.body.length).toBeGreaterThanOrEqual(1);
        expect(issue.status).toMatchObject({ draft: true, processing: false, scheduled: false, published: false });
        const testers = (await call('director', 'GET', `/newsletters/list/${newsletter}`)).body.data.testers as string[];
        expect(testers.length, newsletter).toBeGreaterThan(0);
        const stories = (await call('director', 'GET', `/issues/update/${issue._id}/content`)).body.stories as Story[];
        expect(stories.length).toBeGreaterThan(0);
        expect(stories.filter((story) => story.status.draft)).toEqual([]);
        expect(issue.channelsNew.flatMap((channel) => channel.stories).sort()).toEqual(idsOf(stories).sort());
      }
    });
  });
});
