/**
 * Stories (spec 001 sections 4, 5, 6, 8; the calls of section 7): creating and saving bullets and
 * articles with the autosave readiness messages, every status action per role with the spec's
 * refusals, saves merged by version, publishing on the job queue (with a push notification, a
 * sanitized public page, and across a restart), the lists with badge filters, the key check and
 * the live story rooms. Another publisher's stories are as good as missing.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, type Server } from '../../core/server/app';
import { readEnv } from '../../core/server/env';
import { readPushOutbox } from '../../core/server/services/push';
import type { StoryTables } from '../../plugins/stories/server/tables';
import type { Story } from '../../schemas/generated/entities/story';
import { enginesFor, demoPassword, seedDataDir, startTestServer, until, type TestServer } from './server';

const databases = enginesFor('every engine');

type Role = 'admin' | 'director' | 'editor' | 'author' | 'other';

const cover = '/demo/kuzey-medya.svg';
const notDraft = 'This story is not a draft, so it was not saved. Move it to draft to edit it.';
const roleRefusal = (role: string, permission: string) => `Your role (${role}) does not allow this: ${permission} is required.`;
const minutes = (count: number) => new Date(Date.now() + count * 60_000).toISOString();

/** The badge a story shows in a list: the first flag set of draft, cancelled, scheduled, published, accepted, rejected, ready. */
const badgeOf = (story: Story) =>
  (['draft', 'cancelled', 'scheduled', 'published', 'accepted', 'rejected', 'ready'] as const).find((flag) => story.status[flag]);

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

const articleFields = (title: string, extra: Record<string, unknown> = {}) => ({
  title,
  subtitle: `${title} için alt başlık`,
  image: cover,
  body: { html: `<p>${title}: haberin gövdesi.</p>` },
  ...extra,
});

