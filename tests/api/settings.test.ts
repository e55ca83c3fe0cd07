/**
 * Settings: a newsletter's credentials, testers, interests (at most 4, changed only by admins),
 * voices and welcome issue; the publisher's credentials; key availability; the scope and role walls.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { constants } from '../../core/shared/config';
import { enginesFor, startTestServer, type TestServer } from './server';

const databases = enginesFor('embedded');

describe.each(databases)('settings on %s', (kind) => {
  let t: TestServer;
  const tokens = {} as Record<'admin' | 'director' | 'editor' | 'author' | 'otherDirector', string>;
  let sabah: string;
  let culture: string;
  let kuzey: string;
  let ege: string;

  beforeAll(async () => {
    t = await startTestServer(kind);
    const { db } = t.server.database;
    const newsletters = await db.selectFrom('newsletters').select(['id', 'key']).execute();
    sabah = newsletters.find((row) => row.key === 'sabah-bulteni')!.id;
    culture = newsletters.find((row) => row.key === 'kultur-sanat-haftalik')!.id;
    const publishers = await db.selectFrom('publishers').select(['id', 'key']).execute();
    kuzey = publishers.find((row) => row.key === 'kuzey-medya')!.id;
    ege = publishers.find((row) => row.key === 'ege-haber')!.id;
    tokens.director = await t.login('director@masthead.local');
    tokens.editor = await t.login('editor@masthead.local');
    tokens.author = await t.login('author@masthead.local');
    tokens.otherDirector = await t.login('director@egehaber.example');
    const admin = await t.login('admin@masthead.local');
    const scoped = await t.request('PUT', '/api/auth/scope', { token: admin, body: { publisher: kuzey } });
    expect(scoped.status).toBe(200);
    tokens.admin = scoped.body.data;
  });
  afterAll(async () => {
    await t.close();
  });

  const getSettings = async (token: string, id = sabah) => {
    const { status, body } = await t.request('GET', `/api/newsletters/update/${id}`, { token });
    expect(status).toBe(200);
    return body.data as { body: any; data: any };
  };
  const put = (token: string, body: unknown, id = sabah) => t.request('PUT', `/api/newsletters/update/${id}`, { token, body });

  it('answers the settings with the interests, the possible testers and the voices', async () => {
    const { body, data } = await getSettings(tokens.editor);
    expect(body).toMatchObject({ _id: sabah, title: 'Sabah Bülteni', key: 'sabah-bulteni', status: { published: true, featured: false } });
    expect(body.interests).toHaveLength(2);
    expect(body.testers).toHaveLength(2);
    expect(body.voiceSettings.article).toMatchObject({ voice: expect.any(String), stability: 0.5, similarity_boost: 0.5 });
    expect(body.welcome.subject).toContain('Sabah Bülteni');
    expect(body.welcome.intro.html).toContain('<strong>');
    expect(data.interests.length).toBeGreaterThanOrEqual(10);
    expect(data.interests.find((interest: any) => interest.key === 'teknoloji').titles).toEqual([
      { lang: 'tr', value: 'Teknoloji' },
      { lang: 'en', value: 'Technology' },
    ]);
    expect(data.testers.map((user: any) => user.email)).toEqual(
      expect.arrayContaining(['director@masthead.local', 'editor@masthead.local', 'author@masthead.local']),
    );
    expect(data.testers.map((user: any) => user.email)).not.toContain('director@egehaber.example');
    expect(data.voices.length).toBeGreaterThan(0);
  });

  it('saves an edit of the editor and leaves the status alone', async () => {
    const { body, data } = await getSettings(tokens.editor);
    const author = data.testers.find((user: any) => user.email === 'author@masthead.local')._id;
    const edit = {
      ...body,
      subtitle: 'Güne on dakikada hazır başlayın',
      color: '#00AA55',
      testers: [author],
      voiceSettings: { ...body.voiceSettings, article: { voice: 'tr-male', stability: 0.8, similarity_boost: 0.3 } },
      status: { published: false, featured: true, archived: true },
    };
    const saved = await put(tokens.editor, edit);
    expect(saved.status).toBe(200);
    const after = await getSettings(tokens.editor);
    expect(after.body).toMatchObject({
      subtitle: 'Güne on dakikada hazır başlayın',
      color: '#00aa55',
      testers: [author],
      voiceSettings: { article: { voice: 'tr-male', stability: 0.8, similarity_boost: 0.3 } },
      status: { published: true, featured: false, archived: false },
    });
  });

  it.each([
    ['title', 'ab', 'Newsletter title must be at least 3 characters.'],
    ['subtitle', 'kısa', 'Newsletter subtitle must be at least 5 characters.'],
    ['key', 'sb', 'Newsletter slug must be at least 3 characters.'],
    ['image', '', 'Please upload the newsletter cover.'],
    ['color', 'yellow', 'Colour must be a hex code like #ffce14.'],
  ])('refuses a bad %s with its message', async (field, value, message) => {
    const { body } = await getSettings(tokens.editor);
    const { status, body: answer } = await put(tokens.editor, { ...body, [field]: value });
    expect(status).toBe(422);
    expect(answer.details[0]).toEqual({ message, path: field });
  });

  it('refuses a voice the engine does not have, and keeps the saved one', async () => {
    const { body, data } = await getSettings(tokens.editor);
    expect(data.voices.map((voice: any) => voice.voice_id)).toContain('en-male');
    const refused = await put(tokens.editor, {
      ...body,
      voiceSettings: { ...body.voiceSettings, bullet: { voice: 'no-such-voice', stability: 0.5, similarity_boost: 0.5 } },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.details[0]).toEqual({ message: 'Choose a voice from the list.', path: 'voiceSettings.bullet.voice' });
    expect((await getSettings(tokens.editor)).body.voiceSettings).toEqual(body.voiceSettings);

    const chosen = await put(tokens.editor, {
      ...body,
      voiceSettings: { ...body.voiceSettings, bullet: { voice: 'en-male', stability: 0.5, similarity_boost: 0.5 } },
    });
    expect(chosen.status).toBe(200);
    expect((await getSettings(tokens.editor)).body.voiceSettings.bullet.voice).toBe('en-male');
  });

  it("refuses another newsletter's key, whatever its case", async () => {
    const { body } = await getSettings(tokens.editor);
    const { status, body: answer } = await put(tokens.editor, { ...body, key: 'teknoloji-notlari' });
    expect(status).toBe(422);
    expect(answer.details[0]).toEqual({ message: 'The newsletter name teknoloji-notlari already exists.', path: 'key' });
  });

  it('refuses more interests than the limit', async () => {
    const { body, data } = await getSettings(tokens.admin);
    const five = data.interests.slice(0, constants.limits.interestsMax + 1).map((interest: any) => interest._id);
    const { status, body: answer } = await put(tokens.admin, { ...body, interests: five });
    expect(status).toBe(422);
    expect(answer.details[0].path).toBe('interests');
    expect((await getSettings(tokens.admin)).body.interests).toEqual(body.interests);
  });

  it('lets only an admin change the interests', async () => {
    const { body, data } = await getSettings(tokens.editor);
    const sport = data.interests.find((interest: any) => interest.key === 'spor')._id;
    const refused = await put(tokens.editor, { ...body, subtitle: 'Bu kaydedilmemeli', interests: [...body.interests, sport] });
    expect(refused.status).toBe(401);
    expect(refused.body.msg).toBe('Required role Admin, current role: EDITOR');
    const unchanged = await getSettings(tokens.editor);
    expect(unchanged.body.interests).toEqual(body.interests);
    expect(unchanged.body.subtitle).toBe(body.subtitle);

    const director = await put(tokens.director, { ...body, interests: [sport] });
    expect(director.body.msg).toBe('Required role Admin, current role: DIRECTOR');

    // The same interests, in another order, are no change.
    expect((await put(tokens.editor, { ...body, interests: [...body.interests].reverse() })).status).toBe(200);

    const allowed = await put(tokens.admin, { ...body, interests: [sport] });
    expect(allowed.status).toBe(200);
    expect((await getSettings(tokens.editor)).body.interests).toEqual([sport]);
  });

  it('sanitizes the welcome intro and derives its text and slug', async () => {
    const { body } = await getSettings(tokens.editor);
    const welcome = {
      subject: 'Hoş geldiniz, sevgili okur',
      preview: 'İlk sayınız yolda',
      intro: { html: '<p>Merhaba <strong>okur</strong>!</p><script>alert(1)</script><p onclick="steal()">Devam</p>' },
    };
    expect((await put(tokens.editor, { ...body, welcome })).status).toBe(200);
    const after = (await getSettings(tokens.editor)).body.welcome;
    expect(after.intro.html).toBe('<p>Merhaba <strong>okur</strong>!</p><p>Devam</p>');
    expect(after.intro.text).toBe('Merhaba okur! Devam');
    expect(after).toMatchObject({ subject: welcome.subject, preview: welcome.preview, slug: 'hos-geldiniz-sevgili-okur' });
  });

  it('refuses testers who do not work for the publisher', async () => {
    const { body } = await getSettings(tokens.editor);
    const { status, body: answer } = await put(tokens.editor, { ...body, testers: ['someone-else'] });
    expect(status).toBe(422);
    expect(answer.details[0].path).toBe('testers');
  });

  it("hides a newsletter outside the caller's scopes and refuses authors", async () => {
    expect((await t.request('GET', `/api/newsletters/update/${sabah}`, { token: tokens.otherDirector })).status).toBe(404);
    const { body } = await getSettings(tokens.director);
    expect((await put(tokens.otherDirector, body)).status).toBe(404);
    // The editor is not a member of Kültür Sanat Haftalık.
    expect((await t.request('GET', `/api/newsletters/update/${culture}`, { token: tokens.editor })).status).toBe(404);
    const author = await t.request('GET', `/api/newsletters/update/${sabah}`, { token: tokens.author });
    expect(author.status).toBe(401);
    expect((await put(tokens.author, body)).status).toBe(401);
  });

  describe('publisher credentials', () => {
    const publisherUrl = () => `/api/publishers/update/${kuzey}`;

    it('answers and saves them for the director', async () => {
      const { status, body } = await t.request('GET', publisherUrl(), { token: tokens.director });
      expect(status).toBe(200);
      expect(body.data.body).toMatchObject({ _id: kuzey, title: 'Kuzey Medya', key: 'kuzey-medya', website: 'https://kuzeymedya.example' });
      const edit = {
        ...body.data.body,
        description: 'Bağımsız bülten yayıncısı.',
        website: 'https://kuzey.example',
        email: 'merhaba@kuzey.example',
        key: 'kuzey',
      };
      const saved = await t.request('PUT', publisherUrl(), { token: tokens.director, body: edit });
      expect(saved.status).toBe(200);
      expect(saved.body.data).toMatchObject({
        description: 'Bağımsız bülten yayıncısı.',
        website: 'https://kuzey.example',
        email: 'merhaba@kuzey.example',
        key: 'kuzey',
      });
      const back = await t.request('PUT', publisherUrl(), { token: tokens.director, body: { ...edit, key: 'kuzey-medya' } });
      expect(back.status).toBe(200);
    });

    it.each([
      ['website', 'ftp://kuzey.example', 'Website must start with either "https://" or "http://".'],
      ['email', 'not-an-email', 'Email is not valid.'],
      ['title', ' ', 'Publisher title cannot be empty.'],
      ['key', 'ege-haber', 'The publisher name ege-haber already exists.'],
    ])('refuses a bad %s', async (field, value, message) => {
      const { body } = await t.request('GET', publisherUrl(), { token: tokens.director });
      const { status, body: answer } = await t.request('PUT', publisherUrl(), { token: tokens.director, body: { ...body.data.body, [field]: value } });
      expect(status).toBe(422);
      expect(answer.details[0]).toEqual({ message, path: field });
    });

    it('refuses editors and hides other publishers', async () => {
      expect((await t.request('GET', publisherUrl(), { token: tokens.editor })).status).toBe(401);
      expect((await t.request('GET', publisherUrl(), { token: tokens.otherDirector })).status).toBe(404);
      expect((await t.request('GET', `/api/publishers/update/${ege}`, { token: tokens.director })).status).toBe(404);
      const admin = await t.request('GET', publisherUrl(), { token: tokens.admin });
      expect(admin.status).toBe(200);
    });
  });

  it('checks newsletter and publisher keys', async () => {
    const check = async (model: string, key: string, id?: string) =>
      (await t.request('GET', `/api/keys/check?model=${model}&key=${key}${id ? `&_id=${id}` : ''}`, { token: tokens.editor })).body.msg;
    expect(await check('Newsletter', 'teknoloji-notlari')).toBe('EXISTS');
    expect(await check('Newsletter', 'Teknoloji-Notlari')).toBe('EXISTS');
    expect(await check('Newsletter', 'yepyeni-bulten')).toBe('AVAILABLE');
    expect(await check('Newsletter', 'sabah-bulteni', sabah)).toBe('AVAILABLE');
    expect(await check('Publisher', 'ege-haber')).toBe('EXISTS');
    expect(await check('Publisher', 'kuzey-medya', kuzey)).toBe('AVAILABLE');
    expect(await check('Publisher', 'yeni-yayinci')).toBe('AVAILABLE');
  });
});
