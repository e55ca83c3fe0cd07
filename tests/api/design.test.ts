/**
 * New newsletters and their look (spec 002 sections 2.5 to 2.8, 4, 5 and 7): the wizard's calls
 * (GET/POST /newsletters/create, then publishing, which the creator may do once), the channel
 * templates carried by the newsletter's own calls, the e-mail design with its preview, and the
 * landing page's cover. Every refusal answers with the spec's envelope and messages, and a
 * refused call changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contrastRatio } from '../../core/shared/color';
import { constants } from '../../core/shared/config';
import { enginesFor, startTestServer, type TestServer } from './server';

/** A design without the four link colours a newsletter's brand colour gives. */
function withoutLinkColours(design: Record<string, unknown>): Record<string, unknown> {
  const { linkColor: _link, linkColorDark: _linkDark, footerLinkColor: _footer, footerLinkColorDark: _footerDark, ...rest } = design;
  return rest;
}

const databases = enginesFor('every engine');

const goodWelcome = {
  subject: 'Akşam Bülteni’ne hoş geldiniz',
  preview: 'İlk sayınız bu akşam geliyor',
  intro: { html: '<p>Merhaba <strong>okur</strong>, aramıza hoş geldiniz!</p>' },
};

type Caller = 'admin' | 'director' | 'editor' | 'author' | 'otherDirector';

interface Template {
  _id?: string;
  title: string;
  default?: boolean;
  index?: number;
  channels: string[];
}