describe.each(databases)('stories on %s', (kind) => {
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

  const storiesDb = () => t.server.database.db.withTables<StoryTables>();
  const call = (role: Role | null, method: string, url: string, body?: unknown, headers?: Record<string, string>) =>
    t.request(method, `/api${url}`, { token: role ? tokens[role] : undefined, body, headers });
  const create = (role: Role, newsletter: string, type: 'bullet' | 'article', story: Record<string, unknown>) =>
    call(role, 'POST', '/stories/create', { newsletter, type, story });
  /** Creates a story and answers it, failing the test when that does not work. */
  const made = async (role: Role, newsletter: string, type: 'bullet' | 'article', story: Record<string, unknown>): Promise<Story> => {
    const { status, body } = await create(role, newsletter, type, story);
    expect(status, JSON.stringify(body)).toBe(200);
    return body.data;
  };
  const fetchStory = async (id: string, role: Role = 'admin'): Promise<Story> => (await call(role, 'GET', `/stories/list/${id}`)).body.data;
  const list = async (role: Role, query: string) => {
    const { status, body } = await call(role, 'GET', `/stories/list?${query}`);
    expect(status, JSON.stringify(body)).toBe(200);
    return body as { data: Story[]; count: number };
  };
  const seedStory = async (title: string) => {
    const row = await storiesDb().selectFrom('stories').select(['id', 'slug']).where('title', '=', title).executeTakeFirstOrThrow();
    return row;
  };

  describe('GET /stories/create', () => {
    it('gives the new-story form: a bullet starts with its marker, signed with the caller’s own pen name', async () => {
      const { status, body } = await call('author', 'GET', `/stories/create?newsletter=${ids.tech}&type=bullet`);
      expect(status).toBe(200);
      expect(body.data.body).toMatchObject({ type: 'bullet', newsletter: ids.tech, body: { html: '<p>•&nbsp;</p>' } });
      // The author may sign only with their own pen name; an editor with every pen name of the publisher.
      expect(body.data.data.authors).toEqual([{ _id: body.data.body.writer, name: 'Ayşe Yılmaz', user: ids.author }]);
      const editorForm = await call('editor', 'GET', `/stories/create?newsletter=${ids.morning}&type=article`);
      expect(editorForm.body.data.body.body.html).toBe('');
      expect(editorForm.body.data.data.authors.map((author: { name: string }) => author.name)).toContain('Kuzey Medya Haber Masası');
      expect(editorForm.body.data.data.slugMax).toBe(64);
    });

    it('refuses a newsletter outside the caller’s scopes, a bad type, and a caller who is not signed in', async () => {
      expect((await call('author', 'GET', `/stories/create?newsletter=${ids.morning}&type=bullet`)).status).toBe(404);
      expect((await call('other', 'GET', `/stories/create?newsletter=${ids.tech}&type=bullet`)).status).toBe(404);
      const bad = await call('author', 'GET', `/stories/create?newsletter=${ids.tech}&type=video`);
      expect(bad.status).toBe(422);
      expect(bad.body.details[0].message).toBe('A story is a bullet or an article.');
      const anonymous = await call(null, 'GET', `/stories/create?newsletter=${ids.tech}&type=bullet`);
      expect(anonymous.status).toBe(401);
      expect(anonymous.body.msg).toBe('Please sign in again.');
    });
  });

  describe('POST /stories/create', () => {
    it('creates a draft the caller owns, with a slug of its title, a sanitized body and its reading time', async () => {
      const story = await made(
        'author',
        ids.tech,
        'article',
        articleFields('Kuantum Bilgisayarlar Geliyor', {
          subtitle: '   Yeni nesil işlemciler',
          body: { html: '<p>Bir <strong>gelişme</strong> var.</p><script>alert(1)</script><img src="https://img.test/a.png" onerror="alert(2)">' },
        }),
      );
      expect(story).toMatchObject({
        type: 'article',
        title: 'Kuantum Bilgisayarlar Geliyor',
        subtitle: 'Yeni nesil işlemciler',
        slug: 'kuantum-bilgisayarlar-geliyor',
        image: cover,
        newsletter: ids.tech,
        owner: { _id: ids.author },
        writer: { name: 'Ayşe Yılmaz', user: ids.author },
        version: 1,
        publishedAt: null,
      });
      expect(story.status).toMatchObject({ draft: true, ready: false, accepted: false, published: false });
      expect(story.body.html).toBe('<p>Bir <strong>gelişme</strong> var.</p><img src="https://img.test/a.png" />');
      expect(story.body.text).toBe('Bir gelişme var.');
      expect(story.meta.readingTime).toBeGreaterThan(0);

      // The same title again gets a slug of its own.
      const again = await made('author', ids.tech, 'article', articleFields('Kuantum Bilgisayarlar Geliyor'));
      expect(again.slug).toBe('kuantum-bilgisayarlar-geliyor-2');
      const bullet = await made('editor', ids.morning, 'bullet', { body: { html: '<p>• Köprüde bakım çalışması var.</p>' } });
      expect(bullet).toMatchObject({ type: 'bullet', slug: null, title: '' });
    });

    it('answers the autosave readiness messages for what an article or a bullet still lacks', async () => {
      const refused = async (type: 'bullet' | 'article', story: Record<string, unknown>) => {
        const { status, body } = await create('author', ids.tech, type, story);
        expect(status, JSON.stringify(body)).toBe(422);
        return body.details.map((detail: { message: string }) => detail.message);
      };
      expect(await refused('article', articleFields('x', { title: '  ' }))).toEqual(['Required: Title']);
      expect(await refused('article', articleFields('Başlık', { subtitle: '' }))).toEqual(['Required: Subtitle']);
      expect(await refused('article', articleFields('Başlık', { image: '' }))).toEqual(['Required: Image']);
      expect(await refused('article', articleFields('Başlık', { body: { html: '<p> </p>' } }))).toEqual(['Required: Body']);
      expect(await refused('article', articleFields('Başlık', { subtitle: '  ab' }))).toEqual(['Subtitle must be more than 2 characters.']);
      expect(await refused('article', {})).toEqual(['Required: Title', 'Required: Subtitle', 'Required: Image', 'Required: Body']);
      // A bullet holding only its marker is empty.
      expect(await refused('bullet', { body: { html: '<p>•&nbsp;</p>' } })).toEqual(['Required: Body']);
      const { body } = await create('author', ids.tech, 'article', articleFields('Başlık', { subtitle: 'ab' }));
      expect(body.details[0]).toEqual({ message: 'Subtitle must be more than 2 characters.', path: 'subtitle' });
    });

    it('refuses a slug that exists, a bad slug, and a newsletter outside the caller’s scopes', async () => {
      const taken = (await seedStory('Yapay Zekâ ile Kod Yazmak')).slug!;
      const clash = await create('author', ids.tech, 'article', articleFields('Kendi Başlığım', { slug: taken }));
      expect(clash.status).toBe(422);
      expect(clash.body.details[0]).toEqual({ message: 'Slug already exists', path: 'slug' });
      const bad = await create('author', ids.tech, 'article', articleFields('Kendi Başlığım', { slug: 'Büyük Harf' }));
      expect(bad.status).toBe(422);
      expect(bad.body.details[0].message).toBe('Slug may only contain lowercase letters, digits and single hyphens.');
      expect((await create('author', ids.morning, 'bullet', { body: { html: '<p>• Bir haber</p>' } })).status).toBe(404);
      expect((await create('other', ids.tech, 'bullet', { body: { html: '<p>• Bir haber</p>' } })).status).toBe(404);
      const type = await call('author', 'POST', '/stories/create', { newsletter: ids.tech, type: 'video', story: {} });
      expect(type.status).toBe(422);
      expect(type.body.details[0].message).toBe('A story is a bullet or an article.');

      // A chosen slug stays when the title changes.
      const custom = await made('author', ids.tech, 'article', articleFields('Kendi Başlığım', { slug: 'benim-adresim' }));
      const renamed = await call('author', 'PUT', `/stories/update/${custom._id}`, { version: custom.version, story: { title: 'Bambaşka Bir Başlık' } });
      expect(renamed.body.data).toMatchObject({ title: 'Bambaşka Bir Başlık', slug: 'benim-adresim' });
    });

    it('keeps the text of the body as plain text, for the summary, the search and the notification', async () => {
      const story = await made(
        'editor',
        ids.morning,
        'article',
        articleFields('Ar-Ge Haberi', { body: { html: '<p>Ar&amp;Ge bütçesi &lt;yüzde 2&gt; oldu.</p>' } }),
      );
      expect(story.body.html).toBe('<p>Ar&amp;Ge bütçesi &lt;yüzde 2&gt; oldu.</p>');
      expect(story.body.text).toBe('Ar&Ge bütçesi <yüzde 2> oldu.');
      expect(story.body.summary).toBe('Ar&Ge bütçesi <yüzde 2> oldu.');
      const found = await list('editor', `newsletter=${ids.morning}&search=${encodeURIComponent('Ar&Ge bütçesi')}`);
      expect(found.data.map((item) => item._id)).toEqual([story._id]);
    });

    it('lets only directors and admins set tags, and editors the interest', async () => {
      const tags = await create('author', ids.tech, 'article', articleFields('Etiketli Yazı', { tags: ['bilim'] }));
      expect(tags.status).toBe(401);
      expect(tags.body).toEqual({ msg: roleRefusal('AUTHOR', 'stories.tag'), err: 'UNAUTHORIZED' });
      const tagged = await made('director', ids.tech, 'article', articleFields('Etiketli Yazı', { tags: [' bilim ', 'bilim', 'uzay'] }));
      expect(tagged).toMatchObject({ tags: ['bilim', 'uzay'], isPremium: false });
      const form = await call('director', 'GET', `/stories/update/${tagged._id}`);
      expect(form.body.data.data.tags).toEqual(expect.arrayContaining(['bilim', 'uzay']));

      const interests = form.body.data.data.interests as { _id: string }[];
      expect(interests.length).toBeGreaterThan(0);
      const byAuthor = await create('author', ids.tech, 'article', articleFields('İlgi Alanlı Yazı', { interest: interests[0]!._id }));
      expect(byAuthor.status).toBe(401);
      expect(byAuthor.body.msg).toBe(roleRefusal('AUTHOR', 'stories.interest'));
      const unknown = await create('editor', ids.tech, 'article', articleFields('İlgi Alanlı Yazı', { interest: 'no-such-interest' }));
      expect(unknown.status).toBe(422);
      expect(unknown.body.details[0]).toEqual({ message: 'Choose one of the interests.', path: 'interest' });
      const filed = await made('editor', ids.tech, 'article', articleFields('İlgi Alanlı Yazı', { interest: interests[0]!._id }));
      expect(filed.interest).toBe(interests[0]!._id);
    });
  });

  describe('GET and PUT /stories/update/:id', () => {
    it('gives the editor form, and saves the writer’s own draft with the slug following the title', async () => {
      const story = await made('author', ids.culture, 'article', articleFields('Sahnede Bu Hafta'));
      const form = await call('author', 'GET', `/stories/update/${story._id}`);
      expect(form.status).toBe(200);
      expect(form.body.data.body).toMatchObject({ _id: story._id, title: 'Sahnede Bu Hafta', version: 1 });
      expect(form.body.data.data.authors).toHaveLength(1);

      const saved = await call('author', 'PUT', `/stories/update/${story._id}`, {
        version: 1,
        base: { title: story.title, body: { html: story.body.html } },
        story: { title: 'Sahnede Bu Ay', body: { html: '<p>Yeni metin burada.</p>' } },
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      expect(saved.body.msg).toBe('Story saved.');
      expect(saved.body.data).toMatchObject({
        title: 'Sahnede Bu Ay',
        slug: 'sahnede-bu-ay',
        version: 2,
        body: { text: 'Yeni metin burada.' },
        subtitle: story.subtitle,
      });
      expect((await fetchStory(story._id)).title).toBe('Sahnede Bu Ay');
    });

    it('refuses a save that would leave the story incomplete, and nothing is stored', async () => {
      const story = await made('editor', ids.morning, 'article', articleFields('Eksik Kalmasın'));
      const save = (fields: Record<string, unknown>) => call('editor', 'PUT', `/stories/update/${story._id}`, { version: story.version, story: fields });
      const cases: [Record<string, unknown>, string][] = [
        [{ title: '' }, 'Required: Title'],
        [{ subtitle: ' ' }, 'Required: Subtitle'],
        [{ image: '' }, 'Required: Image'],
        [{ body: { html: '<p></p>' } }, 'Required: Body'],
        [{ subtitle: 'ab' }, 'Subtitle must be more than 2 characters.'],
        [{ slug: (await seedStory('Şehirde Yeni Metro Hattı Açıldı')).slug }, 'Slug already exists'],
      ];
      for (const [fields, message] of cases) {
        const { status, body } = await save(fields);
        expect(status, message).toBe(422);
        expect(body.details[0].message).toBe(message);
      }
      expect(await fetchStory(story._id)).toMatchObject({ title: 'Eksik Kalmasın', subtitle: story.subtitle, image: cover, version: 1 });
      const badVersion = await call('editor', 'PUT', `/stories/update/${story._id}`, { story: { title: 'x' } });
      expect(badVersion.status).toBe(422);
    });

    it('leaves the premium flag to the premium-story service: a save neither sets nor overwrites it', async () => {
      const story = await made('director', ids.morning, 'article', articleFields('Abonelere Özel Haber'));
      const marked = await call('director', 'PUT', `/premium/story/${story._id}`, { id: story._id, isPremium: true });
      expect(marked.body).toMatchObject({ success: true, data: { isPremium: true } });
      for (const fields of [{ isPremium: false }, { title: 'Herkese Açık Haber', isPremium: false }]) {
        const refused = await call('director', 'PUT', `/stories/update/${story._id}`, { version: 2, story: fields });
        expect(refused.status, JSON.stringify(refused.body)).toBe(422);
      }
      expect((await create('director', ids.morning, 'article', articleFields('Baştan Özel', { isPremium: true }))).status).toBe(422);
      // A save based on the version before the service marked it keeps the mark.
      const saved = await call('director', 'PUT', `/stories/update/${story._id}`, {
        version: 1,
        base: { subtitle: story.subtitle },
        story: { subtitle: 'Aboneler için ayrıntılar' },
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      expect(saved.body.data).toMatchObject({ subtitle: 'Aboneler için ayrıntılar', isPremium: true });
      expect((await fetchStory(story._id)).isPremium).toBe(true);
    });

    it('keeps other writers out: an author reaches only their own stories, another publisher none', async () => {
      const editorStory = await made('editor', ids.tech, 'article', articleFields('Editörün Yazısı'));
      expect((await call('author', 'GET', `/stories/update/${editorStory._id}`)).status).toBe(404);
      expect((await call('author', 'PUT', `/stories/update/${editorStory._id}`, { version: 1, story: { title: 'Ele geçirildi' } })).status).toBe(404);
      expect((await call('other', 'GET', `/stories/update/${editorStory._id}`)).status).toBe(404);
      expect((await call('other', 'PUT', `/stories/update/${editorStory._id}`, { version: 1, story: { title: 'Ele geçirildi' } })).status).toBe(404);
      expect((await call('other', 'GET', `/stories/list/${editorStory._id}`)).status).toBe(404);
      expect((await call('author', 'GET', `/stories/list/${editorStory._id}`)).status).toBe(404);
      // The director edits anyone's story in the publisher.
      const byDirector = await call('director', 'PUT', `/stories/update/${editorStory._id}`, { version: 1, story: { subtitle: 'Yönetmen düzeltti' } });
      expect(byDirector.status).toBe(200);
      expect((await fetchStory(editorStory._id)).title).toBe('Editörün Yazısı');
      expect((await call(null, 'PUT', `/stories/update/${editorStory._id}`, { version: 2, story: { title: 'x' } })).status).toBe(401);
    });
  });

  describe('concurrent saves', () => {
    it('merges a save based on an older version that changes another field, keeping both changes', async () => {
      const story = await made('editor', ids.morning, 'article', articleFields('Birlikte Yazılan Haber'));
      const first = await call('director', 'PUT', `/stories/update/${story._id}`, {
        version: story.version,
        base: { subtitle: story.subtitle },
        story: { subtitle: 'Yönetmenin alt başlığı' },
      });
      expect(first.status).toBe(200);
      // The editor's save started from the same version.
      const second = await call('editor', 'PUT', `/stories/update/${story._id}`, {
        version: story.version,
        base: { title: story.title, body: { html: story.body.html } },
        story: { title: 'Editörün başlığı', body: { html: '<p>Editörün gövdesi.</p>' } },
      });
      expect(second.status, JSON.stringify(second.body)).toBe(200);
      expect(second.body.data).toMatchObject({
        title: 'Editörün başlığı',
        subtitle: 'Yönetmenin alt başlığı',
        body: { text: 'Editörün gövdesi.' },
        version: 3,
      });
      expect(await fetchStory(story._id)).toMatchObject({ title: 'Editörün başlığı', subtitle: 'Yönetmenin alt başlığı' });
    });

    it('merges a stale save whose base is the body as the console’s editor writes it (<br>, &nbsp;, untrimmed title)', async () => {
      // The console keeps the HTML as its editor writes it, not as the server stores it (sanitized).
      const editorHtml = '<p>Birinci satır<br>ikinci&nbsp;satır</p><figure class="image"><img src="https://img.test/c.png"></figure>';
      const story = await made('editor', ids.morning, 'article', articleFields('Satır Sonlu Haber ', { body: { html: editorHtml } }));
      expect(story.body.html).not.toBe(editorHtml);
      expect(story.title).toBe('Satır Sonlu Haber');
      const other = await call('director', 'PUT', `/stories/update/${story._id}`, {
        version: story.version,
        base: { subtitle: story.subtitle },
        story: { subtitle: 'Başkasının alt başlığı' },
      });
      expect(other.status).toBe(200);
      const mine = await call('editor', 'PUT', `/stories/update/${story._id}`, {
        version: story.version,
        base: { title: 'Satır Sonlu Haber ', body: { html: editorHtml } },
        story: { title: 'Satır Sonlu Haber, Güncel', body: { html: '<p>Birinci satır<br>değişti</p>' } },
      });
      expect(mine.status, JSON.stringify(mine.body)).toBe(200);
      expect(mine.body.data).toMatchObject({ title: 'Satır Sonlu Haber, Güncel', subtitle: 'Başkasının alt başlığı', body: { text: 'Birinci satır değişti' } });
    });

    it('refuses (409 STORY_CONFLICT) a save of a field someone else changed meanwhile, and keeps theirs', async () => {
      const story = await made('editor', ids.morning, 'article', articleFields('Çakışan Haber'));
      const first = await call('director', 'PUT', `/stories/update/${story._id}`, {
        version: story.version,
        base: { title: story.title },
        story: { title: 'Yönetmenin başlığı' },
      });
      expect(first.status).toBe(200);
      const second = await call('editor', 'PUT', `/stories/update/${story._id}`, {
        version: story.version,
        base: { title: story.title, subtitle: story.subtitle },
        story: { title: 'Editörün başlığı', subtitle: 'Editörün alt başlığı' },
      });
      expect(second.status).toBe(409);
      expect(second.body.err).toBe('STORY_CONFLICT');
      expect(second.body.msg).toContain('title');
      // Nothing of the refused save is stored, not even the field nobody else touched.
      expect(await fetchStory(story._id)).toMatchObject({ title: 'Yönetmenin başlığı', subtitle: story.subtitle, version: 2 });
      // Based on the latest version, the same save goes through.
      const retried = await call('editor', 'PUT', `/stories/update/${story._id}`, { version: 2, story: { title: 'Editörün başlığı' } });
      expect(retried.status).toBe(200);
      // A stale save that says nothing of the field's earlier value cannot be merged.
      const blind = await call('director', 'PUT', `/stories/update/${story._id}`, { version: 2, story: { title: 'Kör kayıt' } });
      expect(blind.status).toBe(409);
      expect((await fetchStory(story._id)).title).toBe('Editörün başlığı');
    });
  });

  describe('status actions', () => {
    it('walks an author’s article from draft to ready, accepted, back to draft, scheduled, cancelled and deleted, each by its role', async () => {
      const story = await made('author', ids.tech, 'article', articleFields('Yazarın Makalesi'));
      const id = story._id;
      const act = (role: Role, method: string, path: string, body?: unknown) => call(role, method, `/stories/${path}/${id}`, body);

      // The author submits it: it waits for an editor.
      const ready = await act('author', 'PUT', 'ready');
      expect(ready.status).toBe(200);
      expect(ready.body.msg).toBe('The story is ready.');
      expect(ready.body.data.status).toMatchObject({ draft: false, ready: true, accepted: false });
      const readyAgain = await act('author', 'PUT', 'ready');
      expect(readyAgain.status).toBe(409);
      expect(readyAgain.body.msg).toBe('Only a draft story can be made ready.');
      const takeBack = await act('author', 'PUT', 'draft');
      expect(takeBack.status).toBe(401);
      expect(takeBack.body).toEqual({ msg: roleRefusal('AUTHOR', 'stories.accept'), err: 'UNAUTHORIZED' });
      const edit = await call('author', 'PUT', `/stories/update/${id}`, { version: ready.body.data.version, story: { title: 'Değiştirdim' } });
      expect(edit.status).toBe(409);
      expect(edit.body.msg).toBe(notDraft);
      expect((await fetchStory(id)).title).toBe('Yazarın Makalesi');
      const authorAccept = await act('author', 'PUT', 'accept');
      expect(authorAccept.status).toBe(401);
      expect(authorAccept.body.msg).toBe(roleRefusal('AUTHOR', 'stories.accept'));

      // The editor accepts it, and takes it back to draft.
      const accepted = await act('editor', 'PUT', 'accept');
      expect(accepted.status).toBe(200);
      expect(accepted.body.data.status).toMatchObject({ draft: false, ready: true, accepted: true });
      expect((await act('editor', 'PUT', 'accept')).body.msg).toBe('The story is already accepted.');
      const authorDraft = await act('author', 'PUT', 'draft');
      expect(authorDraft.status).toBe(401);
      expect(authorDraft.body.msg).toBe(roleRefusal('AUTHOR', 'stories.draft'));
      const drafted = await act('editor', 'PUT', 'draft');
      expect(drafted.status).toBe(200);
      expect(drafted.body.data.status).toMatchObject({ draft: true, ready: false, accepted: false });
      expect((await act('editor', 'PUT', 'draft')).body.msg).toBe('The story is already a draft.');
      // A draft again: the author may edit it.
      expect(
        (await call('author', 'PUT', `/stories/update/${id}`, { version: drafted.body.data.version, story: { subtitle: 'Düzeltilmiş alt başlık' } })).status,
      ).toBe(200);

      // Only directors and admins publish, at least 30 minutes ahead.
      const byEditor = await act('editor', 'POST', 'publish', { publishedAt: minutes(45) });
      expect(byEditor.status).toBe(401);
      expect(byEditor.body.msg).toBe(roleRefusal('EDITOR', 'stories.publish'));
      const tooSoon = await act('director', 'POST', 'publish', { publishedAt: minutes(10) });
      expect(tooSoon.status).toBe(422);
      expect(tooSoon.body.details[0]).toEqual({ message: 'Choose a date at least 30 minutes from now.', path: 'publishedAt' });
      const undated = await act('director', 'POST', 'publish', {});
      expect(undated.status).toBe(422);
      expect(undated.body.details[0].message).toBe('Choose a date to publish the story.');
      const at = minutes(45);
      const published = await act('director', 'POST', 'publish', { publishedAt: at });
      expect(published.status, JSON.stringify(published.body)).toBe(200);
      expect(published.body.msg).toBe(`The story is scheduled to be released on ${at}.`);
      expect(published.body.data).toMatchObject({ publishedAt: at, status: { draft: false, ready: true, accepted: true, scheduled: true, published: false } });
      const job = await storiesDb().selectFrom('stories').select('job_id').where('id', '=', id).executeTakeFirstOrThrow();
      expect(job.job_id).toBeTruthy();

      // While scheduled: no second publish, no edit, no draft, no delete.
      expect((await act('director', 'POST', 'publish', { publishedAt: minutes(50) })).status).toBe(409);
      const draftScheduled = await act('editor', 'PUT', 'draft');
      expect(draftScheduled.status).toBe(409);
      expect(draftScheduled.body.msg).toBe('Cancel the schedule before you edit the story.');
      expect((await call('director', 'PUT', `/stories/update/${id}`, { version: published.body.data.version, story: { title: 'Yeni' } })).body.msg).toBe(
        notDraft,
      );
      const deleteScheduled = await act('author', 'DELETE', 'delete');
      expect(deleteScheduled.status).toBe(409);
      expect(deleteScheduled.body.msg).toBe('A scheduled story cannot be deleted. Cancel the schedule first.');

      // Cancelling the schedule: directors may, editors may not; the story stays accepted.
      const editorCancel = await act('editor', 'DELETE', 'publish');
      expect(editorCancel.status).toBe(401);
      expect(editorCancel.body.msg).toBe(roleRefusal('EDITOR', 'stories.publish'));
      const unscheduled = await act('director', 'DELETE', 'publish');
      expect(unscheduled.status).toBe(200);
      expect(unscheduled.body.data).toMatchObject({ publishedAt: null, status: { scheduled: false, accepted: true, ready: true } });
      expect((await storiesDb().selectFrom('stories').select('job_id').where('id', '=', id).executeTakeFirstOrThrow()).job_id).toBeNull();
      const notScheduled = await act('director', 'DELETE', 'publish');
      expect(notScheduled.status).toBe(409);
      expect(notScheduled.body.msg).toBe('The story is not scheduled.');

      // With a notification there is no lead time; the admin's cancel ends the schedule as cancelled.
      const notified = await act('director', 'POST', 'publish', { publishedAt: minutes(5), notify: true });
      expect(notified.status, JSON.stringify(notified.body)).toBe(200);
      expect(notified.body.data).toMatchObject({ notify: true, status: { scheduled: true } });
      const directorCancel = await act('director', 'POST', 'cancel');
      expect(directorCancel.status).toBe(401);
      expect(directorCancel.body).toEqual({ msg: 'Required role Admin, current role: DIRECTOR', err: 'UNAUTHORIZED' });
      const cancelled = await act('admin', 'POST', 'cancel');
      expect(cancelled.status).toBe(200);
      expect(cancelled.body.msg).toBe('The story is successfully cancelled.');
      expect(cancelled.body.data.status).toMatchObject({ cancelled: true, scheduled: false, published: false });
      const cancelAgain = await act('admin', 'POST', 'cancel');
      expect(cancelAgain.status).toBe(409);
      expect(cancelAgain.body.msg).toBe('Only a scheduled, queued or processing story can be cancelled.');
      const notPublished = await act('director', 'PUT', 'unpublish');
      expect(notPublished.status).toBe(409);
      expect(notPublished.body.msg).toBe('The story is not published.');

      // Its owner may always delete it.
      const deleted = await act('author', 'DELETE', 'delete');
      expect(deleted.status).toBe(200);
      expect(deleted.body).toEqual({ data: { _id: id, newsletter: ids.tech }, msg: 'The story is deleted.' });
      expect((await call('admin', 'GET', `/stories/list/${id}`)).status).toBe(404);
      expect((await act('author', 'DELETE', 'delete')).status).toBe(404);
    });

    it('lets an admin publish with no lead time, and refuses a date in the past', async () => {
      const story = await made('admin', ids.morning, 'article', articleFields('Yöneticinin Makalesi'));
      const past = await call('admin', 'POST', `/stories/publish/${story._id}`, { publishedAt: minutes(-10) });
      expect(past.status).toBe(422);
      expect(past.body.details[0].message).toBe('Choose a date in the future.');
      const soon = await call('admin', 'POST', `/stories/publish/${story._id}`, { publishedAt: minutes(3) });
      expect(soon.status).toBe(200);
      expect(soon.body.data.status.scheduled).toBe(true);
      expect((await call('admin', 'DELETE', `/stories/publish/${story._id}`)).status).toBe(200);
    });

    it('does not publish a bullet on its own', async () => {
      const bullet = await made('director', ids.morning, 'bullet', { body: { html: '<p>• Kısa bir haber.</p>' } });
      const refused = await call('director', 'POST', `/stories/publish/${bullet._id}`, { publishedAt: minutes(60) });
      expect(refused.status).toBe(409);
      expect(refused.body.msg).toBe('Only articles can be published on their own.');
      expect((await fetchStory(bullet._id)).status).toMatchObject({ draft: true, scheduled: false });
    });

    it("refuses to make ready, accept or publish an article without an image ('Article image is required')", async () => {
      const story = await made('author', ids.tech, 'article', articleFields('Kapaksız Makale'));
      await storiesDb().updateTable('stories').set({ image: '' }).where('id', '=', story._id).execute();
      for (const [role, method, path] of [
        ['author', 'PUT', 'ready'],
        ['editor', 'PUT', 'accept'],
        ['director', 'POST', 'publish'],
      ] as const) {
        const { status, body } = await call(role, method, `/stories/${path}/${story._id}`, path === 'publish' ? { publishedAt: minutes(60) } : undefined);
        expect(status, path).toBe(422);
        expect(body.details[0]).toEqual({ message: 'Article image is required', path: 'image' });
      }
      expect((await fetchStory(story._id)).status).toMatchObject({ draft: true, ready: false, accepted: false, scheduled: false });
    });

    it('unpublishes a published story (directors and admins), which takes its public page down', async () => {
      const { id, slug } = await seedStory('Şehirde Yeni Metro Hattı Açıldı');
      expect((await t.server.app.inject({ method: 'GET', url: `/s/${slug}` })).statusCode).toBe(200);
      const byEditor = await call('editor', 'PUT', `/stories/unpublish/${id}`);
      expect(byEditor.status).toBe(401);
      expect(byEditor.body.msg).toBe(roleRefusal('EDITOR', 'stories.publish'));
      const unpublished = await call('director', 'PUT', `/stories/unpublish/${id}`);
      expect(unpublished.status).toBe(200);
      expect(unpublished.body.msg).toBe('The story is unpublished.');
      expect(unpublished.body.data.status).toMatchObject({ published: false, accepted: true });
      // Published once and no more: gone (410), not unknown.
      expect((await t.server.app.inject({ method: 'GET', url: `/s/${slug}` })).statusCode).toBe(410);
      // Once published, its slug is fixed.
      await call('editor', 'PUT', `/stories/draft/${id}`);
      const story = await fetchStory(id);
      const slugChange = await call('editor', 'PUT', `/stories/update/${id}`, { version: story.version, story: { slug: 'yeni-adres' } });
      expect(slugChange.status).toBe(422);
      expect(slugChange.body.details[0].message).toBe('The slug cannot change once the story is published.');
      const retitled = await call('editor', 'PUT', `/stories/update/${id}`, { version: story.version, story: { title: 'Metro Hattı Yeni Başlık' } });
      expect(retitled.body.data).toMatchObject({ title: 'Metro Hattı Yeni Başlık', slug });
    });

    it('keeps a published story’s page as readers saw it while it is edited again, until it is accepted', async () => {
      const { id, slug } = await seedStory('Yapay Zekâ ile Kod Yazmak');
      const drafted = await call('editor', 'PUT', `/stories/draft/${id}`);
      expect(drafted.body.data.status).toMatchObject({ draft: true, published: true });
      const saved = await call('editor', 'PUT', `/stories/update/${id}`, {
        version: drafted.body.data.version,
        story: { subtitle: 'Güncellenmiş alt başlık' },
      });
      expect(saved.status).toBe(200);
      const page = () => t.server.app.inject({ method: 'GET', url: `/s/${slug}` });
      expect((await page()).body).toContain('Geliştiriciler yeni araçları nasıl kullanıyor?');
      expect((await page()).body).not.toContain('Güncellenmiş alt başlık');
      const accepted = await call('editor', 'PUT', `/stories/accept/${id}`);
      expect(accepted.body.data.status).toMatchObject({ draft: false, accepted: true, published: true });
      expect((await page()).body).toContain('Güncellenmiş alt başlık');
    });

    it('lets an editor delete someone else’s story, and keeps an author and another publisher from it', async () => {
      const story = await made('director', ids.tech, 'bullet', { body: { html: '<p>• Silinecek haber.</p>' } });
      expect((await call('author', 'DELETE', `/stories/delete/${story._id}`)).status).toBe(404);
      expect((await call('other', 'DELETE', `/stories/delete/${story._id}`)).status).toBe(404);
      expect((await call(null, 'DELETE', `/stories/delete/${story._id}`)).status).toBe(401);
      const deleted = await call('editor', 'DELETE', `/stories/delete/${story._id}`);
      expect(deleted.status).toBe(200);
      expect((await call('editor', 'GET', `/stories/list/${story._id}`)).status).toBe(404);
      expect((await call('editor', 'DELETE', '/stories/delete/x'.padEnd(90, 'x'))).status).toBe(422);
    });

    it('features an article (admins only) only while it is a draft', async () => {
      const story = await made('editor', ids.morning, 'article', articleFields('Öne Çıkan Makale'));
      const byDirector = await call('director', 'PUT', `/stories/feature/${story._id}`);
      expect(byDirector.status).toBe(401);
      expect(byDirector.body).toEqual({ msg: 'Required role Admin, current role: DIRECTOR', err: 'UNAUTHORIZED' });
      const featured = await call('admin', 'PUT', `/stories/feature/${story._id}`);
      expect(featured.status).toBe(200);
      expect(featured.body.msg).toBe('The story is featured.');
      expect(featured.body.data.status.featured).toBe(true);
      expect((await call('director', 'DELETE', `/stories/feature/${story._id}`)).status).toBe(401);

      await call('editor', 'PUT', `/stories/accept/${story._id}`);
      const locked = await call('admin', 'DELETE', `/stories/feature/${story._id}`);
      expect(locked.status).toBe(409);
      expect(locked.body.msg).toBe('The featured switch can only change while the story is a draft.');
      expect((await fetchStory(story._id)).status.featured).toBe(true);
      await call('editor', 'PUT', `/stories/draft/${story._id}`);
      const unfeatured = await call('admin', 'DELETE', `/stories/feature/${story._id}`);
      expect(unfeatured.status).toBe(200);
      expect(unfeatured.body.msg).toBe('The story is no longer featured.');
      expect(unfeatured.body.data.status.featured).toBe(false);

      const bullet = await made('editor', ids.morning, 'bullet', { body: { html: '<p>• Öne çıkamaz.</p>' } });
      const refused = await call('admin', 'PUT', `/stories/feature/${bullet._id}`);
      expect(refused.status).toBe(409);
      expect(refused.body.msg).toBe('Only articles can be featured.');
      expect((await call('admin', 'PUT', '/stories/feature/no-such-story')).status).toBe(404);
    });

    it('answers 404 for an unknown story and 401 without a sign-in on every action', async () => {
      for (const [method, path] of [
        ['PUT', 'ready'],
        ['PUT', 'draft'],
        ['PUT', 'accept'],
        ['DELETE', 'publish'],
        ['POST', 'cancel'],
        ['PUT', 'unpublish'],
      ] as const) {
        expect((await call('admin', method, `/stories/${path}/no-such-story`)).status, path).toBe(404);
        expect((await call(null, method, `/stories/${path}/no-such-story`)).status, path).toBe(401);
      }
      expect((await call('admin', 'POST', '/stories/publish/no-such-story', { publishedAt: minutes(60) })).status).toBe(404);
    });
  });

  describe('scheduled release on the job queue', () => {
    it('publishes at its time, sends the notification, and serves a sanitized public page; a cancelled schedule stays unpublished', async () => {
      const story = await made(
        'admin',
        ids.morning,
        'article',
        articleFields('Gece Yarısı Duyurusu & Haberi', {
          subtitle: 'Bildirimle gelen haber',
          body: { html: '<p>Duyuru metni burada.</p><script>alert("x")</script><p><img src="https://img.test/b.png" onerror="alert(1)"></p>' },
        }),
      );
      const other = await made('admin', ids.morning, 'article', articleFields('Yayımlanmayacak Haber'));
      const before = readPushOutbox(t.dataDir).length;
      const at = new Date(Date.now() + 2000).toISOString();
      const scheduled = await call('admin', 'POST', `/stories/publish/${story._id}`, { publishedAt: at, notify: true });
      expect(scheduled.status, JSON.stringify(scheduled.body)).toBe(200);
      expect(scheduled.body.msg).toBe(`The story is scheduled to be released on ${at}.`);
      expect((await call('admin', 'POST', `/stories/publish/${other._id}`, { publishedAt: at })).status).toBe(200);
      expect((await call('admin', 'DELETE', `/stories/publish/${other._id}`)).status).toBe(200);
      // Not yet: the public page does not show it.
      expect((await t.server.app.inject({ method: 'GET', url: `/s/${story.slug}` })).statusCode).toBe(404);

      expect(await until(async () => (await fetchStory(story._id)).status.published, 15_000)).toBe(true);
      const released = await fetchStory(story._id);
      expect(released).toMatchObject({ publishedAt: at, status: { published: true, scheduled: false, notified: true, accepted: true } });
      expect(released.notifiedAt).toBeTruthy();

      const outbox = readPushOutbox(t.dataDir);
      expect(outbox.length).toBe(before + 1);
      expect(outbox[0]).toMatchObject({
        topic: 'sabah-bulteni',
        title: 'Gece Yarısı Duyurusu & Haberi',
        body: 'Bildirimle gelen haber',
        url: `http://console.test/s/${story.slug}`,
      });

      const page = await t.server.app.inject({ method: 'GET', url: `/s/${story.slug}` });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.body).toContain('<h1>Gece Yarısı Duyurusu &amp; Haberi</h1>');
      expect(page.body).toContain('Duyuru metni burada.');
      expect(page.body).toContain('src="https://img.test/b.png"');
      // No script of the story's survives; the only one is the reading beacon the page adds itself.
      expect(page.body.replace(/<script src="\/t\/read\.js" data-t="[^"]+" defer><\/script>/, '')).not.toMatch(/<script/i);
      expect(page.body).toMatch(/<script src="\/t\/read\.js"/);
      expect(page.body).not.toContain('onerror');
      // Its id leads to the same page; a view is a read.
      expect((await t.server.app.inject({ method: 'GET', url: `/s/${story._id}` })).statusCode).toBe(200);
      expect((await call('admin', 'GET', `/stories/list/${story._id}?updateStats=true`)).body.data.stats.reads).toBe(2);

      // The cancelled one's time has passed too, yet it was not released.
      expect((await fetchStory(other._id)).status).toMatchObject({ published: false, scheduled: false });
      expect((await t.server.app.inject({ method: 'GET', url: `/s/${other.slug}` })).statusCode).toBe(404);
      expect((await t.server.app.inject({ method: 'GET', url: '/s/no-such-story' })).statusCode).toBe(404);
    }, 30_000);

    it('titles a published bullet’s page with its first words, escaped once', async () => {
      const bullet = await made('editor', ids.morning, 'bullet', { body: { html: '<p>• Köprü &amp; tünel <b>trafiği</b> bugün yoğun.</p>' } });
      // Bullets go out with their issue; here the issue's release is played by hand.
      const content = { title: '', subtitle: '', image: '', html: bullet.body.html, writer: null };
      await storiesDb()
        .updateTable('stories')
        .set({ draft: false, published: true, published_at: new Date(), published_content: JSON.stringify(content) })
        .where('id', '=', bullet._id)
        .execute();
      const page = await t.server.app.inject({ method: 'GET', url: `/s/${bullet._id}` });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<title>Köprü &amp; tünel trafiği bugün yoğun. · Sabah Bülteni</title>');
      expect(page.body).toContain('<p>• Köprü &amp; tünel <b>trafiği</b> bugün yoğun.</p>');
    });
  });

  describe('GET /stories/list', () => {
    const all = (role: Role, newsletter: string) => list(role, `newsletter=${newsletter}&limit=100`);
    const idsOf = (stories: Story[]) => stories.map((story) => story._id).sort();

    it('filters by type and by badge status, and status.published by the flag alone', async () => {
      const everything = await all('editor', ids.tech);
      expect(everything.count).toBe(everything.data.length);
      for (const type of ['bullet', 'article'] as const) {
        const filtered = await list('editor', `newsletter=${ids.tech}&type=${type}&limit=100`);
        expect(idsOf(filtered.data)).toEqual(idsOf(everything.data.filter((story) => story.type === type)));
        expect(filtered.count).toBe(filtered.data.length);
      }
      for (const status of ['draft', 'ready', 'accepted', 'scheduled', 'published', 'cancelled'] as const) {
        const filtered = await list('editor', `newsletter=${ids.tech}&status=${status}&limit=100`);
        expect(idsOf(filtered.data), status).toEqual(idsOf(everything.data.filter((story) => badgeOf(story) === status)));
      }
      // A published story being edited again shows DRAFT, yet it is published.
      const republishing = everything.data.find((story) => story.title === 'Telefonunuzu Güvende Tutmanın Beş Yolu')!;
      expect(republishing.status).toMatchObject({ draft: true, published: true });
      const publishedBadge = await list('editor', `newsletter=${ids.tech}&status=published&limit=100`);
      const publishedFlag = await list('editor', `newsletter=${ids.tech}&status.published=true&limit=100`);
      expect(publishedBadge.data.some((story) => story._id === republishing._id)).toBe(false);
      expect(publishedFlag.data.some((story) => story._id === republishing._id)).toBe(true);
      expect(idsOf(publishedFlag.data)).toEqual(idsOf(everything.data.filter((story) => story.status.published)));
      expect(publishedBadge.count).toBeGreaterThan(0);
      const drafts = await list('editor', `newsletter=${ids.tech}&status=draft&limit=100`);
      expect(drafts.data.some((story) => story._id === republishing._id)).toBe(true);
      const unpublished = await list('editor', `newsletter=${ids.tech}&status.published=false&limit=100`);
      expect(unpublished.count + publishedFlag.count).toBe(everything.count);

      const badStatus = await call('editor', 'GET', `/stories/list?newsletter=${ids.tech}&status=foo`);
      expect(badStatus.status).toBe(422);
      expect(badStatus.body.details[0].message).toBe('You can only select one status');
      const badType = await call('editor', 'GET', `/stories/list?newsletter=${ids.tech}&type=video`);
      expect(badType.body.details[0].message).toBe('You can only select one type');
      expect((await call(null, 'GET', `/stories/list?newsletter=${ids.tech}`)).status).toBe(401);
    });

    it('lists with issue=none the stories an issue may take: in no issue, neither published nor cancelled', async () => {
      const everything = await all('editor', ids.tech);
      const outside = everything.data.filter((story) => !story.issue);
      // The demo has both kinds outside an issue, so the filter has something to leave out.
      expect(outside.some((story) => story.status.published || story.status.cancelled)).toBe(true);
      const open = await list('editor', `newsletter=${ids.tech}&issue=none&limit=100`);
      expect(idsOf(open.data)).toEqual(idsOf(outside.filter((story) => !story.status.published && !story.status.cancelled)));
      expect(open.count).toBe(open.data.length);
      expect(open.count).toBeGreaterThan(0);
    });

    it('searches title, subtitle and text from 3 characters on, and ignores a shorter search', async () => {
      const everything = await all('director', ids.morning);
      const metro = await list('director', `newsletter=${ids.morning}&search=${encodeURIComponent('Kütüphaneler')}`);
      expect(metro.data.map((story) => story.title)).toEqual(['Kütüphaneler Gece de Açık']);
      // In the text of two stories.
      const inText = await list('director', `newsletter=${ids.morning}&search=${encodeURIComponent('ücretsiz')}&limit=100`);
      expect(inText.data.map((story) => story.title).sort()).toEqual(expect.arrayContaining(['Kütüphaneler Gece de Açık']));
      expect(inText.count).toBeGreaterThanOrEqual(2);
      expect(inText.data.every((story) => `${story.title} ${story.subtitle} ${story.body.text}`.toLocaleLowerCase('tr').includes('ücretsiz'))).toBe(true);
      const subtitle = await list('director', `newsletter=${ids.morning}&search=${encodeURIComponent('cumartesi güneşli')}`);
      expect(subtitle.data.map((story) => story.title)).toEqual(['Hafta Sonu Hava Durumu']);
      // A '%' is a character, not a wildcard.
      expect((await list('director', `newsletter=${ids.morning}&search=${encodeURIComponent('%%%')}`)).count).toBe(0);
      const short = await list('director', `newsletter=${ids.morning}&search=xy&limit=100`);
      expect(short.count).toBe(everything.count);
    });

    it('counts a search’s matches only ten pages past the page asked for, so the pager grows as the reader goes on', async () => {
      const made30 = await Promise.all(
        Array.from({ length: 30 }, (_, index) => made('director', ids.culture, 'bullet', { body: { html: `<p>• Zeplin gösterisi ${index}</p>` } })),
      );
      try {
        const search = `newsletter=${ids.culture}&search=zeplin&limit=2`;
        expect((await list('director', `${search}&page=0`)).count).toBe(22);
        expect((await list('director', `${search}&page=5`)).count).toBe(30);
        const page3 = await list('director', `${search}&page=3`);
        expect(page3.count).toBe(28);
        expect(page3.data).toHaveLength(2);
        // Without a search the count is exact.
        expect((await list('director', `newsletter=${ids.culture}&type=bullet&limit=2`)).count).toBeGreaterThanOrEqual(30);
      } finally {
        for (const story of made30) await call('director', 'DELETE', `/stories/delete/${story._id}`);
      }
    });

    it('pages zero-based with a limit and a total count, and sorts', async () => {
      const everything = await all('editor', ids.morning);
      expect(everything.count).toBeGreaterThan(4);
      const first = await list('editor', `newsletter=${ids.morning}&limit=2&page=0`);
      const second = await list('editor', `newsletter=${ids.morning}&limit=2&page=1`);
      expect(first.count).toBe(everything.count);
      expect(second.count).toBe(everything.count);
      expect([...first.data, ...second.data].map((story) => story._id)).toEqual(everything.data.slice(0, 4).map((story) => story._id));
      // Ten to a page by default, newest change first.
      const defaults = await list('editor', `newsletter=${ids.morning}`);
      expect(defaults.data).toHaveLength(Math.min(10, everything.count));
      const updated = everything.data.map((story) => story.updatedAt);
      expect(updated).toEqual([...updated].sort().reverse());

      const oldestFirst = await list('editor', `newsletter=${ids.morning}&sort=createdAt&desc=false&limit=100`);
      const created = oldestFirst.data.map((story) => story.createdAt);
      expect(created).toEqual([...created].sort());
      const byPublication = await list('editor', `newsletter=${ids.morning}&sort=publishedAt&desc=true&limit=100`);
      const firstUnpublished = byPublication.data.findIndex((story) => !story.status.published);
      const published = byPublication.data.slice(0, firstUnpublished);
      expect(published.length).toBeGreaterThan(0);
      expect(published.map((story) => story.publishedAt)).toEqual(
        published
          .map((story) => story.publishedAt)
          .sort()
          .reverse(),
      );
      const past = await call('editor', 'GET', `/stories/list?newsletter=${ids.morning}&page=-1`);
      expect(past.status).toBe(422);
    });

    it('lists every newsletter of the caller’s scopes without a newsletter; authors see only their own; another publisher’s is missing', async () => {
      const morning = await all('editor', ids.morning);
      const tech = await all('editor', ids.tech);
      const everywhere = await list('editor', 'limit=100');
      expect(everywhere.count).toBe(morning.count + tech.count);
      expect(new Set(everywhere.data.map((story) => story.newsletter))).toEqual(new Set([ids.morning, ids.tech]));

      const mine = await list('author', 'limit=100');
      expect(mine.count).toBeGreaterThan(0);
      expect(mine.data.every((story) => story.owner?._id === ids.author)).toBe(true);
      expect(new Set(mine.data.map((story) => story.newsletter))).toEqual(new Set([ids.tech, ids.culture]));
      const authorTech = await all('author', ids.tech);
      expect(authorTech.count).toBeLessThan(tech.count);
      expect(authorTech.data.every((story) => story.owner?._id === ids.author)).toBe(true);
      // The owner filter is the editors' to choose.
      const authorsByEditor = await list('editor', `newsletter=${ids.tech}&owner=${ids.author}&limit=100`);
      expect(idsOf(authorsByEditor.data)).toEqual(idsOf(authorTech.data));

      expect((await call('other', 'GET', `/stories/list?newsletter=${ids.tech}`)).status).toBe(404);
      expect((await call('director', 'GET', `/stories/list?newsletter=${ids.ege}`)).status).toBe(404);
      expect((await call('author', 'GET', `/stories/list?newsletter=${ids.morning}`)).status).toBe(404);
      const ege = await list('other', 'limit=100');
      expect(ege.count).toBe(2);
      expect(ege.data.every((story) => story.newsletter === ids.ege)).toBe(true);
    });

    it('gives one story, with absolute addresses on request and its statistics', async () => {
      const story = await made(
        'editor',
        ids.morning,
        'article',
        articleFields('Adresli Makale', { body: { html: '<p><a href="/uploads/x.pdf">Belge</a> ve <a href="//dis.example/y">dış</a></p>' } }),
      );
      const plain = await call('editor', 'GET', `/stories/list/${story._id}`);
      expect(plain.status).toBe(200);
      expect(plain.body.data.stats).toBeUndefined();
      const normalized = await call('editor', 'GET', `/stories/list/${story._id}?normalizeBody=true&updateStats=true`);
      expect(normalized.body.data.body.html).toContain('href="http://console.test/uploads/x.pdf"');
      expect(normalized.body.data.stats).toEqual({
        totalOpens: 0,
        uniqueOpens: 0,
        totalClicks: 0,
        uniqueClicks: 0,
        machineOpens: 0,
        machineClicks: 0,
        reads: 0,
      });
      expect((await call('editor', 'GET', `/stories/list/${'x'.repeat(80)}`)).status).toBe(422);
    });
  });

  describe('POST /stories/authors', () => {
    it('adds a pen name (editors and up), once per name', async () => {
      const added = await call('editor', 'POST', '/stories/authors', { name: 'Konuk Yazar' });
      expect(added.status).toBe(200);
      expect(added.body.data).toMatchObject({ name: 'Konuk Yazar', user: null });
      const form = await call('director', 'GET', `/stories/create?newsletter=${ids.morning}&type=article`);
      expect(form.body.data.data.authors.map((author: { name: string }) => author.name)).toContain('Konuk Yazar');
      // A story may be signed with it.
      const signed = await made('director', ids.morning, 'article', articleFields('Konuğun Yazısı', { writer: added.body.data._id }));
      expect(signed.writer).toMatchObject({ _id: added.body.data._id, name: 'Konuk Yazar' });
      const twice = await call('director', 'POST', '/stories/authors', { name: 'konuk yazar' });
      expect(twice.status).toBe(422);
      expect(twice.body.details[0].message).toBe('This pen name already exists.');
      // Told apart the way the database tells names apart (a Turkish dotted İ lower-cases differently in JavaScript).
      expect((await call('editor', 'POST', '/stories/authors', { name: 'İzmir Masası' })).status).toBe(200);
      const dotted = await call('editor', 'POST', '/stories/authors', { name: 'İzmir Masası' });
      expect(dotted.status).toBe(422);
      expect(dotted.body.details[0].message).toBe('This pen name already exists.');
      for (const name of ['K', ' K', 'K  ']) {
        const short = await call('editor', 'POST', '/stories/authors', { name });
        expect(short.status, name).toBe(422);
        expect(short.body.details[0].message).toBe('Pen name must be at least 2 characters.');
      }
      const byAuthor = await call('author', 'POST', '/stories/authors', { name: 'Takma Ad' });
      expect(byAuthor.status).toBe(401);
      expect(byAuthor.body.msg).toBe(roleRefusal('AUTHOR', 'stories.update'));
      // An author may not sign with someone else's pen name.
      const borrowed = await create('author', ids.tech, 'article', articleFields('Ödünç İmza', { writer: added.body.data._id }));
      expect(borrowed.status).toBe(422);
      expect(borrowed.body.details[0].message).toBe('Choose one of your pen names.');
    });
  });

  describe('GET /keys/check?model=Story', () => {
    it('answers EXISTS for a story’s slug, AVAILABLE for a free one and for the story’s own', async () => {
      const { id, slug } = await seedStory('Kent Bostanlarında Hasat Zamanı');
      const check = (query: string, role: Role | null = 'author') => call(role, 'GET', `/keys/check?model=Story&${query}`);
      const exists = await check(`key=${slug}`);
      expect(exists.status).toBe(200);
      expect(exists.body.msg).toBe('EXISTS');
      expect((await check(`key=${slug}&_id=${id}`)).body.msg).toBe('AVAILABLE');
      expect((await check('key=hic-kullanilmamis-bir-adres')).body.msg).toBe('AVAILABLE');
      expect((await check(`key=${slug!.toUpperCase()}`)).body.msg).toBe('EXISTS');
      expect((await check('')).status).toBe(422);
      expect((await check(`key=${slug}`, null)).status).toBe(401);
    });
  });

  describe('live story rooms (socket.io)', () => {
    let url: string;
    const sockets: Socket[] = [];
    beforeAll(async () => {
      url = await t.server.app.listen({ port: 0, host: '127.0.0.1' });
    });
    afterAll(() => {
      sockets.forEach((socket) => socket.disconnect());
    });

    const next = <T = any>(socket: Socket, event: string, ms = 5000) =>
      new Promise<T>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no '${event}' within ${ms} ms`)), ms);
        socket.once(event, (payload: T) => {
          clearTimeout(timer);
          resolve(payload);
        });
      });
    const connect = async (role: Role) => {
      const socket = io(url, { path: '/socket.io', transports: ['websocket'], reconnection: false });
      sockets.push(socket);
      await next(socket, 'connect');
      socket.emit('authenticate', { token: tokens[role] });
      await next(socket, 'authenticated');
      return socket;
    };
    const join = async (socket: Socket, storyId: string) => {
      const joined = next(socket, 'story-joined');
      socket.emit('story-join', { storyId });
      return joined;
    };
    /** A round trip to the server: whatever it sent the socket before has arrived once the answer is here. */
    const roundTrip = async (socket: Socket) => {
      const answered = next(socket, 'story-error');
      socket.emit('story-join', { storyId: 'no-such-story' });
      await answered;
    };

    it('passes a live edit to the other editors of the story, and keeps out who may not read it', async () => {
      const story = await made('editor', ids.morning, 'article', articleFields('Canlı Düzenlenen Haber'));
      const room = `story-${story._id}`;
      const [editor, director, outsider, author] = await Promise.all([connect('editor'), connect('director'), connect('other'), connect('author')]);
      expect(await join(editor, story._id)).toEqual({ storyId: story._id });
      await join(director, story._id);
      const outsiderError = next(outsider, 'story-error');
      outsider.emit('story-join', { storyId: story._id });
      expect(await outsiderError).toEqual({ storyId: story._id, msg: 'Story not found.' });
      const authorError = next(author, 'story-error');
      author.emit('story-join', { storyId: story._id });
      await authorError;

      const heard: unknown[] = [];
      for (const socket of [outsider, author, editor]) socket.on(room, (payload) => heard.push(payload));
      // Someone outside the room cannot inject an edit either.
      outsider.emit('story', { storyId: story._id, action: 'story-update', type: 'fields', story: { title: 'Sızma' } });

      const received = next(director, room);
      editor.emit('story', {
        storyId: story._id,
        action: 'story-update',
        type: 'fields',
        story: { title: 'X', body: { html: '<p>Canlı</p><script>alert(1)</script>' } },
        socketId: editor.id,
      });
      const update = await received;
      expect(update).toMatchObject({
        action: 'story-update',
        type: 'fields',
        story: { title: 'X', body: { html: '<p>Canlı</p>' } },
        socketId: editor.id,
        user: { _id: ids.editor },
      });

      // A save is announced to the room, with the saving console's socket.
      const saved = next(director, room);
      const put = await call(
        'editor',
        'PUT',
        `/stories/update/${story._id}`,
        { version: story.version, story: { title: 'Kaydedilen başlık' } },
        { 'x-socket-id': editor.id! },
      );
      expect(put.status).toBe(200);
      expect(await saved).toMatchObject({ action: 'story-saved', socketId: editor.id, story: { _id: story._id, title: 'Kaydedilen başlık', version: 2 } });

      // A status change reaches the room as well.
      const readied = next(director, room);
      await call('editor', 'PUT', `/stories/ready/${story._id}`);
      expect(await readied).toMatchObject({ action: 'story-saved', story: { status: { ready: true, draft: false } } });

      await Promise.all([outsider, author, editor].map(roundTrip));
      // The editor's own live edit does not come back to it; outsiders heard nothing.
      expect(heard.filter((payload) => (payload as { action: string }).action === 'story-update')).toEqual([]);
      expect(heard.filter((payload) => (payload as { action: string }).action === 'story-saved')).toHaveLength(2);
      expect(heard.length).toBe(2);

      // After leaving, the room is silent to that socket.
      director.emit('story-leave', { storyId: story._id });
      await roundTrip(director);
      let afterLeave = 0;
      director.on(room, () => afterLeave++);
      await call('editor', 'PUT', `/stories/draft/${story._id}`);
      await roundTrip(director);
      expect(afterLeave).toBe(0);
    });
  });
});

describe('a scheduled story across a restart', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'masthead-stories-'));
  const env = readEnv({ DATA_DIR: dataDir, DEMO_PASSWORD: demoPassword, LOG_LEVEL: 'silent', PUBLIC_URL: 'http://console.test' });
  let server: Server | undefined;
  afterAll(async () => {
    await server?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const inject = async (running: Server, method: string, url: string, token?: string, payload?: unknown) => {
    const response = await running.app.inject({
      method: method as 'GET',
      url,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      payload: payload as object,
    });
    return { status: response.statusCode, body: JSON.parse(response.body) };
  };
  const login = async (running: Server) =>
    (await inject(running, 'POST', '/api/auth/login', undefined, { email: 'director@masthead.local', password: demoPassword })).body.data as string;

  it('is released by the next server on the same database', async () => {
    await seedDataDir(dataDir);
    server = await buildServer({ env, logger: false });
    await server.app.ready();
    const ids = await demoIds(server);
    let token = await login(server);
    const created = await inject(server, 'POST', '/api/stories/create', token, {
      newsletter: ids.morning,
      type: 'article',
      story: articleFields('Yeniden Başlatmaya Dayanan Haber'),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id = created.body.data._id as string;
    // With a notification there is no lead time for a director.
    const at = new Date(Date.now() + 3000).toISOString();
    const published = await inject(server, 'POST', `/api/stories/publish/${id}`, token, { publishedAt: at, notify: true });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    await server.close();
    server = undefined;

    server = await buildServer({ env, logger: false });
    await server.app.ready();
    const running = server;
    token = await login(running);
    const story = async () => (await inject(running, 'GET', `/api/stories/list/${id}`, token)).body.data as Story;
    expect(await until(async () => (await story()).status.published, 15_000)).toBe(true);
    expect(await story()).toMatchObject({ publishedAt: at, status: { scheduled: false, notified: true } });
    expect(readPushOutbox(dataDir).filter((entry) => entry.title === 'Yeniden Başlatmaya Dayanan Haber')).toHaveLength(1);
    const page = await running.app.inject({ method: 'GET', url: `/s/${created.body.data.slug}` });
    expect(page.statusCode).toBe(200);
  }, 60_000);
});
