/**
 * The spec's contract. The calls in section 7 of the three spec documents are what other clients
 * (apps, scripts) are written against, not only our console. Every one that exists is replayed
 * here as the spec makes it (its parameter names and values, its payloads, as the demo staff),
 * and its answer is checked against the fields the spec's entities (section 3) and answer uses
 * name. Parts of calls still missing or different from the spec are listed at the end.
 */
import sharp from 'sharp';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoTone } from '../../core/server/services/demo-audio';
import { readOutbox } from '../../core/server/services/mail';
import type { IssueTables } from '../../plugins/issues/server/tables';
import { multipart, type FilePart } from './multipart';
import { enginesFor, demoEmails, demoPassword, startTestServer, type TestServer } from './server';

const databases = enginesFor('embedded');

type Actor = 'admin' | 'director' | 'editor' | 'author';

const emails: Record<Actor, string> = demoEmails;

const issueFlags = [
  'draft',
  'ready',
  'accepted',
  'tested',
  'scheduled',
  'queued',
  'processing',
  'published',
  'notified',
  'emailed',
  'featured',
  'sent',
  'cancelled',
];

const storyFlags = ['draft', 'ready', 'accepted', 'scheduled', 'queued', 'processing', 'notified', 'published', 'featured', 'tested', 'rejected', 'cancelled'];

/** The fields the spec's entities name (section 3 of each document), as dotted paths. */
const entity = {
  user: ['_id', 'email', 'role.key', 'profile.name', 'profile.biography', 'profile.url', 'profile.image', 'status.ready', 'publisher'],
  scope: ['_id', 'type', 'title', 'image', 'lang'],
  permission: ['model', 'action'],
  publisher: ['_id', 'title', 'description', 'image', 'color', 'textColor', 'website', 'email', 'key'],
  newsletter: [
    '_id',
    'title',
    'subtitle',
    'description',
    'image',
    'color',
    'textColor',
    'key',
    'lang',
    'status.published',
    'status.featured',
    'status.archived',
    'stats.subscribers',
    'publisher',
    'createdAt',
  ],
  newsletterSettings: [
    'interests',
    'testers',
    'welcome.subject',
    'welcome.preview',
    'welcome.slug',
    'welcome.intro.html',
    'welcome.intro.text',
    'voiceSettings.article',
    'voiceSettings.bullet',
  ],
  timelineEntry: ['newsletterId', 'date', 'total', 'email', 'notification'],
  interest: ['_id', 'key', 'titles'],
  image: ['_id', 'path', 'alt', 'source', 'caption', 'uploader', 'publisher'],
  recording: ['_id', 'title', 'subtitle', 'description', 'image', 'audio', 'duration', 'uploader', 'publisher', 'slug', 'lang', 'podcastId', 'content_id'],
  episode: [
    '_id',
    'title',
    'key',
    'subtitle',
    'body',
    'image',
    'newsletter',
    'status.draft',
    'status.published',
    'status.scheduled',
    'publishedAt',
    'type',
    'parent_id',
    'parent_type',
    'lang',
    'uploader',
    'createdAt',
  ],
  subscription: ['_id', 'name', 'city', 'createdAt'],
  collection: ['_id', 'title', 'description', 'image', 'slug', 'key', 'childrenRef', 'children', 'status.published', 'owner', 'color', 'lang', 'updatedAt'],
  member: ['_id', 'role'],
  announcement: ['subject', 'preview', 'body.html'],
  story: [
    '_id',
    'type',
    'title',
    'subtitle',
    'slug',
    'subject',
    'image',
    'body.html',
    'body.text',
    'body.summary',
    'tags',
    'interest',
    'keywords',
    'writer',
    'newsletter',
    'issue',
    'episode',
    'isPremium',
    'meta.readingTime',
    'createdAt',
    'updatedAt',
    'publishedAt',
    'notifiedAt',
    'owner._id',
    ...storyFlags.map((flag) => `status.${flag}`),
  ],
  notification: ['_id', 'url', 'subject', 'preview', 'updatedAt', 'status.read', 'sender.profile.name'],
  // edited is the console's own flag; content.html comes on request only.
  issue: [
    '_id',
    'newsletter',
    'subject',
    'preview',
    'slug',
    'premium',
    'image',
    'recording',
    'episode',
    'intro.html',
    'intro.text',
    'intro._id',
    'notification.title',
    'notification.body',
    'channelsNew',
    ...issueFlags.map((flag) => `status.${flag}`),
    'publishedAt',
    'notifiedAt',
    'emailedAt',
    'createdAt',
    'updatedAt',
  ],
  // isRename is the console's own flag.
  channel: ['_id', 'title', 'stories'],
  // Spec 002 section 3: unique title, default flag, index, channels.
  channelTemplate: ['_id', 'title', 'default', 'index', 'channels'],
  // Spec 002 section 3: Newsletter (creation), as the wizard fills it.
  newsletterDraft: [
    'title',
    'subtitle',
    'key',
    'description',
    'image',
    'lang',
    'color',
    'textColor',
    'interests',
    'channelTemplates',
    'welcome.subject',
    'welcome.preview',
    'welcome.intro.html',
  ],
  // Spec 002 section 3: every colour has a Dark variant.
  emailDesign: [
    'banner',
    'fontFamily',
    'showReadingTime',
    'showChannelNames',
    'channelTitleCentered',
    'borderWidth',
    'roundedBorders',
    'linkStyling',
    'showReferralCampaign',
    ...[
      'cardTextColor',
      'emailBackgroundColor',
      'borderColor',
      'cardBackgroundColor',
      'linkColor',
      'linkStylingColor',
      'footerTextColor',
      'footerBackgroundColor',
      'footerLinkColor',
    ].flatMap((colour) => [colour, `${colour}Dark`]),
  ],
};

/** The dotted paths of `fields` that `value` lacks (a null field is there: the spec names it, it is empty). */
function missingFields(value: unknown, fields: readonly string[]): string[] {
  return fields.filter((path) => {
    let current: unknown = value;
    for (const key of path.split('.')) {
      if (current === null || typeof current !== 'object' || !(key in current)) return true;
      current = (current as Record<string, unknown>)[key];
    }
    return false;
  });
}

function expectFields(value: unknown, fields: readonly string[]): void {
  expect(missingFields(value, fields), JSON.stringify(value).slice(0, 400)).toEqual([]);
}

/** A list answers { data, count }: at least one item here, each with the entity's fields. */
function expectList(body: { data: unknown[]; count: number }, fields: readonly string[]): void {
  expect(body).toMatchObject({ data: expect.any(Array), count: expect.any(Number) });
  expect(body.data.length).toBeGreaterThan(0);
  expect(body.count).toBeGreaterThanOrEqual(body.data.length);
  for (const item of body.data) expectFields(item, fields);
}