describe.each(databases)('newsletter design on %s', (kind) => {
  let t: TestServer;
  const tokens = {} as Record<Caller, string>;
  let kuzey: string;
  let sabah: string;
  /** Ids of the interests the wizard offers, in its order. */
  let interestIds: string[];

  beforeAll(async () => {
    t = await startTestServer(kind);
    const { db } = t.server.database;
    kuzey = (await db.selectFrom('publishers').select('id').where('key', '=', 'kuzey-medya').executeTakeFirstOrThrow()).id;
    sabah = (await db.selectFrom('newsletters').select('id').where('key', '=', 'sabah-bulteni').executeTakeFirstOrThrow()).id;
    tokens.director = await t.login('director@masthead.local');
    tokens.editor = await t.login('editor@masthead.local');
    tokens.author = await t.login('author@masthead.local');
    tokens.otherDirector = await t.login('director@egehaber.example');
    const admin = await t.login('admin@masthead.local');
    tokens.admin = (await t.request('PUT', '/api/auth/scope', { token: admin, body: { publisher: kuzey } })).body.data;
    const form = await t.request('GET', '/api/newsletters/create', { token: tokens.director });
    interestIds = form.body.data.data.interests.map((interest: { _id: string }) => interest._id);
  });
  afterAll(async () => {
    await t.close();
  });

  /** What the wizard sends for a newsletter whose slug is `key`: every rule met. */
  const draftOf = (key: string) => ({
    image: '/demo/sabah-bulteni.svg',
    title: 'Akşam Bülteni',
    subtitle: 'Günü akşam beş dakikada kapatın',
    key,
    lang: 'tr',
    description: 'Her akşam günün en önemli haberleri tek bir e-postada.',
    interests: interestIds.slice(0, 2),
    color: '#0B3D91',
    textColor: '#FFFFFF',
    welcome: goodWelcome,
    channelTemplates: [
      { title: 'Akşam', default: false, channels: ['Gündem', 'Ekonomi', 'Spor'] },
      { title: 'Hafta Sonu', default: true, channels: ['Okuma Listesi', 'Öneriler'] },
    ] as Template[],
  });

  const create = (body: unknown, token = tokens.director) => t.request('POST', '/api/newsletters/create', { token, body });
  /** Creates a newsletter as the director; answers its id. */
  const created = async (key: string, edit: Record<string, unknown> = {}) => {
    const answer = await create({ ...draftOf(key), ...edit });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data._id as string;
  };
  const newsletterCount = async () =>
    Number(
      (
        await t.server.database.db
          .selectFrom('newsletters')
          .select((eb) => eb.fn.countAll().as('count'))
          .executeTakeFirstOrThrow()
      ).count,
    );
  const settingsOf = async (id: string, token = tokens.director) => {
    const { status, body } = await t.request('GET', `/api/newsletters/update/${id}`, { token });
    expect(status).toBe(200);
    return body.data.body;
  };
  const saveSettings = (id: string, body: unknown, token = tokens.director) => t.request('PUT', `/api/newsletters/update/${id}`, { token, body });
  const templatesOf = async (id: string) => (await settingsOf(id)).channelTemplates as Template[];
  /** The templates as the pages show them: title, channels, and which is the default. */
  const shape = (templates: Template[]) => templates.map(({ title, channels, default: isDefault }) => ({ title, channels, default: isDefault }));

  describe('GET /newsletters/create', () => {
    it('answers a blank newsletter and what the wizard offers to directors and admins', async () => {
      for (const caller of ['director', 'admin'] as const) {
        const { status, body } = await t.request('GET', '/api/newsletters/create', { token: tokens[caller] });
        expect(status).toBe(200);
        const { body: blank, data } = body.data;
        expect(blank).toMatchObject({
          title: '',
          subtitle: '',
          key: '',
          description: '',
          image: '',
          lang: 'tr',
          interests: [],
          welcome: { subject: '', preview: '', intro: { html: '' } },
        });
        expect(blank.channelTemplates).toEqual([{ title: 'Default Template', default: true, channels: [] }]);
        expect(data.langs).toEqual(['tr', 'en']);
        expect(data.interests.length).toBeGreaterThanOrEqual(10);
        expect(data.interests.find((interest: { key: string }) => interest.key === 'teknoloji').titles).toEqual([
          { lang: 'tr', value: 'Teknoloji' },
          { lang: 'en', value: 'Technology' },
        ]);
        expect(data.design.email).toMatchObject({ banner: '', borderWidth: 1, cardBackgroundColor: expect.stringMatching(/^#[0-9a-f]{6}$/) });
        expect(data.design.fonts.map((font: { name: string }) => font.name)).toEqual(expect.arrayContaining(['Arial', 'Georgia', 'Verdana']));
        expect(data.examples.length).toBeGreaterThan(0);
        for (const example of data.examples) expect(example).toEqual({ title: expect.any(String), channels: expect.arrayContaining([expect.any(String)]) });
      }
    });

    it('refuses editors, authors and callers without a session', async () => {
      for (const [role, caller] of [
        ['EDITOR', 'editor'],
        ['AUTHOR', 'author'],
      ] as const) {
        const refused = await t.request('GET', '/api/newsletters/create', { token: tokens[caller] });
        expect(refused.status).toBe(401);
        expect(refused.body).toEqual({ msg: `Your role (${role}) does not allow this: newsletters.create is required.`, err: 'UNAUTHORIZED' });
      }
      const anonymous = await t.request('GET', '/api/newsletters/create');
      expect(anonymous.status).toBe(401);
      expect(anonymous.body.err).toBe('UNAUTHORIZED');
    });
  });

  describe('POST /newsletters/create', () => {
    let id: string;

    it("creates an unpublished newsletter in the caller's publisher and answers its id, e-mail design and image", async () => {
      const before = await newsletterCount();
      const draft = {
        ...draftOf('aksam-bulteni'),
        welcome: {
          ...draftOf('aksam-bulteni').welcome,
          intro: { html: '<p>Merhaba <strong>okur</strong>!</p><script>alert(1)</script><p onclick="steal()">Devam edin</p>' },
        },
      };
      const { status, body } = await create(draft);
      expect(status).toBe(200);
      const defaults = (await t.request('GET', '/api/newsletters/create', { token: tokens.director })).body.data.data.design.email;
      // The links start in the newsletter's colour (issue 55, point 5): itself on the white cards,
      // a lighter shade of it where it would not read (Dark, the dark footer).
      const { linkColor, linkColorDark, footerLinkColor, footerLinkColorDark, ...rest } = body.data.design.email;
      expect({ ...body.data, design: { email: rest } }).toEqual({
        _id: expect.any(String),
        design: { email: withoutLinkColours(defaults) },
        image: '/demo/sabah-bulteni.svg',
      });
      expect(linkColor).toBe('#0b3d91');
      for (const [colour, background] of [
        [linkColorDark, defaults.cardBackgroundColorDark],
        [footerLinkColor, defaults.footerBackgroundColor],
        [footerLinkColorDark, defaults.footerBackgroundColorDark],
      ]) {
        expect(contrastRatio(colour, background)).toBeGreaterThanOrEqual(4.5);
        expect([defaults.linkColorDark, defaults.footerLinkColor]).not.toContain(colour);
      }
      id = body.data._id;
      expect(await newsletterCount()).toBe(before + 1);

      const { data } = (await t.request('GET', `/api/newsletters/list/${id}`, { token: tokens.director })).body;
      expect(data).toMatchObject({
        _id: id,
        title: 'Akşam Bülteni',
        subtitle: 'Günü akşam beş dakikada kapatın',
        key: 'aksam-bulteni',
        lang: 'tr',
        color: '#0b3d91',
        textColor: '#ffffff',
        publisher: kuzey,
        status: { published: false, featured: false, archived: false },
      });
      expect(shape(data.channelTemplates)).toEqual([
        { title: 'Akşam', channels: ['Gündem', 'Ekonomi', 'Spor'], default: false },
        { title: 'Hafta Sonu', channels: ['Okuma Listesi', 'Öneriler'], default: true },
      ]);
      expect(data.channelTemplates.map((template: Template) => template.index)).toEqual([0, 1]);
    });

    it("is among the director's scopes at once, and its settings hold the interests and the sanitized welcome", async () => {
      const scopes = (await t.request('GET', '/api/auth/verify', { token: tokens.director })).body.data.scopes;
      expect(scopes).toContainEqual(expect.objectContaining({ _id: id, type: 'newsletter', title: 'Akşam Bülteni' }));
      const settings = await settingsOf(id);
      expect([...settings.interests].sort()).toEqual(interestIds.slice(0, 2).sort());
      expect(settings.welcome).toMatchObject({
        subject: 'Akşam Bülteni’ne hoş geldiniz',
        preview: 'İlk sayınız bu akşam geliyor',
        intro: { html: '<p>Merhaba <strong>okur</strong>!</p><p>Devam edin</p>', text: 'Merhaba okur! Devam edin' },
      });
      expect(shape(settings.channelTemplates)).toEqual(
        shape((await t.request('GET', `/api/newsletters/list/${id}`, { token: tokens.director })).body.data.channelTemplates),
      );
      // Another publisher's director does not see it.
      const others = (await t.request('GET', '/api/auth/verify', { token: tokens.otherDirector })).body.data.scopes;
      expect(others.map((scope: { _id: string }) => scope._id)).not.toContain(id);
      expect((await t.request('GET', `/api/newsletters/list/${id}`, { token: tokens.otherDirector })).status).toBe(404);
    });

    it("makes the newsletter from stage 0's identity alone; its director then saves each stage, interests too, until it is published", async () => {
      const { title, subtitle, image, lang } = draftOf('kimlik-bulteni');
      const answer = await create({ title, subtitle, image, lang, key: 'kimlik-bulteni' });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      const newsletterId = answer.body.data._id as string;
      const settings = await settingsOf(newsletterId);
      expect(settings).toMatchObject({ title, description: '', interests: [], color: constants.layout.accent, textColor: '#201f1e' });
      expect(shape(settings.channelTemplates)).toEqual([{ title: 'Default Template', channels: [], default: true }]);

      // What a part given with CREATE holds is still checked.
      const short = await create({ title, subtitle, image, lang, key: 'kisa-bulteni', description: 'Kısa' });
      expect(short.status).toBe(422);
      expect(JSON.stringify(short.body)).toContain('Newsletter description must be at least');

      const identity = { title, subtitle, image, key: 'kimlik-bulteni', color: '#0b3d91', textColor: '#ffffff' };
      const stage1 = await saveSettings(newsletterId, { ...identity, description: draftOf('x').description, interests: interestIds.slice(0, 1) });
      expect(stage1.status, JSON.stringify(stage1.body)).toBe(200);
      expect((await settingsOf(newsletterId)).interests).toEqual(interestIds.slice(0, 1));
      expect((await saveSettings(newsletterId, { ...identity, welcome: goodWelcome })).status).toBe(200);
      expect((await settingsOf(newsletterId)).welcome).toMatchObject({ subject: goodWelcome.subject });

      // Published, its interests are the admin's to change again.
      expect((await t.request('PUT', `/api/newsletters/publish/${newsletterId}`, { token: tokens.director })).status).toBe(200);
      const refused = await saveSettings(newsletterId, { ...identity, interests: interestIds.slice(1, 2) });
      expect(refused.status).toBe(401);
      expect((await settingsOf(newsletterId)).interests).toEqual(interestIds.slice(0, 1));
    });

    it('starts with the default template when the wizard sends none', async () => {
      const { channelTemplates, ...withoutTemplates } = draftOf('sablonsuz-bulten');
      expect(channelTemplates.length).toBeGreaterThan(0);
      const answer = await create(withoutTemplates);
      expect(answer.status).toBe(200);
      expect(shape(await templatesOf(answer.body.data._id))).toEqual([{ title: 'Default Template', channels: [], default: true }]);
    });

    const welcome = goodWelcome;
    it.each([
      ['missing image', { image: '' }, 'Please upload the newsletter cover.', 'image'],
      ['image of spaces', { image: '   ' }, 'Please upload the newsletter cover.', 'image'],
      ['short title', { title: 'ab' }, 'Newsletter title must be at least 3 characters.', 'title'],
      ['short key', { key: 'ab' }, 'Newsletter slug must be at least 3 characters.', 'key'],
      ['short subtitle', { subtitle: 'kısa' }, 'Newsletter subtitle must be at least 5 characters.', 'subtitle'],
      ['short description', { description: 'Kısa bir açıklama.' }, 'Newsletter description must be at least 24 characters or more.', 'description'],
      ['description of spaces', { description: ' '.repeat(30) }, 'Newsletter description must be at least 24 characters or more.', 'description'],
      ['short welcome title', { welcome: { ...welcome, subject: 'Hoş geldin!' } }, 'Welcome title must be at least 12 characters or more.', 'welcome.subject'],
      [
        'short welcome subtitle',
        { welcome: { ...welcome, preview: 'İlk sayı...' } },
        'Welcome subtitle must be at least 12 characters or more.',
        'welcome.preview',
      ],
      [
        'short welcome text, counted without its HTML',
        { welcome: { ...welcome, intro: { html: '<p><strong><em>Merhaba</em></strong></p><p><br></p>' } } },
        'Welcome text must be at least 12 characters or more.',
        'welcome.intro.html',
      ],
      ['key with capitals and spaces', { key: 'Aksam Bulteni' }, 'Newsletter slug may contain only lowercase letters, digits and hyphens.', 'key'],
      ['language not offered', { lang: 'de' }, 'Choose a language from the list.', 'lang'],
      ['colour by name', { color: 'yellow' }, 'Colour must be a hex code like #ffce14.', 'color'],
    ])('refuses a %s with its message and creates nothing', async (_field, edit, message, path) => {
      const before = await newsletterCount();
      const { status, body } = await create({ ...draftOf('reddedilen-bulten'), ...edit });
      expect(status).toBe(422);
      expect(body).toEqual({ msg: 'Error!', details: [{ message, path }] });
      expect(await newsletterCount()).toBe(before);
    });

    it('takes one to four interests, all of them from the list', async () => {
      const before = await newsletterCount();
      const none = await create({ ...draftOf('ilgisiz-bulten'), interests: [] });
      expect(none.status).toBe(422);
      expect(none.body.details).toEqual([{ message: 'Please pick an interest before proceeding.', path: 'interests' }]);
      const five = await create({ ...draftOf('ilgisiz-bulten'), interests: interestIds.slice(0, constants.limits.interestsMax + 1) });
      expect(five.status).toBe(422);
      expect(five.body.details).toEqual([{ message: 'You can pick up to 4 interest topics.', path: 'interests' }]);
      const unknown = await create({ ...draftOf('ilgisiz-bulten'), interests: [interestIds[0], 'no-such-interest'] });
      expect(unknown.status).toBe(422);
      expect(unknown.body.details).toEqual([{ message: 'Choose interests from the list.', path: 'interests' }]);
      expect(await newsletterCount()).toBe(before);

      const four = await create({ ...draftOf('dort-ilgili-bulten'), interests: interestIds.slice(0, 4) });
      expect(four.status).toBe(200);
      expect((await settingsOf(four.body.data._id)).interests).toHaveLength(4);
    });

    it("refuses a slug another newsletter has, whatever the publisher, with the tooltip's message", async () => {
      const before = await newsletterCount();
      for (const key of ['sabah-bulteni', 'aksam-bulteni', 'ege-gundem']) {
        const { status, body } = await create(draftOf(key));
        expect(status).toBe(422);
        expect(body.details).toEqual([{ message: `The newsletter name ${key} already exists.`, path: 'key' }]);
      }
      expect(await newsletterCount()).toBe(before);
    });

    it('creates one newsletter when two ask for one slug at the same time', async () => {
      const before = await newsletterCount();
      const answers = await Promise.all([create(draftOf('ayni-anda')), create(draftOf('ayni-anda')), create(draftOf('ayni-anda'))]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 422, 422]);
      for (const refused of answers.filter((answer) => answer.status === 422)) {
        expect(refused.body.details).toEqual([{ message: 'The newsletter name ayni-anda already exists.', path: 'key' }]);
      }
      expect(await newsletterCount()).toBe(before + 1);
    });

    it('refuses two templates with one title and a channel twice in a template', async () => {
      const before = await newsletterCount();
      const twoTitles = await create({
        ...draftOf('iki-sablonlu'),
        channelTemplates: [
          { title: 'Akşam', channels: ['Gündem'] },
          { title: ' akşam ', channels: ['Spor'] },
        ],
      });
      expect(twoTitles.status).toBe(422);
      expect(twoTitles.body.details).toEqual([{ message: 'A template named akşam already exists.', path: 'channelTemplates.1.title' }]);
      const twoChannels = await create({
        ...draftOf('iki-sablonlu'),
        channelTemplates: [{ title: 'Akşam', channels: ['Gündem', 'Spor', 'GÜNDEM '] }],
      });
      expect(twoChannels.status).toBe(422);
      expect(twoChannels.body.details).toEqual([{ message: 'Gündem is not unique.', path: 'channelTemplates.0.channels' }]);
      expect(await newsletterCount()).toBe(before);
    });

    it('refuses editors, authors and callers without a session, and creates nothing', async () => {
      const before = await newsletterCount();
      for (const [role, caller] of [
        ['EDITOR', 'editor'],
        ['AUTHOR', 'author'],
      ] as const) {
        const refused = await create(draftOf('editorun-bulteni'), tokens[caller]);
        expect(refused.status).toBe(401);
        expect(refused.body).toEqual({ msg: `Your role (${role}) does not allow this: newsletters.create is required.`, err: 'UNAUTHORIZED' });
      }
      const anonymous = await t.request('POST', '/api/newsletters/create', { body: draftOf('editorun-bulteni') });
      expect(anonymous.status).toBe(401);
      expect(anonymous.body.err).toBe('UNAUTHORIZED');
      expect(await newsletterCount()).toBe(before);
    });

    it("creates an admin's newsletter in the publisher the admin chose", async () => {
      const answer = await create(draftOf('yonetici-bulteni'), tokens.admin);
      expect(answer.status).toBe(200);
      expect((await t.request('GET', `/api/newsletters/list/${answer.body.data._id}`, { token: tokens.director })).body.data.publisher).toBe(kuzey);
    });
  });

  describe('PUT /newsletters/publish/{id}', () => {
    let id: string;
    beforeAll(async () => {
      id = await created('yayin-bulteni', { title: 'Yayın Bülteni' });
    });
    const publish = (method: 'PUT' | 'DELETE', token: string, newsletter = id) => t.request(method, `/api/newsletters/publish/${newsletter}`, { token });
    const landing = () => t.request('GET', '/n/yayin-bulteni');

    it('lets the director publish the new newsletter, whose landing page then answers', async () => {
      expect((await landing()).status).toBe(404);
      const { status, body } = await publish('PUT', tokens.director);
      expect(status).toBe(200);
      expect(body).toMatchObject({ msg: 'Newsletter published.', data: { _id: id, status: { published: true } } });
      const page = await landing();
      expect(page.status).toBe(200);
      expect(page.body).toEqual(expect.stringContaining('<h1>Yayın Bülteni</h1>'));
    });

    it('leaves publishing again, after an admin took it down, to the admin', async () => {
      const unpublish = await publish('DELETE', tokens.director);
      expect(unpublish.status).toBe(401);
      expect(unpublish.body).toEqual({ msg: 'Required role Admin, current role: DIRECTOR', err: 'UNAUTHORIZED' });

      expect((await publish('DELETE', tokens.admin)).status).toBe(200);
      // Published once and taken down: its landing page is gone (410).
      expect((await landing()).status).toBe(410);
      const again = await publish('PUT', tokens.director);
      expect(again.status).toBe(401);
      expect(again.body).toEqual({ msg: 'Required role Admin, current role: DIRECTOR', err: 'UNAUTHORIZED' });
      expect((await t.request('GET', `/api/newsletters/list/${id}`, { token: tokens.director })).body.data.status.published).toBe(false);

      const admin = await publish('PUT', tokens.admin);
      expect(admin.status).toBe(200);
      expect(admin.body.data.status.published).toBe(true);
      expect((await landing()).status).toBe(200);
    });

    it("refuses editors and hides the newsletter from another publisher's director", async () => {
      const fresh = await created('editor-yayini');
      const editor = await publish('PUT', tokens.editor, fresh);
      expect(editor.status).toBe(401);
      expect(editor.body).toEqual({ msg: 'Your role (EDITOR) does not allow this: newsletters.create is required.', err: 'UNAUTHORIZED' });
      const other = await publish('PUT', tokens.otherDirector, fresh);
      expect(other.status).toBe(404);
      expect(other.body).toEqual({ msg: 'Newsletter not found.' });
      expect((await t.request('GET', `/api/newsletters/list/${fresh}`, { token: tokens.director })).body.data.status.published).toBe(false);
      expect((await t.request('GET', '/n/editor-yayini')).status).toBe(404);
    });
  });

  describe('channel templates through PUT /newsletters/update/{id}', () => {
    let id: string;
    beforeAll(async () => {
      id = await created('kanal-bulteni', {
        channelTemplates: [
          { title: 'Sabah', channels: ['Gündem', 'Ekonomi'] },
          { title: 'Akşam', default: true, channels: ['Spor', 'Kültür'] },
        ],
      });
    });
    /** Saves the settings as the page sends them back, with `templates`. */
    const saveTemplates = async (templates: Template[], edit: Record<string, unknown> = {}) =>
      saveSettings(id, { ...(await settingsOf(id)), ...edit, channelTemplates: templates });

    it('reorders, renames, adds and moves the default, keeping the ids of the templates it had', async () => {
      const [morning, evening] = await templatesOf(id);
      const saved = await saveTemplates([
        { ...evening!, default: false },
        { ...morning!, title: 'Sabah Özeti', default: true },
        { title: 'Hafta Sonu', channels: ['Okuma Listesi'] },
      ]);
      expect(saved.status).toBe(200);
      expect(shape(saved.body.data.channelTemplates)).toEqual([
        { title: 'Akşam', channels: ['Spor', 'Kültür'], default: false },
        { title: 'Sabah Özeti', channels: ['Gündem', 'Ekonomi'], default: true },
        { title: 'Hafta Sonu', channels: ['Okuma Listesi'], default: false },
      ]);
      const after = await templatesOf(id);
      expect(shape(after)).toEqual(shape(saved.body.data.channelTemplates));
      expect(after.map((template) => template._id).slice(0, 2)).toEqual([evening!._id, morning!._id]);
      expect(after[2]!._id).toEqual(expect.any(String));
      expect(after.map((template) => template.index)).toEqual([0, 1, 2]);
    });

    it('drops empty channel names and keeps a template without channels', async () => {
      const templates = await templatesOf(id);
      const saved = await saveTemplates([{ ...templates[0]!, channels: ['Spor', '', '  ', 'Kültür'] }, { ...templates[1]!, channels: [''] }, templates[2]!]);
      expect(saved.status).toBe(200);
      expect(shape(await templatesOf(id))).toEqual([
        { title: 'Akşam', channels: ['Spor', 'Kültür'], default: false },
        { title: 'Sabah Özeti', channels: [], default: true },
        { title: 'Hafta Sonu', channels: ['Okuma Listesi'], default: false },
      ]);
    });

    it('makes the first template the default when the default one is deleted', async () => {
      const templates = await templatesOf(id);
      expect((await saveTemplates([templates[0]!, templates[2]!])).status).toBe(200);
      expect(shape(await templatesOf(id))).toEqual([
        { title: 'Akşam', channels: ['Spor', 'Kültür'], default: true },
        { title: 'Hafta Sonu', channels: ['Okuma Listesi'], default: false },
      ]);
    });

    it('refuses to delete the only template', async () => {
      const before = await templatesOf(id);
      const { status, body } = await saveTemplates([]);
      expect(status).toBe(422);
      expect(body).toEqual({ msg: 'Error!', details: [{ message: 'The only template cannot be deleted.', path: 'channelTemplates' }] });
      expect(await templatesOf(id)).toEqual(before);
    });

    it('refuses duplicates with their messages and saves nothing of the body', async () => {
      const before = await settingsOf(id);
      const [first, second] = before.channelTemplates as Template[];
      const subtitle = 'Bu alt başlık kaydedilmemeli';
      const twoTitles = await saveTemplates([first!, { ...second!, title: 'AKŞAM' }], { subtitle });
      expect(twoTitles.status).toBe(422);
      expect(twoTitles.body).toEqual({ msg: 'Error!', details: [{ message: 'A template named AKŞAM already exists.', path: 'channelTemplates.1.title' }] });
      const twoChannels = await saveTemplates(
        [first!, { ...second!, channels: ['Okuma Listesi', 'Yeni', 'okuma listesi'] }, { title: 'Yeni Şablon', channels: [] }],
        {
          subtitle,
        },
      );
      expect(twoChannels.status).toBe(422);
      expect(twoChannels.body).toEqual({ msg: 'Error!', details: [{ message: 'Okuma Listesi is not unique.', path: 'channelTemplates.1.channels' }] });
      expect(await settingsOf(id)).toEqual(before);
    });

    it('leaves the templates alone when the settings are saved without them', async () => {
      const before = await settingsOf(id);
      const { channelTemplates, ...settings } = before;
      const saved = await saveSettings(id, { ...settings, subtitle: 'Yeni bir alt başlık' });
      expect(saved.status).toBe(200);
      const after = await settingsOf(id);
      expect(after.subtitle).toBe('Yeni bir alt başlık');
      expect(after.channelTemplates).toEqual(channelTemplates);
    });

    it("offers them to a new issue after 'Plain', the default flagged", async () => {
      const { status, body } = await t.request('GET', `/api/issues/create?newsletter=${id}`, { token: tokens.director });
      expect(status).toBe(200);
      const offered = body.data.data.channelTemplates as Template[];
      expect(offered.map(({ title, default: isDefault }) => ({ title, default: isDefault }))).toEqual([
        { title: 'Plain', default: false },
        { title: 'Akşam', default: true },
        { title: 'Hafta Sonu', default: false },
      ]);
      expect(offered.slice(1)).toEqual(await templatesOf(id));
    });

    it("gives a template sent with another newsletter's id an id of its own, and leaves that newsletter's templates alone", async () => {
      const sabahTemplates = await templatesOf(sabah);
      const borrowed = sabahTemplates[0]!;
      const saved = await saveTemplates([...(await templatesOf(id)), { ...borrowed, title: 'Ödünç', default: false }]);
      expect(saved.status).toBe(200);
      const copy = (await templatesOf(id)).find((template) => template.title === 'Ödünç')!;
      expect(copy.channels).toEqual(borrowed.channels);
      expect(copy._id).not.toBe(borrowed._id);
      expect(await templatesOf(sabah)).toEqual(sabahTemplates);
    });

    it("refuses authors and hides the newsletter from another publisher's director", async () => {
      const before = await settingsOf(id);
      const body = { ...before, channelTemplates: [{ title: 'Başka', channels: ['X'] }] };
      const author = await saveSettings(id, body, tokens.author);
      expect(author.status).toBe(401);
      expect(author.body.err).toBe('UNAUTHORIZED');
      expect((await saveSettings(id, body, tokens.otherDirector)).status).toBe(404);
      expect(await settingsOf(id)).toEqual(before);
    });
  });

  describe('the e-mail design', () => {
    const url = (id: string, call: 'update' | 'preview') => `/api/newsletters/update/${id}/design/email/${call}`;
    const designOf = async (id: string, token = tokens.director) => {
      const { status, body } = await t.request('GET', url(id, 'update'), { token });
      expect(status).toBe(200);
      return body.data.body;
    };
    const preview = (id: string, design: unknown, query = '', token = tokens.director) =>
      t.request('PUT', `${url(id, 'preview')}${query}`, { token, body: design });

    describe('GET and PUT /newsletters/update/{id}/design/email/update', () => {
      it('answers the design and the fonts it offers', async () => {
        const { status, body } = await t.request('GET', url(sabah, 'update'), { token: tokens.editor });
        expect(status).toBe(200);
        expect(body.data.body).toMatchObject({ borderWidth: expect.any(Number), linkStyling: expect.stringMatching(/^(underline|highlight)$/) });
        expect(body.data.data.fonts).toContainEqual({ name: 'Georgia', stack: "Georgia, 'Times New Roman', Times, serif" });
      });

      it("stores a change of the newsletter's editor", async () => {
        const design = await designOf(sabah, tokens.editor);
        const changed = {
          ...design,
          cardBackgroundColor: '#fdf6e3',
          borderWidth: 3,
          roundedBorders: false,
          linkStyling: 'highlight',
          fontFamily: 'Verdana, Geneva, sans-serif',
        };
        const { status, body } = await t.request('PUT', url(sabah, 'update'), { token: tokens.editor, body: changed });
        expect(status).toBe(200);
        expect(body.data).toEqual(changed);
        expect(await designOf(sabah)).toEqual(changed);
      });

      it('keeps a banner from the image library as uploaded, not as its WebP copy', async () => {
        const { db } = t.server.database;
        const image = await db
          .withTables<{ images: { publisher_id: string; path_key: string; medium_key: string } }>()
          .selectFrom('images')
          .select(['path_key', 'medium_key'])
          .where('publisher_id', '=', kuzey)
          .executeTakeFirstOrThrow();
        const design = await designOf(sabah);
        const { status, body } = await t.request('PUT', url(sabah, 'update'), {
          token: tokens.director,
          body: { ...design, banner: `/uploads/${image.medium_key}` },
        });
        expect(status).toBe(200);
        expect(body.data.banner).toBe(`/uploads/${image.path_key}`);
        // Any other address stays as it is.
        const elsewhere = await t.request('PUT', url(sabah, 'update'), {
          token: tokens.director,
          body: { ...design, banner: 'https://cdn.example/banner.png' },
        });
        expect(elsewhere.body.data.banner).toBe('https://cdn.example/banner.png');
        await t.request('PUT', url(sabah, 'update'), { token: tokens.director, body: design });
      });

      it.each([
        ['cardBackgroundColor', 'red', 'Choose a colour as #rrggbb.'],
        ['footerLinkColorDark', '#12345', 'Choose a colour as #rrggbb.'],
      ])('refuses a bad colour in %s', async (field, value, message) => {
        const design = await designOf(sabah);
        const { status, body } = await t.request('PUT', url(sabah, 'update'), { token: tokens.director, body: { ...design, [field]: value } });
        expect(status).toBe(422);
        expect(body).toEqual({ msg: 'Error!', details: [{ message, path: field }] });
        expect(await designOf(sabah)).toEqual(design);
      });

      it('offers border widths 1, 2 and 3 only', async () => {
        const design = await designOf(sabah);
        const { status, body } = await t.request('PUT', url(sabah, 'update'), { token: tokens.director, body: { ...design, borderWidth: 4 } });
        expect(status).toBe(422);
        expect(body.details).toEqual([{ message: expect.any(String), path: 'borderWidth' }]);
        expect(await designOf(sabah)).toEqual(design);
      });

      it("refuses authors and hides the newsletter from another publisher's director", async () => {
        const design = await designOf(sabah);
        for (const method of ['GET', 'PUT'] as const) {
          const body = method === 'PUT' ? { ...design, cardBackgroundColor: '#000000' } : undefined;
          const author = await t.request(method, url(sabah, 'update'), { token: tokens.author, body });
          expect(author.status).toBe(401);
          expect(author.body).toEqual({ msg: 'Your role (AUTHOR) does not allow this: newsletters.update is required.', err: 'UNAUTHORIZED' });
          const other = await t.request(method, url(sabah, 'update'), { token: tokens.otherDirector, body });
          expect(other.status).toBe(404);
          expect(other.body).toEqual({ msg: expect.any(String) });
        }
        expect(await designOf(sabah)).toEqual(design);
      });
    });

    describe('PUT /newsletters/update/{id}/design/email/preview', () => {
      it('answers the e-mail in the design sent, without saving it', async () => {
        const design = await designOf(sabah, tokens.editor);
        const trial = { ...design, cardBackgroundColor: '#abcdef', cardBackgroundColorDark: '#123456', footerBackgroundColor: '#fedcba' };
        const { status, body } = await preview(sabah, trial, '', tokens.editor);
        expect(status).toBe(200);
        const html = body.data as string;
        expect(html).toMatch(/^<!doctype html>/i);
        expect(html).toContain('#abcdef');
        expect(html).toContain('#fedcba');
        // As sent: the dark colours wait for the reader's dark mode.
        expect(html).toMatch(/prefers-color-scheme:\s*dark/);
        expect(html).not.toContain('@media all');
        // Sabah Bülteni has issues: the preview is its latest, not the sample.
        expect(html).not.toContain('Uzun bir yazının başlığı');
        expect(await designOf(sabah)).toEqual(design);
      });

      it('answers the dark variant with ?dark=true, the dark colours applying whatever the setting', async () => {
        const design = await designOf(sabah);
        const { status, body } = await preview(sabah, { ...design, cardBackgroundColorDark: '#123456' }, '?dark=true');
        expect(status).toBe(200);
        const html = body.data as string;
        expect(html).toContain('#123456');
        expect(html).toContain('@media all');
        expect(html).not.toMatch(/prefers-color-scheme:\s*dark/);
        expect(html).toContain('<meta name="color-scheme" content="dark">');
      });

      it('answers the light variant with ?dark=false, the dark colours kept out whatever the setting', async () => {
        const { status, body } = await preview(sabah, await designOf(sabah), '?dark=false');
        expect(status).toBe(200);
        const html = body.data as string;
        expect(html).not.toMatch(/prefers-color-scheme:\s*dark/);
        expect(html).toContain('@media not all');
        expect(html).toContain('<meta name="color-scheme" content="light">');
      });

      it('shows a newsletter without issues in a sample issue', async () => {
        const id = await created('ornek-bulten', { title: 'Örnek Bülten' });
        const design = await designOf(id);
        const { status, body } = await preview(id, { ...design, linkColor: '#aa0000' });
        expect(status).toBe(200);
        const html = body.data as string;
        for (const text of ['Gündem', 'Haftanın Yazısı', 'Uzun bir yazının başlığı', '#aa0000']) expect(html).toContain(text);
        expect(html).toContain('Örnek Bülten');
      });

      it('refuses a bad design, authors and other publishers', async () => {
        const design = await designOf(sabah);
        const bad = await preview(sabah, { ...design, linkColor: 'blue' });
        expect(bad.status).toBe(422);
        expect(bad.body).toEqual({ msg: 'Error!', details: [{ message: 'Choose a colour as #rrggbb.', path: 'linkColor' }] });
        expect((await preview(sabah, { ...design, borderWidth: 4 })).status).toBe(422);
        expect((await preview(sabah, design, '?dark=maybe')).status).toBe(422);
        const author = await preview(sabah, design, '', tokens.author);
        expect(author.status).toBe(401);
        expect(author.body.err).toBe('UNAUTHORIZED');
        expect((await preview(sabah, design, '', tokens.otherDirector)).status).toBe(404);
      });
    });
  });

  describe('GET and PUT /newsletters/update/{id}/design/web/update', () => {
    let id: string;
    beforeAll(async () => {
      id = await created('kapakli-bulten', { title: 'Kapaklı Bülten' });
    });
    const url = (newsletter = id) => `/api/newsletters/update/${newsletter}/design/web/update`;
    const coverOf = async (newsletter = id, token = tokens.director) => {
      const { status, body } = await t.request('GET', url(newsletter), { token });
      expect(status).toBe(200);
      return body.data.body.cover as string;
    };

    it('stores the cover and the landing page shows it', async () => {
      expect(await coverOf()).toBe('');
      const cover = '/uploads/images/2026-11/kapak.png';
      const saved = await t.request('PUT', url(), { token: tokens.director, body: { cover } });
      expect(saved.status).toBe(200);
      // The subscribe form's fields stay as they were (the defaults): a PUT of the cover alone changes the cover alone.
      expect(saved.body).toEqual({ data: { body: { cover, nameField: 'optional', cityField: 'hidden' } }, msg: 'OK' });
      expect(await coverOf()).toBe(cover);
      expect((await t.request('PUT', `/api/newsletters/publish/${id}`, { token: tokens.director })).status).toBe(200);
      const page = await t.request('GET', '/n/kapakli-bulten');
      expect(page.status).toBe(200);
      expect(page.body).toContain(`<img class="cover" src="${cover}"`);

      expect((await t.request('PUT', url(), { token: tokens.director, body: { cover: '' } })).status).toBe(200);
      expect(await coverOf()).toBe('');
      expect((await t.request('GET', '/n/kapakli-bulten')).body).not.toContain('class="cover"');
    });

    it('shows a cover address as text on the landing page, never as markup', async () => {
      const cover = 'https://cdn.example/kapak.png?a="><script>alert(1)</script>';
      expect((await t.request('PUT', url(), { token: tokens.director, body: { cover } })).status).toBe(200);
      const page = (await t.request('GET', '/n/kapakli-bulten')).body as string;
      expect(page).toContain('<img class="cover" src="https://cdn.example/kapak.png?a=&quot;&gt;&lt;script&gt;');
      expect(page).not.toContain('<script>alert(1)');
    });

    it("lets the newsletter's editor change it", async () => {
      const cover = 'https://cdn.example/kapak.jpg';
      expect((await t.request('PUT', url(sabah), { token: tokens.editor, body: { cover } })).status).toBe(200);
      expect(await coverOf(sabah, tokens.editor)).toBe(cover);
    });

    it.each(['javascript:alert(1)', '//evil.example/kapak.png', 'data:image/png;base64,AAAA'])('refuses %s as a cover', async (cover) => {
      const before = await coverOf(sabah);
      const { status, body } = await t.request('PUT', url(sabah), { token: tokens.director, body: { cover } });
      expect(status).toBe(422);
      expect(body).toEqual({ msg: 'Error!', details: [{ message: 'Choose a cover image.', path: 'cover' }] });
      expect(await coverOf(sabah)).toBe(before);
    });

    it("refuses authors and hides the newsletter from another publisher's director", async () => {
      const before = await coverOf(sabah);
      for (const method of ['GET', 'PUT'] as const) {
        const body = method === 'PUT' ? { cover: '/uploads/x.png' } : undefined;
        const author = await t.request(method, url(sabah), { token: tokens.author, body });
        expect(author.status).toBe(401);
        expect(author.body).toEqual({ msg: 'Your role (AUTHOR) does not allow this: newsletters.update is required.', err: 'UNAUTHORIZED' });
        expect((await t.request(method, url(sabah), { token: tokens.otherDirector, body })).status).toBe(404);
      }
      expect(await coverOf(sabah)).toBe(before);
    });
  });

  describe('GET /keys/check for newsletters', () => {
    const check = async (key: string) => (await t.request('GET', `/api/keys/check?model=Newsletter&key=${key}`, { token: tokens.director })).body.msg;

    it('answers AVAILABLE for a new slug and EXISTS once a newsletter has it', async () => {
      expect(await check('tazecik-bulten')).toBe('AVAILABLE');
      await created('tazecik-bulten');
      expect(await check('tazecik-bulten')).toBe('EXISTS');
      expect(await check('sabah-bulteni')).toBe('EXISTS');
      // Another publisher's slug is taken too: slugs are one namespace (/n/{key}).
      expect(await check('ege-gundem')).toBe('EXISTS');
    });
  });
});
