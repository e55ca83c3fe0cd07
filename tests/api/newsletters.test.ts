/**
 * Newsletters (spec 000 section 2 Lists, section 4 newsletter badge, section 7 calls): the list per
 * role, searched, sorted, filtered and paged; one newsletter; its settings, read and saved with the
 * parts other plugins keep (every part checked before any is saved, the record and every part saved
 * in one transaction, the sender's link mailed after its commit); a new newsletter, made with what
 * the design plugin adds (the wizard's rules: tests/api/design.test.ts); the admin's publish and
 * feature switches (a newsletter's first publication is its creator's too: tests/api/design.test.ts);
 * and the tags in use. Another publisher's newsletters are as good as missing.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxDir } from '../../core/server/services/mail';
import { senderLinkSentText } from '../../plugins/settings/messages';
import { enginesFor, startTestServer, type TestServer } from './server';

/** A design's four link colours, which a newsletter's brand colour gives until a person picks them. */
const linkColoursOf = ({ linkColor, linkColorDark, footerLinkColor, footerLinkColorDark }: Record<string, string>) => ({
  linkColor,
  linkColorDark,
  footerLinkColor,
  footerLinkColorDark,
});

const databases = enginesFor('embedded');

const kuzeyTitles = ['Kültür Sanat Haftalık', 'Sabah Bülteni', 'Teknoloji Notları'];