describe.each(databases)("the spec's calls on %s", (kind) => {
  let t: TestServer;
  let tokens: Record<Actor, string>;
  let kuzeyId: string;
  let newsletters: Record<'morning' | 'tech' | 'culture', string>;
  let userIds: Record<Actor | 'burak' | 'zeynep', string>;

  /** Makes a call as `actor` and expects it to succeed; answers the body. */
  async function ok(actor: Actor, method: string, url: string, body?: unknown) {
    const answer = await t.request(method, `/api${url}`, { token: tokens[actor], body });
    expect(answer.status, `${method} ${url}: ${JSON.stringify(answer.body).slice(0, 400)}`).toBe(200);
    return answer.body;
  }

  async function upload(actor: Actor, url: string, fields: Record<string, string>, file: FilePart) {
    const { payload, headers } = multipart(fields, file);
    const response = await t.server.app.inject({
      method: 'POST',
      url: `/api${url}`,
      headers: { authorization: `Bearer ${tokens[actor]}`, ...headers },
      payload,
    });
    expect(response.statusCode, `POST ${url}: ${response.body.slice(0, 400)}`).toBe(200);
    return JSON.parse(response.body);
  }

  const png = () =>
    sharp({ create: { width: 1200, height: 500, channels: 3, background: '#ffce14' } })
      .png()
      .toBuffer();

  beforeAll(async () => {
    t = await startTestServer(kind);
    const { db } = t.server.database;
    kuzeyId = (await db.selectFrom('publishers').select('id').where('key', '=', 'kuzey-medya').executeTakeFirstOrThrow()).id;
    const byKey = async (key: string) => (await db.selectFrom('newsletters').select('id').where('key', '=', key).executeTakeFirstOrThrow()).id;
    newsletters = { morning: await byKey('sabah-bulteni'), tech: await byKey('teknoloji-notlari'), culture: await byKey('kultur-sanat-haftalik') };
    const idOf = async (email: string) => (await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
    userIds = {
      admin: await idOf(emails.admin),
      director: await idOf(emails.director),
      editor: await idOf(emails.editor),
      author: await idOf(emails.author),
      burak: await idOf('burak.sahin@kuzeymedya.example'),
      zeynep: await idOf('zeynep.arslan@kuzeymedya.example'),
    };
    const adminLogin = await t.login(emails.admin);
    tokens = {
      admin: (await t.request('PUT', '/api/auth/scope', { token: adminLogin, body: { publisher: kuzeyId } })).body.data,
      director: await t.login(emails.director),
      editor: await t.login(emails.editor),
      author: await t.login(emails.author),
    };
  });
  afterAll(async () => {
    await t.close();
  });

  describe('spec 000 section 7', () => {
    it('POST /auth/login (email, password): data is the token', async () => {
      const { status, body } = await t.request('POST', '/api/auth/login', { body: { email: emails.editor, password: demoPassword } });
      expect(status).toBe(200);
      expect(body.data).toEqual(expect.any(String));
    });

    it('GET /auth/verify: data {user, scopes, permissions}, msg', async () => {
      const body = await ok('director', 'GET', '/auth/verify');
      expect(body.msg).toEqual(expect.any(String));
      expectFields(body.data.user, entity.user);
      expect(body.data.scopes.length).toBeGreaterThan(0);
      for (const scope of body.data.scopes) expectFields(scope, entity.scope);
      expect(body.data.permissions.length).toBeGreaterThan(0);
      for (const permission of body.data.permissions) expectFields(permission, entity.permission);
    });

    it('PUT /auth/scope (publisher): a new token for that publisher', async () => {
      const login = await t.login(emails.admin);
      const { status, body } = await t.request('PUT', '/api/auth/scope', { token: login, body: { publisher: kuzeyId } });
      expect(status).toBe(200);
      expect(body.data).toEqual(expect.any(String));
      const verified = await t.request('GET', '/api/auth/verify', { token: body.data });
      expect(verified.body.data.scopes.map((scope: { _id: string }) => scope._id)).toContain(kuzeyId);
    });

    it('GET /auth/profile/update: data.body; PUT /auth/profile/update takes the edited user back', async () => {
      const { data } = await ok('editor', 'GET', '/auth/profile/update');
      expectFields(data.body, entity.user);
      await ok('editor', 'PUT', '/auth/profile/update', { ...data.body, profile: { ...data.body.profile, biography: 'Sabah Bülteni editörü.' } });
      expect((await ok('editor', 'GET', '/auth/profile/update')).data.body.profile.biography).toBe('Sabah Bülteni editörü.');
    });

    it('GET /users/update/{userId}: data.body {profile, status}, data.data.roles; PUT /users/update/{id} takes the edited user back, role {key} and all', async () => {
      const form = (await ok('director', 'GET', `/users/update/${userIds.zeynep}`)).data;
      expectFields(form.body, ['profile.name', 'profile.biography', 'profile.url', 'profile.image', 'status.ready', 'role.key']);
      expect(form.data.roles).toEqual(['editor', 'author']);
      expect(form.body.role).toEqual({ key: 'author' });

      await ok('director', 'PUT', `/users/update/${userIds.zeynep}`, { ...form.body, role: { key: 'editor' } });
      expect((await ok('director', 'GET', `/users/update/${userIds.zeynep}`)).data.body.role).toEqual({ key: 'editor' });
      await ok('director', 'PUT', `/users/update/${userIds.zeynep}`, form.body);
      expect((await ok('director', 'GET', `/users/update/${userIds.zeynep}`)).data.body.role).toEqual({ key: 'author' });
    });

    it('GET /users/create?role={type}: the body template; POST /users/create takes it back with email and newsletters', async () => {
      expect((await ok('director', 'GET', '/users/create?role=publisher')).data.data.roles).toEqual(['director']);
      const form = (await ok('director', 'GET', '/users/create?role=newsletter')).data;
      expectFields(form.body, ['email', 'role', 'profile.name', 'newsletters']);
      expect(form.data.roles).toEqual(['editor', 'author']);
      const email = 'yeni.yazar@kuzeymedya.example';
      const created = await ok('director', 'POST', '/users/create', { ...form.body, email, role: 'author', newsletters: [newsletters.tech] });
      expect(created.msg).toBe(`An invitation email is sent to ${email}.`);
    });

    it('PUT /auth/password/forgot (email), then PUT /auth/password/reset (password, passwordConfirm, email, token): signed in', async () => {
      const email = 'burak.sahin@kuzeymedya.example';
      expect((await t.request('PUT', '/api/auth/password/forgot', { body: { email } })).body.msg).toBe('We have sent an email to you. Check your inbox.');
      const link = readOutbox(t.dataDir)
        .find((entry) => entry.to === email)
        ?.text.match(/https?:\/\/\S+/)?.[0];
      const code = new URL(link!).searchParams.get('code')!;
      const { status, body } = await t.request('PUT', '/api/auth/password/reset', {
        body: { password: 'Yeni-parola-1', passwordConfirm: 'Yeni-parola-1', email, token: code },
      });
      expect(status).toBe(200);
      expect((await t.request('GET', '/api/auth/verify', { token: body.data })).body.data.user.email).toBe(email);
    });

    it('GET /auth/notifications/{announcementId}: the announcement', async () => {
      const list = await ok('editor', 'GET', '/auth/notifications');
      const announcementId = list.data.find((notification: { announcement: string | null }) => notification.announcement).announcement;
      expectFields((await ok('editor', 'GET', `/auth/notifications/${announcementId}`)).data, entity.announcement);
    });

    it('GET the editor version endpoint: data', async () => {
      const { status, body } = await t.request('GET', '/api/editor/version');
      expect(status).toBe(200);
      expect(body.data).toEqual(expect.any(String));
    });

    it('GET /publishers/list/{id}: data', async () => {
      expectFields((await ok('director', 'GET', `/publishers/list/${kuzeyId}`)).data, entity.publisher);
    });

    it('GET/PUT /publishers/update/{id}: the publisher body, taken back', async () => {
      const { body } = (await ok('director', 'GET', `/publishers/update/${kuzeyId}`)).data;
      expectFields(body, entity.publisher);
      await ok('director', 'PUT', `/publishers/update/${kuzeyId}`, { ...body, description: 'Bağımsız bülten yayıncısı.' });
      expect((await ok('director', 'GET', `/publishers/list/${kuzeyId}`)).data.description).toBe('Bağımsız bülten yayıncısı.');
    });

    it('GET /publishers/update/{id}/team: data.data possible team, data.body current team', async () => {
      const { data } = await ok('director', 'GET', `/publishers/update/${kuzeyId}/team`);
      expect(data.body.length).toBeGreaterThan(0);
      for (const member of data.body) expectFields(member, entity.member);
      for (const member of data.data.director) expectFields(member, entity.member);
    });

    it('GET /newsletters/list (publisher, sort stats.subscriber, desc, limit 80, search): data, most subscribers first', async () => {
      const body = await ok('director', 'GET', `/newsletters/list?publisher=${kuzeyId}&sort=stats.subscriber&desc=true&limit=80&search=`);
      expectList(body, entity.newsletter);
      const counts = body.data.map((newsletter: { stats: { subscribers: number } }) => newsletter.stats.subscribers);
      expect(counts).toEqual([...counts].sort((a, b) => b - a));
      const searched = await ok('director', 'GET', `/newsletters/list?publisher=${kuzeyId}&sort=stats.subscriber&desc=true&limit=80&search=notlar`);
      expect(searched.data.map((newsletter: { title: string }) => newsletter.title)).toEqual(['Teknoloji Notları']);
    });

    it('GET /newsletters/list/{id}: data with testers (ids) and stats.timeline', async () => {
      const { data } = await ok('author', 'GET', `/newsletters/list/${newsletters.tech}`);
      expectFields(data, [...entity.newsletter, 'testers', 'stats.timeline']);
      const settings = (await ok('director', 'GET', `/newsletters/update/${newsletters.tech}`)).data.body;
      expect(data.testers).toEqual(settings.testers);
      expect(data.testers.length).toBeGreaterThan(0);
      // A year of demo sign-ups: enough weeks for the spotlight (more than 8 entries).
      expect(data.stats.timeline.length).toBeGreaterThan(8);
      for (const entry of data.stats.timeline) expectFields(entry, entity.timelineEntry);
      const thisWeek = data.stats.timeline.at(-1);
      expect(thisWeek).toMatchObject({ newsletterId: newsletters.tech, total: thisWeek.email + thisWeek.notification });
      expect(thisWeek.total).toBe(data.stats.subscribers);
    });

    it('GET /newsletters/list/{id}/subscriptions (page): rows', async () => {
      expectList(await ok('editor', 'GET', `/newsletters/list/${newsletters.tech}/subscriptions?page=0`), entity.subscription);
    });

    it('GET/PUT /newsletters/update/{id}: data {interests, testers}, body; the body taken back', async () => {
      const { data } = await ok('director', 'GET', `/newsletters/update/${newsletters.culture}`);
      expectFields(data.body, [...entity.newsletter, ...entity.newsletterSettings]);
      for (const interest of data.data.interests) expectFields(interest, entity.interest);
      expect(data.data.testers.length).toBeGreaterThan(0);
      await ok('director', 'PUT', `/newsletters/update/${newsletters.culture}`, {
        ...data.body,
        description: 'Haftanın sergileri, kitapları ve konserleri tek bültende.',
      });
      expect((await ok('director', 'GET', `/newsletters/list/${newsletters.culture}`)).data.description).toBe(
        'Haftanın sergileri, kitapları ve konserleri tek bültende.',
      );
    });

    it('GET/PUT/DELETE /newsletters/update/{id}/team: body current team, data possible members by role; PUT and DELETE take userId', async () => {
      const before = (await ok('director', 'GET', `/newsletters/update/${newsletters.morning}/team`)).data;
      for (const member of before.body) expectFields(member, entity.member);
      expect(Object.keys(before.data).sort()).toEqual(['author', 'editor']);
      const joining = [...before.data.author, ...before.data.editor][0] as { _id: string; role: string };
      expect(joining).toBeDefined();

      await ok('director', 'PUT', `/newsletters/update/${newsletters.morning}/team`, { userId: joining._id });
      const team = (await ok('director', 'GET', `/newsletters/update/${newsletters.morning}/team`)).data.body as { _id: string; role: string }[];
      expect(team.find((member) => member._id === joining._id)?.role).toBe(joining.role);

      await ok('director', 'DELETE', `/newsletters/update/${newsletters.morning}/team`, { userId: joining._id });
      const after = (await ok('director', 'GET', `/newsletters/update/${newsletters.morning}/team`)).data.body as { _id: string }[];
      expect(after.map((member) => member._id)).not.toContain(joining._id);
    });

    it('PUT and DELETE /newsletters/publish/{id}; PUT and DELETE /newsletters/feature/{id}', async () => {
      const status = async () => (await ok('director', 'GET', `/newsletters/list/${newsletters.culture}`)).data.status;
      await ok('admin', 'DELETE', `/newsletters/publish/${newsletters.culture}`);
      expect(await status()).toMatchObject({ published: false });
      await ok('admin', 'PUT', `/newsletters/publish/${newsletters.culture}`);
      await ok('admin', 'PUT', `/newsletters/feature/${newsletters.culture}`);
      expect(await status()).toMatchObject({ published: true, featured: true });
      await ok('admin', 'DELETE', `/newsletters/feature/${newsletters.culture}`);
      expect(await status()).toMatchObject({ published: true, featured: false });
    });

    it('GET /keys/check?model&key&_id: msg AVAILABLE or EXISTS', async () => {
      expect((await ok('director', 'GET', `/keys/check?model=Newsletter&key=teknoloji-notlari&_id=${newsletters.tech}`)).msg).toBe('AVAILABLE');
      expect((await ok('director', 'GET', `/keys/check?model=Newsletter&key=teknoloji-notlari&_id=${newsletters.morning}`)).msg).toBe('EXISTS');
      expect((await ok('director', 'GET', '/keys/check?model=Newsletter&key=yepyeni-bulten')).msg).toBe('AVAILABLE');
    });

    it('GET /tags/list: tags', async () => {
      const { data } = await ok('author', 'GET', '/tags/list');
      expect(data.length).toBeGreaterThan(0);
      for (const tag of data) expect(tag).toEqual(expect.any(String));
    });

    it('GET /images/list (limit 30, page, sort createdAt, desc, uploader): data, count', async () => {
      const body = await ok('editor', 'GET', `/images/list?limit=30&page=0&sort=createdAt&desc=true&uploader=${userIds.editor}`);
      expectList(body, entity.image);
      for (const image of body.data) expect(image.uploader._id).toBe(userIds.editor);
      expectList(await ok('editor', 'GET', '/images/list?limit=30&page=0&sort=createdAt&desc=true'), entity.image);
    });

    it('POST /images/create (multipart: image, source, caption, alt, uploader, publisher)', async () => {
      const fields = { source: 'Kuzey Medya Arşivi', caption: 'Sözleşme görseli', alt: 'Sarı bir afiş', uploader: userIds.editor, publisher: kuzeyId };
      const created = await upload('editor', '/images/create', fields, {
        field: 'image',
        filename: 'afis.png',
        contentType: 'image/png',
        content: await png(),
      });
      expectFields(created.data, entity.image);
      expect((await ok('editor', 'GET', '/images/list?limit=30&page=0&sort=createdAt&desc=true')).data[0]._id).toBe(created.data._id);
    });

    it('GET /recordings/list (limit, page, sort, desc, uploader): data, count', async () => {
      expectList(await ok('director', 'GET', '/recordings/list?limit=30&page=0&sort=createdAt&desc=true'), entity.recording);
      const mine = await ok('director', 'GET', `/recordings/list?limit=30&page=0&sort=createdAt&desc=true&uploader=${userIds.director}`);
      expectList(mine, entity.recording);
      for (const recording of mine.data) expect(recording.uploader._id).toBe(userIds.director);
    });

    it('GET /recordings/create and GET /recordings/update/{id}: the form template in data.body', async () => {
      expectFields((await ok('director', 'GET', '/recordings/create')).data.body, ['title', 'description', 'slug', 'lang']);
      const recording = (await ok('director', 'GET', '/recordings/list?limit=1&page=0')).data[0];
      expectFields((await ok('director', 'GET', `/recordings/update/${recording._id}`)).data.body, ['title', 'description', 'slug', 'lang']);
    });

    it('POST /recordings/create (multipart, lang=tr); PUT /recordings/update/{id} with a slug from the title; DELETE /recordings/delete/{id}', async () => {
      const fields = {
        title: 'Sözleşme Kaydı',
        uploader: userIds.director,
        publisher: kuzeyId,
        slug: 'sozlesme-kaydi',
        description: 'Bir deneme.',
        duration: '2',
        lang: 'tr',
      };
      const audio = await demoTone({ seconds: 2, notes: [440, 660] });
      const created = (
        await upload('director', '/recordings/create', fields, { field: 'audio', filename: 'kayit.mp3', contentType: 'audio/mpeg', content: audio })
      ).data;
      expectFields(created, entity.recording);
      const form = (await ok('director', 'GET', `/recordings/update/${created._id}`)).data.body;
      const saved = await ok('director', 'PUT', `/recordings/update/${created._id}`, { ...form, title: 'Sözleşme Kaydı İki', slug: 'sozlesme-kaydi-iki' });
      expect(saved.data).toMatchObject({ title: 'Sözleşme Kaydı İki', slug: 'sozlesme-kaydi-iki' });
      await ok('director', 'DELETE', `/recordings/delete/${created._id}`);
      expect((await t.request('GET', `/api/recordings/update/${created._id}`, { token: tokens.director })).status).toBe(404);
    });

    it('GET /episodes/list (limit 30, page, sort createdAt, desc, optional uploader): data, count', async () => {
      expectList(await ok('editor', 'GET', '/episodes/list?limit=30&page=0&sort=createdAt&desc=true'), entity.episode);
      const ofTech = await ok('editor', 'GET', `/episodes/list?newsletter=${newsletters.tech}&limit=30&page=0&sort=createdAt&desc=true`);
      expectList(ofTech, entity.episode);
      const mine = await ok('editor', 'GET', `/episodes/list?limit=30&page=0&sort=createdAt&desc=true&uploader=${userIds.editor}`);
      expectList(mine, entity.episode);
      for (const episode of mine.data) expect(episode.uploader._id).toBe(userIds.editor);
      // Without a newsletter: every newsletter the caller reaches, and only those.
      const everywhere = await ok('author', 'GET', '/episodes/list?limit=30&page=0&sort=createdAt&desc=true');
      for (const episode of everywhere.data) expect([newsletters.tech, newsletters.culture]).toContain(episode.newsletter);
    });

    it('DELETE /episodes/delete/{id}', async () => {
      const episode = (await ok('director', 'GET', `/episodes/list?newsletter=${newsletters.tech}&limit=30&page=0&sort=createdAt&desc=true`)).data.at(-1);
      await ok('director', 'DELETE', `/episodes/delete/${episode._id}`);
      expect((await t.request('GET', `/api/episodes/update/${episode._id}`, { token: tokens.director })).status).toBe(404);
    });

    it('GET /issues/list for the dashboard cards (newsletter, limit 3, sort publishedAt with status=published; sort updatedAt with status.published=false)', async () => {
      const published = await ok('director', 'GET', `/issues/list?newsletter=${newsletters.morning}&limit=3&sort=publishedAt&desc=true&status=published`);
      expectList(published, entity.issue);
      expect(published.data.length).toBeLessThanOrEqual(3);
      for (const issue of published.data) expect(issue.status.published).toBe(true);
      const drafts = await ok('director', 'GET', `/issues/list?newsletter=${newsletters.morning}&limit=3&sort=updatedAt&desc=true&status.published=false`);
      expectList(drafts, entity.issue);
      expect(drafts.data.length).toBeLessThanOrEqual(3);
      for (const issue of drafts.data) expect(issue.status.published).toBe(false);
    });

    it('GET /stories/list (newsletter, page 0, limit 2, sort createdAt, status draft, desc): draft stories', async () => {
      const body = await ok('editor', 'GET', `/stories/list?newsletter=${newsletters.tech}&page=0&limit=2&sort=createdAt&status=draft&desc=true`);
      expectList(body, entity.story);
      expect(body.data.length).toBeLessThanOrEqual(2);
      for (const story of body.data) expect(story.status.draft).toBe(true);
    });

    it('GET /collections/list (owner, page 0, limit 2, sort updatedAt, desc): latest collections', async () => {
      const body = await ok('director', 'GET', `/collections/list?owner=${newsletters.morning}&page=0&limit=2&sort=updatedAt&desc=true`);
      expectList(body, entity.collection);
      expect(body.data.length).toBeLessThanOrEqual(2);
      for (const collection of body.data) expect(collection.owner).toBe(newsletters.morning);
    });
  });

  describe('spec 001 section 7', () => {
    it('GET /collections/create: data {body, data.childrenRefs}', async () => {
      const { data } = await ok('editor', 'GET', '/collections/create');
      expect(data.data.childrenRefs).toEqual(['Story', 'Issue']);
      expect(data.body).toMatchObject({ title: '', children: [] });
    });

    it('POST /collections/create, GET and PUT /collections/update/{id} (stories as ids and status.published), GET /collections/list/{id}, DELETE /collections/delete/{id}', async () => {
      const stories = (await ok('editor', 'GET', '/stories/list?status.published=true&type=article&sort=publishedAt&desc=true')).data as { _id: string }[];
      const ids = stories.slice(0, 2).map((story) => story._id);
      const created = await ok('director', 'POST', '/collections/create', {
        title: 'Sözleşme Seçkisi',
        description: 'Sözleşme testinin koleksiyonu.',
        image: '/demo/kuzey-medya.svg',
        key: 'sozlesme-seckisi',
        slug: 'sozlesme-seckisi',
        childrenRef: 'Story',
        children: ids,
      });
      expect(created.msg).toBe('You created a new collection.');
      const id = created.data._id as string;
      const { data } = await ok('director', 'GET', `/collections/update/${id}`);
      expectFields(data.body, entity.collection);
      await ok('director', 'PUT', `/collections/update/${id}`, { ...data.body, children: [...ids].reverse(), status: { published: true } });
      const one = (await ok('editor', 'GET', `/collections/list/${id}`)).data;
      expectFields(one, entity.collection);
      expect(one.status.published).toBe(true);
      expect(one.children.map((item: { _id: string }) => item._id)).toEqual([...ids].reverse());
      expect((await ok('editor', 'GET', '/keys/check?model=Collection&key=sozlesme-seckisi')).msg).toBe('EXISTS');
      expect((await ok('editor', 'GET', `/keys/check?model=Collection&key=sozlesme-seckisi&_id=${id}`)).msg).toBe('AVAILABLE');
      await ok('director', 'DELETE', `/collections/delete/${id}`);
      expect((await t.request('GET', `/api/collections/list/${id}`, { token: tokens.director })).status).toBe(404);
    });

    it('GET /collections/list (owner, sort, page, limit, desc): {data, count}', async () => {
      expectList(await ok('editor', 'GET', '/collections/list?sort=updatedAt&page=0&limit=10&desc=true'), entity.collection);
    });

    it('GET /stories/list (newsletter, type, sort, search, status, status.published, page, limit, desc, writer): {data, count}', async () => {
      const article = (
        await ok('editor', 'GET', `/stories/list?newsletter=${newsletters.tech}&type=article&status=published&sort=publishedAt&page=0&limit=10&desc=true`)
      ).data[0];
      expectFields(article, entity.story);
      const word = (article.title as string).split(' ').reduce((longest, candidate) => (candidate.length > longest.length ? candidate : longest));
      const query = `newsletter=${newsletters.tech}&type=article&sort=updatedAt&search=${encodeURIComponent(word)}&status=published&status.published=true&page=0&limit=10&desc=true&writer=${article.writer._id}`;
      const body = await ok('editor', 'GET', `/stories/list?${query}`);
      expectList(body, entity.story);
      expect(body.data.map((story: { _id: string }) => story._id)).toContain(article._id);
    });

    it('GET /stories/list/{id}, with normalizeBody=true (data.body.html) or updateStats=true', async () => {
      const story = (await ok('editor', 'GET', `/stories/list?newsletter=${newsletters.tech}&page=0&limit=1`)).data[0];
      expectFields((await ok('editor', 'GET', `/stories/list/${story._id}`)).data, entity.story);
      expect((await ok('editor', 'GET', `/stories/list/${story._id}?normalizeBody=true`)).data.body.html).toEqual(expect.any(String));
      // Spec 002 section 7: stats totalOpens, uniqueOpens, totalClicks, uniqueClicks.
      expectFields((await ok('editor', 'GET', `/stories/list/${story._id}?updateStats=true`)).data, [
        'stats.totalOpens',
        'stats.uniqueOpens',
        'stats.totalClicks',
        'stats.uniqueClicks',
      ]);
    });

    it('GET /stories/update/{id}: the story in the body of the answer', async () => {
      const story = (await ok('editor', 'GET', `/stories/list?newsletter=${newsletters.tech}&page=0&limit=1`)).data[0];
      expectFields((await ok('editor', 'GET', `/stories/update/${story._id}`)).data.body, entity.story);
    });

    it('PUT and DELETE /stories/feature/{storyId}', async () => {
      const draft = (await ok('admin', 'GET', `/stories/list?newsletter=${newsletters.tech}&type=article&status=draft&page=0&limit=1`)).data[0];
      expect((await ok('admin', 'PUT', `/stories/feature/${draft._id}`)).data.status.featured).toBe(true);
      expect((await ok('admin', 'DELETE', `/stories/feature/${draft._id}`)).data.status.featured).toBe(false);
    });

    it('GET /keys/check?model=Story&key&_id', async () => {
      const article = (await ok('editor', 'GET', `/stories/list?newsletter=${newsletters.tech}&type=article&page=0&limit=1`)).data[0];
      expect((await ok('editor', 'GET', `/keys/check?model=Story&key=${article.slug}&_id=${article._id}`)).msg).toBe('AVAILABLE');
      expect((await ok('editor', 'GET', `/keys/check?model=Story&key=${article.slug}`)).msg).toBe('EXISTS');
    });

    it('GET issues/create?newsletter: data.data.channelTemplates and body; POST issues/create with it plus subject, premium, slug, channelsNew ({title, stories}): the issue with _id', async () => {
      const { data } = await ok('director', 'GET', `/issues/create?newsletter=${newsletters.morning}`);
      expect(data.body).toEqual(expect.any(Object));
      for (const template of data.data.channelTemplates) expectFields(template, entity.channelTemplate);
      expect(data.data.channelTemplates.map((template: { title: string }) => template.title)).toContain('Plain');
      const template = data.data.channelTemplates.find((candidate: { channels: string[] }) => candidate.channels.length > 0);
      const created = await ok('director', 'POST', '/issues/create', {
        ...data.body,
        template: template._id,
        subject: 'Sözleşme Sayısı',
        premium: true,
        slug: 'sozlesme-sayisi',
        channelsNew: template.channels.map((title: string) => ({ title, stories: [] })),
      });
      expectFields(created.data, entity.issue);
      for (const channel of created.data.channelsNew) expectFields(channel, entity.channel);
      expect(created.data.channelsNew.map((channel: { title: string }) => channel.title)).toEqual(['Draft Stories', ...template.channels]);
    });

    it('GET issues/update/{id}: body; GET /issues/update/{id}/content: data (authors, tags, interests, bullet, article, newsletter) and stories', async () => {
      const drafts = (await ok('editor', 'GET', `/issues/list?newsletter=${newsletters.morning}&status=draft&page=0&limit=10`)).data;
      const issue = drafts.find((candidate: { channelsNew: { stories: string[] }[] }) => candidate.channelsNew.some((channel) => channel.stories.length > 0));
      expectFields((await ok('editor', 'GET', `/issues/update/${issue._id}`)).data.body, entity.issue);
      const content = await ok('editor', 'GET', `/issues/update/${issue._id}/content`);
      expectFields(content.data, ['authors', 'tags', 'interests', 'bullet', 'article', 'newsletter']);
      for (const interest of content.data.interests) expectFields(interest, entity.interest);
      expectFields(content.data.newsletter, entity.newsletter);
      expect(content.stories.length).toBeGreaterThan(0);
      for (const story of content.stories) expectFields(story, entity.story);
    });

    it('PUT /issues/update/{id}/edit with the changed fields; PUT /issues/update/{id}/channels with channelsNew: the channel save answers a timestamp', async () => {
      const issue = (await ok('editor', 'GET', `/issues/list?newsletter=${newsletters.morning}&status=draft&page=0&limit=1`)).data[0];
      const saved = await ok('editor', 'PUT', `/issues/update/${issue._id}/edit`, {
        issue: { subject: `${issue.subject} (güncel)`, preview: issue.preview },
        base: { subject: issue.subject },
      });
      expectFields(saved.data, entity.issue);
      expect(saved.data.subject).toBe(`${issue.subject} (güncel)`);
      const channels = await ok('editor', 'PUT', `/issues/update/${issue._id}/channels`, { channelsNew: [...saved.data.channelsNew].reverse() });
      expect(Number.isNaN(Date.parse(channels.data.updatedAt))).toBe(false);
      expect((await ok('editor', 'GET', `/issues/list/${issue._id}`)).data.updatedAt).toBe(channels.data.updatedAt);
    });

    it('POST /issues/publish/{id} with the issue as GET /issues/update/{id} answers it (publishedAt null) and publishOptions: a test e-mail', async () => {
      const ready = await t.server.database.db
        .withTables<IssueTables>()
        .selectFrom('issues')
        .select('id')
        .where('newsletter_id', '=', newsletters.morning)
        .where('key', 'like', '%-hazir')
        .executeTakeFirstOrThrow();
      const { body } = (await ok('editor', 'GET', `/issues/update/${ready.id}`)).data;
      expect(body.publishedAt).toBeNull();
      const options = { test: true, publishOnly: false, overridePublishedAt: false, mediums: { email: true, notification: false } };
      expect((await ok('editor', 'POST', `/issues/publish/${ready.id}`, { ...body, publishOptions: options })).msg).toBe('A test email has been sent.');
    });

    it("emit 'issue' (issue-update) without an issue-join first: the change is applied and heard on 'issue-{issueId}'", async () => {
      const url = await t.server.app.listen({ port: 0, host: '127.0.0.1' });
      const issue = (await ok('editor', 'GET', `/issues/list?newsletter=${newsletters.morning}&status=draft&page=0&limit=1`)).data[0];
      const connect = async (actor: Actor) => {
        const socket = io(url, { path: '/socket.io', transports: ['websocket'], reconnection: false });
        await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
        const authenticated = new Promise((resolve) => socket.once('authenticated', resolve));
        socket.emit('authenticate', { token: tokens[actor] });
        await authenticated;
        return socket;
      };
      const [editor, director] = await Promise.all([connect('editor'), connect('director')]);
      try {
        const subject = `${issue.subject} (canlı)`;
        const answer = await editor.timeout(5000).emitWithAck('issue', { issueId: issue._id, type: 'issue-update', field: 'subject', value: subject });
        expect(answer).toMatchObject({ ok: true });
        // The editor hears the others' changes from then on, as the spec's client listens.
        const heard = new Promise<{ type: string }>((resolve) =>
          editor.on(`issue-${issue._id}`, (event: { type: string }) => event.type !== 'presence' && resolve(event)),
        );
        expect(
          await director.timeout(5000).emitWithAck('issue', { issueId: issue._id, type: 'issue-update', field: 'preview', value: 'Önizleme' }),
        ).toMatchObject({
          ok: true,
        });
        expect(await heard).toMatchObject({ type: 'issue-update' });
        expect((await ok('editor', 'GET', `/issues/update/${issue._id}`)).data.body).toMatchObject({ subject, preview: 'Önizleme' });
      } finally {
        editor.close();
        director.close();
      }
    });

    it('DELETE /issues/delete/{id}', async () => {
      const created = await ok('editor', 'POST', '/issues/create', { newsletter: newsletters.morning, slug: 'silinecek-sayi' });
      expect((await ok('editor', 'DELETE', `/issues/delete/${created.data._id}`)).msg).toBe('Issue has been deleted.');
      expect((await t.request('GET', `/api/issues/list/${created.data._id}`, { token: tokens.editor })).status).toBe(404);
    });

    it('GET /issues/list (newsletter, page, limit, sort, desc, search, status, status.published, channel, writer, owners, idOnly): {data, count}', async () => {
      const all = await ok('editor', 'GET', `/issues/list?newsletter=${newsletters.morning}&page=0&limit=10&sort=publishedAt&desc=true`);
      expectList(all, entity.issue);
      const issue = all.data.find((candidate: { status: { published: boolean } }) => candidate.status.published);
      const content = await ok('editor', 'GET', `/issues/update/${issue._id}/content`);
      const channel = issue.channelsNew.find((candidate: { stories: string[] }) => candidate.stories.length > 0);
      const query = [
        `newsletter=${newsletters.morning}`,
        'page=0',
        'limit=10',
        'sort=publishedAt',
        'desc=true',
        `search=${encodeURIComponent(issue.subject.slice(0, 8))}`,
        'status=published',
        'status.published=true',
        `channel=${encodeURIComponent(channel.title)}`,
        `writer=${content.stories[0].writer._id}`,
        `owners=${issue.owner._id}`,
      ].join('&');
      const body = await ok('editor', 'GET', `/issues/list?${query}`);
      expectList(body, entity.issue);
      expect(body.data.map((candidate: { _id: string }) => candidate._id)).toContain(issue._id);
      const onlyIds = await ok('editor', 'GET', `/issues/list?${query}&idOnly=true`);
      expect(onlyIds).toEqual({ data: body.data.map((candidate: { _id: string }) => ({ _id: candidate._id })), count: body.count });
    });

    it('GET /issues/list/{id}, with normalizeBody=true (data.content.html) or updateStats=true', async () => {
      const issue = (await ok('editor', 'GET', `/issues/list?newsletter=${newsletters.morning}&page=0&limit=1`)).data[0];
      expectFields((await ok('editor', 'GET', `/issues/list/${issue._id}`)).data, entity.issue);
      expect((await ok('editor', 'GET', `/issues/list/${issue._id}?normalizeBody=true`)).data.content.html).toEqual(expect.any(String));
      expect((await ok('editor', 'GET', `/issues/list/${issue._id}?updateStats=true`)).data.stats).toEqual(expect.any(Object));
    });

    it('PUT and DELETE /issues/feature/{issueId}', async () => {
      const issue = (await ok('admin', 'GET', `/issues/list?newsletter=${newsletters.tech}&status=published&page=0&limit=1`)).data[0];
      expect((await ok('admin', 'PUT', `/issues/feature/${issue._id}`)).data.status.featured).toBe(true);
      expect((await ok('admin', 'DELETE', `/issues/feature/${issue._id}`)).data.status.featured).toBe(false);
    });

    it('GET /keys/check?model=Issue&key&_id', async () => {
      const issue = (await ok('editor', 'GET', `/issues/list?newsletter=${newsletters.tech}&page=0&limit=1`)).data[0];
      expect((await ok('editor', 'GET', `/keys/check?model=Issue&key=${issue.slug}&_id=${issue._id}`)).msg).toBe('AVAILABLE');
      expect((await ok('editor', 'GET', `/keys/check?model=Issue&key=${issue.slug}`)).msg).toBe('EXISTS');
      expect((await ok('editor', 'GET', '/keys/check?model=Issue&key=yepyeni-sayi')).msg).toBe('AVAILABLE');
    });

    it('item lists: GET /stories/list with status.published true, type article, sorted by publishedAt desc', async () => {
      const body = await ok('editor', 'GET', '/stories/list?status.published=true&type=article&sort=publishedAt&desc=true');
      expectList(body, entity.story);
      const dates = body.data.map((story: { publishedAt: string }) => story.publishedAt);
      expect(dates).toEqual([...dates].sort().reverse());
    });
  });

  describe('spec 002 section 7', () => {
    it('GET /stories/list (newsletter, type, status.published): data and count', async () => {
      expectList(await ok('director', 'GET', `/stories/list?newsletter=${newsletters.tech}&type=article&status.published=true`), entity.story);
    });

    it('GET /issues/list (page, desc, limit 90, newsletter, idOnly, status.published): data and count', async () => {
      const body = await ok('director', 'GET', `/issues/list?page=0&desc=true&limit=90&newsletter=${newsletters.tech}&idOnly=true&status.published=true`);
      expect(body.data.length).toBeGreaterThan(0);
      expect(body.count).toBe(body.data.length);
      for (const issue of body.data) expect(Object.keys(issue)).toEqual(['_id']);
    });

    it('the audio calls: voices, chunks split and stored, an audio made, updated, generated, built and listed as the story audio screen asks', async () => {
      const voices = await ok('editor', 'GET', '/voices/list');
      for (const voice of voices.data) expectFields(voice, ['name', 'voice_id', 'labels']);
      expect((await ok('editor', 'GET', `/voices/list/${voices.data[0].voice_id}`)).data.voice_id).toBe(voices.data[0].voice_id);
      const story = (await ok('editor', 'GET', `/stories/list?newsletter=${newsletters.morning}&type=article&status.published=true`)).data[0];
      const split = await ok('editor', 'POST', '/chunks/create', { text: '<p>Birinci cümle. İkinci cümle.</p>', chunk_size: 500, language: 'tr' });
      expect(split.data).toEqual(['Birinci cümle. İkinci cümle.']);
      const parameters = { stability: 0.5, similarity_boost: 0.5 };
      const chunk = (
        await ok('editor', 'PUT', '/chunks/create', {
          content_id: story._id,
          content_type: 'article',
          text: split.data[0],
          parameters,
          voice_id: voices.data[0].voice_id,
        })
      ).data;
      const chunkFields = [
        'id',
        'text',
        'url',
        'index',
        'status',
        'parameters.stability',
        'parameters.similarity_boost',
        'voice_id',
        'versions',
        'origin',
        'content_id',
        'content_type',
        'type',
      ];
      expectFields(chunk, chunkFields);
      const audio = (await ok('editor', 'POST', '/audios/create', { chunks: [chunk.id], creator: userIds.editor, newsletter: newsletters.morning })).data;
      const audioFields = ['id', 'url', 'status', 'created_at', 'content_id', 'content_type', 'newsletter_id', 'created_by', 'parts'];
      expectFields(audio, audioFields);
      const second = (
        await ok('editor', 'PUT', '/chunks/create', {
          content_id: story._id,
          content_type: 'article',
          text: 'Üçüncü cümle.',
          parameters,
          voice_id: chunk.voice_id,
          // As a chunk answers it when it has none.
          origin: chunk.origin,
        })
      ).data;
      const updated = await ok('editor', 'PUT', `/audios/update/${audio.id}`, {
        content_id: story._id,
        content_type: 'article',
        parts: [chunk.id, second.id],
        created_by: userIds.editor,
        newsletter_id: newsletters.morning,
      });
      expect(updated.data.parts.map((part: { id: string }) => part.id)).toEqual([chunk.id, second.id]);
      expect((await ok('editor', 'PUT', `/chunks/update/${second.id}`, { text: 'Üçüncü ve son cümle.' })).data.text).toBe('Üçüncü ve son cümle.');
      const generated = await ok('editor', 'GET', `/chunks/generate/${chunk.id}?type=instant&previous_chunk_id=&next_chunk_id=${second.id}`);
      expect(generated.data).toMatchObject({ status: 'ready', url: expect.stringMatching(/^\/uploads\/.+\.mp3$/) });
      await ok('editor', 'GET', `/chunks/generate/${second.id}?type=instant&previous_chunk_id=${chunk.id}&next_chunk_id=`);
      expectFields((await ok('editor', 'GET', `/chunks/list/${chunk.id}`)).data, chunkFields);
      const built = await ok('editor', 'GET', `/audios/concat/${audio.id}`);
      expect(built.data).toMatchObject({ status: 'ready', url: expect.stringMatching(/\.mp3$/) });
      expectFields((await ok('editor', 'GET', `/audios/list/${audio.id}`)).data, audioFields);
      const latest = await ok(
        'editor',
        'GET',
        `/audios/list?project=masthead&filters=content_id:${story._id},id:${audio.id}&sort=updated_at:desc&page=0&limit=1`,
      );
      expect(latest.data).toMatchObject({ totalCount: 1, data: [{ id: audio.id }] });
      const ready = await ok('editor', 'GET', '/audios/list?page=0&limit=20');
      expect(ready.data.data.length).toBeGreaterThan(0);
      for (const row of ready.data.data) expect(row.status).toBe('ready');
    });

    it('GET /keys/check with model Issue', async () => {
      expect((await ok('director', 'GET', '/keys/check?model=Issue&key=hic-olmayan-sayi')).msg).toBe('AVAILABLE');
    });

    it("the notifications: the spec's record; PUT /auth/notifications/{id} marks one read", async () => {
      const list = await ok('editor', 'GET', '/auth/notifications');
      expect(list).toMatchObject({ data: expect.any(Array), count: expect.any(Number) });
      const fromSomeone = list.data.filter((notification: { sender: unknown }) => notification.sender);
      expect(fromSomeone.length).toBeGreaterThan(0);
      for (const notification of fromSomeone) expectFields(notification, entity.notification);
      const unread = list.data.find((notification: { status: { read: boolean } }) => !notification.status.read);
      expect((await ok('editor', 'PUT', `/auth/notifications/${unread._id}`)).data.status.read).toBe(true);
    });

    it('GET /newsletters/create: body (a blank newsletter) and data {interests, langs, design}', async () => {
      const { data } = await ok('director', 'GET', '/newsletters/create');
      expectFields(data.body, entity.newsletterDraft);
      for (const template of data.body.channelTemplates) expectFields(template, ['title', 'default', 'channels']);
      expect(data.body.lang).toBe('tr');
      expect(data.data.langs[0]).toBe('tr');
      expect(data.data.interests.length).toBeGreaterThan(0);
      for (const interest of data.data.interests) expectFields(interest, entity.interest);
      expectFields(data.data.design.email, entity.emailDesign);
    });

    it("POST /newsletters/create with the newsletter: data {_id, design.email, image}; then the wizard's publishing: the e-mail design with the banner set to the image, PUT /newsletters/publish/{id}, the data reloaded", async () => {
      const form = (await ok('director', 'GET', '/newsletters/create')).data;
      const draft = {
        ...form.body,
        image: '/demo/teknoloji-notlari.svg',
        title: 'Sözleşme Bülteni',
        subtitle: 'Sözleşmeden bir bülten',
        key: 'sozlesme-bulteni',
        description: 'Sözleşmenin çağrılarıyla kurulan bir bülten.',
        interests: [form.data.interests[0]._id],
        welcome: { subject: 'Sözleşme Bülteni’ne hoş geldiniz', preview: 'İlk sayınız yolda, bekleyin', intro: { html: '<p>Merhaba, hoş geldiniz!</p>' } },
        channelTemplates: [{ ...form.body.channelTemplates[0], channels: ['Gündem', '', 'Spor'] }],
      };
      const created = (await ok('director', 'POST', '/newsletters/create', draft)).data;
      expectFields(created, ['_id', 'design.email', 'image']);
      expectFields(created.design.email, entity.emailDesign);
      expect(created.image).toBe(draft.image);

      await ok('director', 'PUT', `/newsletters/update/${created._id}/design/email/update`, { ...created.design.email, banner: created.image });
      expect((await ok('director', 'PUT', `/newsletters/publish/${created._id}`)).data.status.published).toBe(true);
      const { data } = await ok('director', 'GET', `/newsletters/list/${created._id}`);
      expectFields(data, [...entity.newsletter, 'channelTemplates', 'stats.timeline', 'testers']);
      expect(data.channelTemplates).toEqual([expect.objectContaining({ default: true, channels: ['Gündem', 'Spor'] })]);
      expect((await ok('director', 'GET', `/newsletters/update/${created._id}/design/email/update`)).data.body.banner).toBe(draft.image);
      expect((await ok('director', 'GET', `/keys/check?model=Newsletter&key=sozlesme-bulteni&_id=${created._id}`)).msg).toBe('AVAILABLE');
      expect((await ok('director', 'GET', '/keys/check?model=Newsletter&key=sozlesme-bulteni')).msg).toBe('EXISTS');
    });

    it('GET /newsletters/list/{id}: data {channelTemplates, stats.timeline, testers}', async () => {
      const { data } = await ok('editor', 'GET', `/newsletters/list/${newsletters.morning}`);
      expectFields(data, ['channelTemplates', 'stats.timeline', 'testers']);
      expect(data.channelTemplates.length).toBeGreaterThan(0);
      for (const template of data.channelTemplates) expectFields(template, entity.channelTemplate);
      expect(data.channelTemplates.filter((template: { default: boolean }) => template.default)).toHaveLength(1);
    });

    it('PUT /newsletters/update/{id} with the body and channelTemplates, empty channels removed', async () => {
      const { body } = (await ok('editor', 'GET', `/newsletters/update/${newsletters.morning}`)).data;
      for (const template of body.channelTemplates) expectFields(template, entity.channelTemplate);
      const [first, ...rest] = body.channelTemplates as { _id: string; title: string; channels: string[] }[];
      const templates = [
        ...rest.map((template) => ({ ...template, default: false })),
        { ...first!, default: false, channels: [...first!.channels, ''] },
        { title: 'Sözleşme Şablonu', default: true, channels: ['Bir', '', 'İki'] },
      ];
      const saved = await ok('editor', 'PUT', `/newsletters/update/${newsletters.morning}`, { ...body, channelTemplates: templates });
      const expected = [...rest, { ...first!, channels: first!.channels }].map(({ _id, title, channels }) => ({ _id, title, default: false, channels }));
      expect(
        saved.data.channelTemplates.map(
          ({ _id, title, default: isDefault, channels }: { _id: string; title: string; default: boolean; channels: string[] }) => ({
            _id,
            title,
            default: isDefault,
            channels,
          }),
        ),
      ).toEqual([...expected, { _id: expect.any(String), title: 'Sözleşme Şablonu', default: true, channels: ['Bir', 'İki'] }]);
      expect((await ok('editor', 'GET', `/newsletters/list/${newsletters.morning}`)).data.channelTemplates).toEqual(saved.data.channelTemplates);
    });

    it('GET /newsletters/update/{id}/design/email/update: body and data.fonts; PUT takes the design', async () => {
      const { data } = await ok('editor', 'GET', `/newsletters/update/${newsletters.morning}/design/email/update`);
      expectFields(data.body, entity.emailDesign);
      expect(data.data.fonts.length).toBeGreaterThan(0);
      const changed = { ...data.body, borderWidth: 2, linkStyling: 'highlight', cardTextColorDark: '#fafafa' };
      await ok('editor', 'PUT', `/newsletters/update/${newsletters.morning}/design/email/update`, changed);
      expect((await ok('editor', 'GET', `/newsletters/update/${newsletters.morning}/design/email/update`)).data.body).toEqual(changed);
    });

    it('PUT /newsletters/update/{id}/design/email/preview with the design: data is the preview HTML', async () => {
      const design = (await ok('editor', 'GET', `/newsletters/update/${newsletters.morning}/design/email/update`)).data.body;
      const { data } = await ok('editor', 'PUT', `/newsletters/update/${newsletters.morning}/design/email/preview`, {
        ...design,
        footerBackgroundColor: '#0a0b0c',
      });
      expect(data).toEqual(expect.stringMatching(/^<!doctype html>/i));
      expect(data).toContain('#0a0b0c');
    });

    it('GET and PUT /newsletters/update/{id}/design/web/update: body.cover', async () => {
      const { data } = await ok('director', 'GET', `/newsletters/update/${newsletters.tech}/design/web/update`);
      expectFields(data.body, ['cover']);
      const saved = await ok('director', 'PUT', `/newsletters/update/${newsletters.tech}/design/web/update`, {
        ...data.body,
        cover: '/uploads/images/2026-11/sozlesme.png',
      });
      expect(saved.data.body.cover).toBe('/uploads/images/2026-11/sozlesme.png');
      expect((await ok('director', 'GET', `/newsletters/update/${newsletters.tech}/design/web/update`)).data.body.cover).toBe(
        '/uploads/images/2026-11/sozlesme.png',
      );
    });

    it('GET {api}/{collections|newsletters|issues|stories}/{id}: the item for an embed card, as its list fetch answers it', async () => {
      const collection = (await ok('editor', 'GET', '/collections/list?page=0&limit=1')).data[0];
      const issue = (await ok('editor', 'GET', `/issues/list?newsletter=${newsletters.morning}&page=0&limit=1`)).data[0];
      const story = (await ok('editor', 'GET', `/stories/list?newsletter=${newsletters.tech}&page=0&limit=1`)).data[0];
      const items = [
        ['collections', collection._id, entity.collection],
        ['newsletters', newsletters.morning, entity.newsletter],
        ['issues', issue._id, entity.issue],
        ['stories', story._id, entity.story],
      ] as const;
      for (const [model, id, fields] of items) {
        const { data } = await ok('editor', 'GET', `/${model}/${id}`);
        expectFields(data, fields);
        expect(data).toEqual((await ok('editor', 'GET', `/${model}/list/${id}`)).data);
      }
    });

    it('POST /editor/image/upload (field upload)', async () => {
      const { payload, headers } = multipart({}, { field: 'upload', filename: 'govde.png', contentType: 'image/png', content: await png() });
      const response = await t.server.app.inject({
        method: 'POST',
        url: '/api/editor/image/upload',
        headers: { authorization: `Bearer ${tokens.editor}`, ...headers },
        payload,
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(JSON.parse(response.body).url).toEqual(expect.stringMatching(/^\/uploads\//));
    });
  });

  describe('not built yet', () => {
    // Parts of calls that exist, still missing or different from the spec.
    it.todo('GET /issues/list/{id}?updateStats=true answers totalOpens, uniqueOpens, totalClicks, uniqueClicks (spec 002; its stories and words today)');
  });
});