describe.each(databases)('newsletters on %s', (kind) => {
  let t: TestServer;
  let tokens: Record<'admin' | 'director' | 'editor' | 'author' | 'other', string>;
  let kuzeyId: string;
  let ids: Record<string, string>;

  beforeAll(async () => {
    t = await startTestServer(kind);
    const { db } = t.server.database;
    const publisher = await db.selectFrom('publishers').select('id').where('key', '=', 'kuzey-medya').executeTakeFirstOrThrow();
    kuzeyId = publisher.id;
    const rows = await db.selectFrom('newsletters').select(['id', 'key']).execute();
    ids = Object.fromEntries(rows.map((row) => [row.key, row.id]));
    // Subscriber counts the sort can tell apart (the subscribers plugin keeps them in real life).
    for (const [key, count] of [
      ['sabah-bulteni', 120],
      ['teknoloji-notlari', 340],
      ['kultur-sanat-haftalik', 45],
    ] as const) {
      await db
        .withTables<{ subscriber_counts: { newsletter_id: string; count: number } }>()
        .insertInto('subscriber_counts')
        .values({ newsletter_id: ids[key]!, count })
        .onConflict((conflict) => conflict.column('newsletter_id').doUpdateSet({ count }))
        .execute();
    }
    const adminLogin = await t.login('admin@masthead.local');
    const scope = await t.request('PUT', '/api/auth/scope', { token: adminLogin, body: { publisher: kuzeyId } });
    tokens = {
      admin: scope.body.data,
      director: await t.login('director@masthead.local'),
      editor: await t.login('editor@masthead.local'),
      author: await t.login('author@masthead.local'),
      other: await t.login('director@egehaber.example'),
    };
  });
  afterAll(async () => {
    await t.close();
  });

  type Template = { _id: string; title: string; default: boolean; channels: string[] };
  /** GET /newsletters/update/{id}: the newsletter with every part (body) and what the form offers (data). */
  const form = async (id: string, token = tokens.director) => {
    const { status, body } = await t.request('GET', `/api/newsletters/update/${id}`, { token });
    expect(status).toBe(200);
    return body.data as { body: Record<string, any>; data: Record<string, any> };
  };
  /** The e-mails captured in the outbox for an address (the test server has no SMTP server). */
  const mailedTo = (address: string) => {
    const dir = outboxDir(t.dataDir);
    const files = existsSync(dir) ? readdirSync(dir).filter((file) => file.endsWith('.json')) : [];
    return files.map((file) => JSON.parse(readFileSync(join(dir, file), 'utf8')) as { to: string }).filter((mail) => mail.to === address);
  };
  /** The title of a channel template the database refuses while `refusingTemplates` runs: a save that fails after every check passed. */
  const refusedTitle = 'Veritabanı Reddeder';
  const refusingTemplates = async (run: () => Promise<void>) => {
    const { db } = t.server.database;
    await sql`alter table channel_templates add constraint test_refused_title check (title <> ${sql.lit(refusedTitle)}) not valid`.execute(db);
    try {
      await run();
    } finally {
      await sql`alter table channel_templates drop constraint test_refused_title`.execute(db);
    }
  };
  const internalError = { err: 'INTERNAL_ERROR', msg: 'Something went wrong on our side. Please try again.' };

  const list = (token: string, query = '') => t.request('GET', `/api/newsletters/list${query ? `?${query}` : ''}`, { token });
  const titles = (body: { data: { title: string }[] }) => body.data.map((newsletter) => newsletter.title);

  describe('GET /newsletters/list', () => {
    it("gives directors all of the publisher's newsletters, editors and authors only their own", async () => {
      const director = await list(tokens.director);
      expect(director.status).toBe(200);
      expect(titles(director.body)).toEqual(kuzeyTitles);
      expect(director.body.count).toBe(3);
      expect(titles((await list(tokens.editor)).body)).toEqual(['Sabah Bülteni', 'Teknoloji Notları']);
      expect(titles((await list(tokens.author)).body)).toEqual(['Kültür Sanat Haftalık', 'Teknoloji Notları']);
      expect(titles((await list(tokens.admin)).body)).toEqual(kuzeyTitles);
      expect(titles((await list(tokens.other)).body)).toEqual(['Ege Gündem']);
    });

    it('presents each newsletter with its status and subscribers', async () => {
      const { body } = await list(tokens.director, 'search=sabah');
      expect(body.data).toEqual([
        {
          _id: ids['sabah-bulteni'],
          title: 'Sabah Bülteni',
          subtitle: 'Güne beş dakikada hazır başlayın',
          description: expect.any(String),
          image: '/demo/sabah-bulteni.svg',
          color: '#ffce14',
          textColor: '#201f1e',
          key: 'sabah-bulteni',
          lang: 'tr',
          status: { published: true, featured: false, archived: false },
          stats: { subscribers: 120 },
          publisher: kuzeyId,
          createdAt: expect.any(String),
        },
      ]);
    });

    it('searches title, subtitle and key, whatever the case', async () => {
      expect(titles((await list(tokens.director, 'search=NOTLAR')).body)).toEqual(['Teknoloji Notları']);
      expect(titles((await list(tokens.director, `search=${encodeURIComponent('sergiler')}`)).body)).toEqual(['Kültür Sanat Haftalık']);
      expect(titles((await list(tokens.director, 'search=kultur-sanat')).body)).toEqual(['Kültür Sanat Haftalık']);
      // Wildcards are plain characters.
      expect((await list(tokens.director, 'search=%25')).body.count).toBe(0);
      // Search stays inside the caller's reach.
      expect((await list(tokens.editor, 'search=kultur')).body.count).toBe(0);
    });

    it('sorts by subscribers, largest first, as the publisher home asks', async () => {
      const { body } = await list(tokens.director, `publisher=${kuzeyId}&sort=subscribers&desc=true&limit=80`);
      expect(titles(body)).toEqual(['Teknoloji Notları', 'Sabah Bülteni', 'Kültür Sanat Haftalık']);
      expect(body.data.map((newsletter: { stats: { subscribers: number } }) => newsletter.stats.subscribers)).toEqual([340, 120, 45]);
      expect(titles((await list(tokens.director, 'sort=subscribers&desc=false')).body)).toEqual([
        'Kültür Sanat Haftalık',
        'Sabah Bülteni',
        'Teknoloji Notları',
      ]);
      // The spec's name for the same sort (section 7: sort stats.subscriber).
      expect(titles((await list(tokens.director, `publisher=${kuzeyId}&sort=stats.subscriber&desc=true&limit=80`)).body)).toEqual([
        'Teknoloji Notları',
        'Sabah Bülteni',
        'Kültür Sanat Haftalık',
      ]);
      expect(titles((await list(tokens.director, 'sort=createdAt')).body)).toHaveLength(3);
    });

    it('pages (zero-based) and counts them all', async () => {
      const first = await list(tokens.director, 'limit=2&page=0');
      const second = await list(tokens.director, 'limit=2&page=1');
      expect(first.body.count).toBe(3);
      expect(second.body.count).toBe(3);
      expect([...titles(first.body), ...titles(second.body)]).toEqual(kuzeyTitles);
      expect(titles(second.body)).toHaveLength(1);
    });

    it('filters by status', async () => {
      const { db } = t.server.database;
      await db.updateTable('newsletters').set({ published: false }).where('key', '=', 'sabah-bulteni').execute();
      await db.updateTable('newsletters').set({ featured: true }).where('key', '=', 'teknoloji-notlari').execute();
      try {
        expect(titles((await list(tokens.director, 'status=draft')).body)).toEqual(['Sabah Bülteni']);
        expect(titles((await list(tokens.director, 'status=published')).body)).toEqual(['Kültür Sanat Haftalık', 'Teknoloji Notları']);
        expect(titles((await list(tokens.director, 'status=featured')).body)).toEqual(['Teknoloji Notları']);
      } finally {
        await db.updateTable('newsletters').set({ published: true, featured: false }).where('publisher_id', '=', kuzeyId).execute();
      }
    });

    it("answers 404 for another publisher's id, and nothing to a caller without a session", async () => {
      const refused = await list(tokens.other, `publisher=${kuzeyId}`);
      expect(refused.status).toBe(404);
      expect(refused.body.msg).toBe('Publisher not found.');
      expect((await list(tokens.director, `publisher=${kuzeyId}`)).body.count).toBe(3);
      expect((await t.request('GET', '/api/newsletters/list')).status).toBe(401);
    });

    it('refuses bad input with 422', async () => {
      const tooMany = await list(tokens.director, 'limit=1000');
      expect(tooMany.status).toBe(422);
      expect(tooMany.body.msg).toBe('Error!');
      expect(tooMany.body.details[0].path).toContain('limit');
      expect((await list(tokens.director, 'sort=password')).status).toBe(422);
      expect((await list(tokens.director, 'status=archived')).status).toBe(422);
      expect((await list(tokens.director, 'page=-1')).status).toBe(422);
    });
  });

  describe('GET /newsletters/list/:id', () => {
    it('answers a newsletter in scope and 404 for any other', async () => {
      const { status, body } = await t.request('GET', `/api/newsletters/list/${ids['teknoloji-notlari']}`, { token: tokens.author });
      expect(status).toBe(200);
      expect(body.data).toMatchObject({ _id: ids['teknoloji-notlari'], title: 'Teknoloji Notları', key: 'teknoloji-notlari' });
      expect((await t.request('GET', `/api/newsletters/list/${ids['sabah-bulteni']}`, { token: tokens.author })).status).toBe(404);
      for (const key of ['sabah-bulteni', 'teknoloji-notlari', 'kultur-sanat-haftalik']) {
        const refused = await t.request('GET', `/api/newsletters/list/${ids[key]}`, { token: tokens.other });
        expect(refused.status).toBe(404);
        expect(refused.body.msg).toBe('Newsletter not found.');
      }
      expect((await t.request('GET', '/api/newsletters/list/unknown', { token: tokens.director })).status).toBe(404);
    });

    it('carries the testers and the weekly subscriber timeline, as the publish panel and the spotlight read them', async () => {
      const { data } = (await t.request('GET', `/api/newsletters/list/${ids['sabah-bulteni']}`, { token: tokens.editor })).body;
      const settings = (await t.request('GET', `/api/newsletters/update/${ids['sabah-bulteni']}`, { token: tokens.director })).body.data.body;
      expect(data.testers).toEqual(settings.testers);
      expect(data.testers.length).toBeGreaterThan(0);
      // The demo's year of sign-ups: one entry a week, oldest first, each the week's end by medium.
      const timeline = data.stats.timeline as { newsletterId: string; date: string; total: number; email: number; notification: number }[];
      expect(timeline.length).toBeGreaterThan(8);
      const dates = timeline.map((entry) => entry.date);
      expect(dates).toEqual([...new Set(dates)].sort());
      for (const entry of timeline) {
        expect(entry).toEqual({
          newsletterId: ids['sabah-bulteni'],
          date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
          total: entry.email + entry.notification,
          email: expect.any(Number),
          notification: expect.any(Number),
        });
      }
      const stats = (await t.request('GET', `/api/newsletters/list/${ids['sabah-bulteni']}/stats`, { token: tokens.editor })).body;
      const lastEmail = stats.data.filter((point: { type: string; medium: string }) => point.type === 'subscribers' && point.medium === 'email').at(-1);
      expect(timeline.at(-1)).toMatchObject({ date: lastEmail.date, email: lastEmail.value });
      expect(timeline).toHaveLength(stats.count);
      // Lists stay lean.
      expect((await list(tokens.director, 'search=sabah')).body.data[0]).not.toHaveProperty('testers');
    });
  });

  describe('publish and feature', () => {
    const flag = (method: 'PUT' | 'DELETE', kind: 'publish' | 'feature', key: string, token = tokens.admin) =>
      t.request(method, `/api/newsletters/${kind}/${ids[key]}`, { token });
    const statusOf = async (key: string) => (await t.request('GET', `/api/newsletters/list/${ids[key]}`, { token: tokens.director })).body.data.status;

    it('lets an admin unpublish, publish, feature and unfeature a newsletter', async () => {
      const unpublished = await flag('DELETE', 'publish', 'kultur-sanat-haftalik');
      expect(unpublished.status).toBe(200);
      expect(unpublished.body.data.status).toEqual({ published: false, featured: false, archived: false });
      expect(await statusOf('kultur-sanat-haftalik')).toMatchObject({ published: false });
      expect(titles((await list(tokens.director, 'status=draft')).body)).toEqual(['Kültür Sanat Haftalık']);

      expect((await flag('PUT', 'publish', 'kultur-sanat-haftalik')).body.data.status.published).toBe(true);
      expect(await statusOf('kultur-sanat-haftalik')).toMatchObject({ published: true });

      expect((await flag('PUT', 'feature', 'sabah-bulteni')).body.data.status.featured).toBe(true);
      expect(await statusOf('sabah-bulteni')).toMatchObject({ featured: true });
      expect((await flag('DELETE', 'feature', 'sabah-bulteni')).body.data.status.featured).toBe(false);
      expect(await statusOf('sabah-bulteni')).toMatchObject({ featured: false });
    });

    it('refuses everyone but admins with the role message', async () => {
      for (const [role, token] of [
        ['DIRECTOR', tokens.director],
        ['EDITOR', tokens.editor],
        ['AUTHOR', tokens.author],
      ] as const) {
        for (const [method, kind] of [
          ['DELETE', 'publish'],
          ['PUT', 'feature'],
          ['DELETE', 'feature'],
        ] as const) {
          const refused = await flag(method, kind, 'sabah-bulteni', token);
          expect(refused.status).toBe(401);
          expect(refused.body.msg).toBe(`Required role Admin, current role: ${role}`);
        }
      }
      expect(await statusOf('sabah-bulteni')).toEqual({ published: true, featured: false, archived: false });
    });

    // Whoever creates newsletters publishes a new one at the wizard's end (spec 002 section 4;
    // tests/api/design.test.ts); one that has been published before is the admin's to publish again.
    it('refuses to publish again to all but admins, and to publish at all to those who cannot create newsletters', async () => {
      expect((await flag('DELETE', 'publish', 'sabah-bulteni')).status).toBe(200);
      try {
        const director = await flag('PUT', 'publish', 'sabah-bulteni', tokens.director);
        expect(director.status).toBe(401);
        expect(director.body).toEqual({ msg: 'Required role Admin, current role: DIRECTOR', err: 'UNAUTHORIZED' });
        for (const [role, token] of [
          ['EDITOR', tokens.editor],
          ['AUTHOR', tokens.author],
        ] as const) {
          const refused = await flag('PUT', 'publish', 'sabah-bulteni', token);
          expect(refused.status).toBe(401);
          expect(refused.body).toEqual({ msg: `Your role (${role}) does not allow this: newsletters.create is required.`, err: 'UNAUTHORIZED' });
        }
        expect(await statusOf('sabah-bulteni')).toMatchObject({ published: false });
      } finally {
        expect((await flag('PUT', 'publish', 'sabah-bulteni')).status).toBe(200);
      }
      expect(await statusOf('sabah-bulteni')).toEqual({ published: true, featured: false, archived: false });
    });

    it("answers 404 for a newsletter outside the admin's chosen publisher", async () => {
      expect((await flag('PUT', 'publish', 'ege-gundem')).status).toBe(404);
      expect((await flag('DELETE', 'feature', 'ege-gundem')).status).toBe(404);
      expect((await t.request('PUT', '/api/newsletters/publish/unknown', { token: tokens.admin })).status).toBe(404);
    });
  });

  describe('GET/PUT /newsletters/update/:id', () => {
    const put = (id: string, body: unknown, token = tokens.director) => t.request('PUT', `/api/newsletters/update/${id}`, { token, body });
    /** `before` with a new subtitle, no testers, and every other settings' part changed: a new welcome (`word`), voice stability, and sender [name, address] (whose save mails a link). */
    const everyPartChanged = (
      before: Record<string, any>,
      change: { subtitle: string; word: string; stability: number; sender: [name: string, email: string] },
    ) => ({
      ...before,
      subtitle: change.subtitle,
      testers: [],
      welcome: { subject: change.word, preview: change.word, intro: { html: `<p>${change.word}</p>` } },
      voiceSettings: { ...before.voiceSettings, article: { ...before.voiceSettings.article, stability: change.stability } },
      sender: { name: change.sender[0], email: change.sender[1], replyTo: '' },
    });

    it('reads and saves the parts other plugins keep (the settings, the channel templates) with the newsletter', async () => {
      const id = ids['teknoloji-notlari']!;
      const { body: before, data: offered } = await form(id);
      expect(Object.keys(before)).toEqual(expect.arrayContaining(['interests', 'testers', 'welcome', 'voiceSettings', 'sender', 'channelTemplates']));
      expect(Object.keys(offered).sort()).toEqual(['interests', 'testers', 'voices']);
      const tester = offered.testers.find((user: { email: string }) => user.email === 'editor@masthead.local')._id;
      const [first, ...rest] = before.channelTemplates as Template[];
      const subtitle = 'Her hafta teknolojinin özeti';
      const saved = await put(id, {
        ...before,
        subtitle,
        testers: [tester],
        welcome: { subject: 'Teknolojiye hoş geldiniz', preview: 'İlk sayı yolda', intro: { html: '<p>Merhaba</p>' } },
        channelTemplates: [{ ...first!, title: 'Haftalık Özet' }, ...rest],
      });
      expect(saved.status).toBe(200);
      expect(saved.body.msg).toBe('OK');
      const after = (await form(id)).body;
      expect(after).toEqual(saved.body.data);
      expect(after).toMatchObject({
        subtitle,
        testers: [tester],
        interests: before.interests,
        welcome: { subject: 'Teknolojiye hoş geldiniz', preview: 'İlk sayı yolda', intro: { html: '<p>Merhaba</p>', text: 'Merhaba' } },
      });
      expect(after.channelTemplates.map((template: Template) => template.title)).toEqual(['Haftalık Özet', ...rest.map((template) => template.title)]);
      // One newsletter's call carries only the parts lists read: the testers and the templates.
      const one = (await t.request('GET', `/api/newsletters/list/${id}`, { token: tokens.editor })).body.data;
      expect(one).toMatchObject({ subtitle, testers: [tester], channelTemplates: after.channelTemplates });
      for (const field of ['interests', 'welcome', 'voiceSettings', 'sender']) expect(one).not.toHaveProperty(field);
    });

    it('checks every part before it saves any: a part that refuses leaves the newsletter and every part as they were', async () => {
      const id = ids['teknoloji-notlari']!;
      const before = (await form(id)).body;
      const sender = 'yeni-gonderen@teknoloji.example';
      const changes = everyPartChanged(before, {
        subtitle: 'Bu alt başlık kaydedilmemeli',
        word: 'Kaydedilmemeli',
        stability: 0.9,
        sender: ['Teknoloji Masası', sender],
      });
      const [first, ...rest] = before.channelTemplates as Template[];

      // The design plugin's templates, checked last, refuse: none of the settings' parts is saved, no link is sent.
      const last = await put(id, { ...changes, channelTemplates: [{ ...first!, channels: ['Gündem', 'Spor', 'gündem'] }, ...rest] });
      expect(last.status).toBe(422);
      expect(last.body).toEqual({ msg: 'Error!', details: [{ message: 'Gündem is not unique.', path: 'channelTemplates.0.channels' }] });
      expect((await form(id)).body).toEqual(before);
      expect(mailedTo(sender)).toEqual([]);

      // The settings' interests, checked first, refuse an editor's change: the templates stay too.
      const firstPart = await put(
        id,
        {
          ...changes,
          interests: [...before.interests, (await form(id)).data.interests.find((interest: { _id: string }) => !before.interests.includes(interest._id))._id],
          channelTemplates: [{ ...first!, title: 'Kaydedilmemeli' }, ...rest],
        },
        tokens.editor,
      );
      expect(firstPart.status).toBe(401);
      expect(firstPart.body.msg).toBe('Required role Admin, current role: EDITOR');
      expect((await form(id)).body).toEqual(before);
      expect(mailedTo(sender)).toEqual([]);

      // Accepted, every part is saved, and the sender's save says that its link went out.
      const saved = await put(id, changes);
      expect(saved.status).toBe(200);
      expect(saved.body.msg).toBe(senderLinkSentText(sender));
      expect((await form(id)).body).toMatchObject({
        subtitle: changes.subtitle,
        testers: [],
        voiceSettings: changes.voiceSettings,
        sender: { pendingEmail: sender },
      });
      expect(mailedTo(sender)).toHaveLength(1);
    });

    it("saves the record and every part in one transaction: a part's failed save leaves them all as they were, and no sender link goes out", async () => {
      const id = ids['kultur-sanat-haftalik']!;
      const before = (await form(id)).body;
      const sender = 'geri-alinan@kultur.example';
      const changes = everyPartChanged(before, {
        subtitle: 'Bu alt başlık geri alınmalı',
        word: 'Geri alınmalı',
        stability: 0.2,
        sender: ['Kültür Masası', sender],
      });
      const [first, ...rest] = before.channelTemplates as Template[];

      // The templates pass their rules, and the database refuses them as the last part is saved,
      // after the record and the settings' parts (the sender's among them).
      await refusingTemplates(async () => {
        const failed = await put(id, { ...changes, channelTemplates: [{ ...first!, title: refusedTitle }, ...rest] });
        expect(failed.status).toBe(500);
        expect(failed.body).toEqual(internalError);
      });
      expect((await form(id)).body).toEqual(before);
      expect(mailedTo(sender)).toEqual([]);

      // Once the save goes through, the link is sent, once.
      const saved = await put(id, changes);
      expect(saved.status).toBe(200);
      expect(saved.body.msg).toBe(senderLinkSentText(sender));
      expect((await form(id)).body).toMatchObject({ subtitle: changes.subtitle, testers: [], sender: { pendingEmail: sender } });
      expect(mailedTo(sender)).toHaveLength(1);
    });
  });

  describe('GET/POST /newsletters/create', () => {
    const welcome = { subject: 'Yeni bültene hoş geldiniz', preview: 'İlk sayınız yakında geliyor', intro: { html: '<p>Aramıza hoş geldiniz, okur!</p>' } };
    const draftOf = async (key: string) => {
      const offered = (await t.request('GET', '/api/newsletters/create', { token: tokens.director })).body.data.data;
      return {
        image: '/demo/sabah-bulteni.svg',
        title: 'Yeni Bülten',
        subtitle: 'Haftada bir, en iyisinden',
        key,
        lang: 'en',
        description: 'Haftanın en iyi yazıları tek bir e-postada toplanıyor.',
        interests: offered.interests.slice(0, 2).map((interest: { _id: string }) => interest._id) as string[],
        color: '#0B3D91',
        textColor: '#FFFFFF',
        welcome,
        channelTemplates: [{ title: 'Haftalık', default: true, channels: ['Seçkiler', 'Okuma Listesi'] }],
      };
    };
    const create = (body: unknown) => t.request('POST', '/api/newsletters/create', { token: tokens.director, body });
    const newsletterWithKey = (key: string) => t.server.database.db.selectFrom('newsletters').select('id').where('key', '=', key).executeTakeFirst();

    it('is served by the newsletters plugin, with what the design plugin adds: its blank parts and offers, the settings, the templates and the e-mail design', async () => {
      const owners = t.server.routes.filter((route) => route.url === '/api/newsletters/create').map((route) => [route.method, route.owner]);
      expect(owners.sort()).toEqual([
        ['GET', 'newsletters'],
        ['POST', 'newsletters'],
      ]);
      const blank = (await t.request('GET', '/api/newsletters/create', { token: tokens.director })).body.data;
      expect(blank.body).toMatchObject({ title: '', key: '', lang: 'tr', color: '#ffce14', textColor: '#201f1e', interests: [] });
      expect(blank.body.channelTemplates).toEqual([{ title: 'Default Template', default: true, channels: [] }]);
      expect(Object.keys(blank.data).sort()).toEqual(['design', 'examples', 'interests', 'langs']);

      const draft = await draftOf('yeni-bulten');
      const { status, body } = await create(draft);
      expect(status, JSON.stringify(body)).toBe(200);
      expect(body.msg).toBe('Newsletter created.');
      // The design offered, with the links in the new newsletter's colour (issue 55, point 5).
      expect(body.data).toEqual({
        _id: expect.any(String),
        image: draft.image,
        design: { email: { ...blank.data.design.email, ...linkColoursOf(body.data.design.email) } },
      });
      expect(body.data.design.email.linkColor).toBe('#0b3d91');
      const settings = (await form(body.data._id)).body;
      expect(settings).toMatchObject({ title: draft.title, key: 'yeni-bulten', lang: 'en', color: '#0b3d91', textColor: '#ffffff' });
      expect([...settings.interests].sort()).toEqual([...draft.interests].sort());
      expect(settings.welcome).toMatchObject({ subject: welcome.subject, intro: { text: 'Aramıza hoş geldiniz, okur!' } });
      expect(settings.channelTemplates.map(({ title, channels, default: isDefault }: Template) => ({ title, channels, default: isDefault }))).toEqual(
        draft.channelTemplates,
      );
    });

    it("makes the record and the design plugin's rows in one transaction: a failed save makes nothing", async () => {
      const draft = await draftOf('yarim-kalan-bulten');
      await refusingTemplates(async () => {
        const failed = await create({ ...draft, channelTemplates: [{ title: refusedTitle, default: true, channels: [] }] });
        expect(failed.status).toBe(500);
        expect(failed.body).toEqual(internalError);
      });
      expect(await newsletterWithKey('yarim-kalan-bulten')).toBeUndefined();
      // Nothing holds the key: the same draft makes the newsletter afterwards.
      expect((await create(draft)).status).toBe(200);
      expect(await newsletterWithKey('yarim-kalan-bulten')).toBeDefined();
    });
  });

  describe('GET /tags/list', () => {
    it("answers the tags the caller's publisher uses", async () => {
      const { status, body } = await t.request('GET', '/api/tags/list', { token: tokens.author });
      expect(status).toBe(200);
      expect(body.data).toEqual(expect.arrayContaining(['gündem', 'teknoloji', 'kültür']));
      expect(body.data.slice(0, 3)).toEqual(['ekonomi', 'etkinlik', 'gündem']);
      // Another publisher has none of Kuzey Medya's.
      expect((await t.request('GET', '/api/tags/list', { token: tokens.other })).body.data).toEqual([]);
      expect((await t.request('GET', '/api/tags/list')).status).toBe(401);
    });
  });
});
