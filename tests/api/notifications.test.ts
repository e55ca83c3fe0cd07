/**
 * Notifications (spec 002 section 2.13, spec 000 section 7): the caller's list with the unread
 * filter and count, marking read (only one's own), the announcement page, and announcements that
 * admins post to the users of one publisher.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enginesFor, startTestServer, type TestServer } from './server';

const databases = enginesFor('embedded');

const roleMessage = (role: string) => `Required role Admin, current role: ${role}`;

describe.each(databases)('notifications on %s', (kind) => {
  let t: TestServer;
  let tokens: Record<'admin' | 'director' | 'editor' | 'author' | 'other', string>;
  let kuzeyId: string;
  let egeId: string;

  const listOf = (token: string, query = '') => t.request('GET', `/api/auth/notifications${query}`, { token });

  beforeAll(async () => {
    t = await startTestServer(kind);
    tokens = {
      admin: await t.login('admin@masthead.local'),
      director: await t.login('director@masthead.local'),
      editor: await t.login('editor@masthead.local'),
      author: await t.login('author@masthead.local'),
      other: await t.login('director@egehaber.example'),
    };
    const { db } = t.server.database;
    kuzeyId = (await db.selectFrom('publishers').select('id').where('key', '=', 'kuzey-medya').executeTakeFirstOrThrow()).id;
    egeId = (await db.selectFrom('publishers').select('id').where('key', '=', 'ege-haber').executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => {
    await t.close();
  });

  it("lists the caller's demo notifications, newest first, with the unread count and the sender's initials", async () => {
    const { status, body } = await listOf(tokens.editor);
    expect(status).toBe(200);
    expect(body.count).toBeGreaterThanOrEqual(3);
    expect(body.count).toBeLessThanOrEqual(5);
    expect(body.data).toHaveLength(body.count);
    const dates = body.data.map((item: { createdAt: string }) => item.createdAt);
    expect(dates).toEqual([...dates].sort().reverse());
    const unread = body.data.filter((item: { status: { read: boolean } }) => !item.status.read);
    expect(body.unread).toBe(unread.length);
    expect(unread.length).toBeGreaterThan(0);
    expect(unread.length).toBeLessThan(body.count);
    expect(body.data.some((item: { url: string }) => item.url.startsWith('https://'))).toBe(true);
    const announcement = body.data.find((item: { url: string }) => item.url.startsWith('/announcements/'));
    expect(announcement).toMatchObject({ sender: { profile: { name: 'Deniz Aksoy' } }, status: { read: false } });
    // The spec's record (spec 002 section 3): subject, preview, url, status.read, sender.profile.name, updatedAt.
    expect(Object.keys(body.data[0]).sort()).toEqual(['_id', 'announcement', 'createdAt', 'preview', 'sender', 'status', 'subject', 'updatedAt', 'url']);
    expect(announcement.updatedAt).toBe(announcement.createdAt);
  });

  it('keeps only the unread ones with unread=true, and pages', async () => {
    const all = (await listOf(tokens.author)).body;
    const { status, body } = await listOf(tokens.author, '?unread=true');
    expect(status).toBe(200);
    expect(body.count).toBe(all.unread);
    expect(body.data.every((item: { status: { read: boolean } }) => !item.status.read)).toBe(true);
    const page = (await listOf(tokens.author, '?limit=1&page=1')).body;
    expect(page.data).toHaveLength(1);
    expect(page.data[0]._id).toBe(all.data[1]._id);
    expect(page.count).toBe(all.count);
  });

  it("marks a notification read, only the caller's own: another user's is not found", async () => {
    const before = (await listOf(tokens.director, '?unread=true')).body;
    const target = before.data[0];
    expect(target).toBeDefined();
    expect((await t.request('PUT', `/api/auth/notifications/${target._id}`, { token: tokens.editor })).status).toBe(404);
    expect((await t.request('PUT', `/api/auth/notifications/${target._id}`, { token: tokens.other })).status).toBe(404);
    expect((await t.request('PUT', '/api/auth/notifications/no-such-id', { token: tokens.director })).status).toBe(404);
    const { status, body } = await t.request('PUT', `/api/auth/notifications/${target._id}`, { token: tokens.director });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ _id: target._id, status: { read: true } });
    // Reading it is its last change.
    expect(Date.parse(body.data.updatedAt)).toBeGreaterThan(Date.parse(body.data.createdAt));
    const after = (await listOf(tokens.director)).body;
    expect(after.unread).toBe(before.count - 1);
    // Marking again changes nothing.
    expect((await t.request('PUT', `/api/auth/notifications/${target._id}`, { token: tokens.director })).body.data).toMatchObject({
      status: { read: true },
      updatedAt: body.data.updatedAt,
    });
  });

  it('marks all read', async () => {
    const { status } = await t.request('PUT', '/api/auth/notifications/read-all', { token: tokens.admin });
    expect(status).toBe(200);
    const after = (await listOf(tokens.admin)).body;
    expect(after.unread).toBe(0);
    expect((await listOf(tokens.admin, '?unread=true')).body).toMatchObject({ data: [], count: 0 });
  });

  it('shows an announcement to those who received it, and to admins', async () => {
    const notification = (await listOf(tokens.editor)).body.data.find((item: { announcement: string | null }) => item.announcement);
    const id = notification.announcement as string;
    expect(notification.url).toBe(`/announcements/${id}`);
    const { status, body } = await t.request('GET', `/api/auth/notifications/${id}`, { token: tokens.editor });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ _id: id, subject: notification.subject, preview: notification.preview, body: { html: expect.stringContaining('<p>') } });
    expect((await t.request('GET', `/api/auth/notifications/${id}`, { token: tokens.admin })).status).toBe(200);
    const refused = await t.request('GET', `/api/auth/notifications/${id}`, { token: tokens.other });
    expect(refused.status).toBe(404);
    expect(refused.body.msg).toBe('Announcement not found.');
    expect((await t.request('GET', `/api/auth/notifications/${notification._id}`, { token: tokens.editor })).status).toBe(404);
  });

  it("posts an announcement to one publisher's users only, sanitized", async () => {
    const otherBefore = (await listOf(tokens.other)).body.count;
    const editorBefore = (await listOf(tokens.editor)).body.unread;
    const { status, body } = await t.request('POST', '/api/announcements/create', {
      token: tokens.admin,
      body: {
        publisher: kuzeyId,
        subject: '  Bakım penceresi  ',
        preview: 'Cumartesi 02:00-03:00 arası.',
        body: '<p>Kısa bir bakım yapılacak.</p><script>alert(1)</script><img src="javascript:x">',
      },
    });
    expect(status).toBe(200);
    // Kuzey Medya's directors, editors and authors (the demo accounts and any team members).
    const { db } = t.server.database;
    const staff = await db.selectFrom('users').select('id').where('publisher_id', '=', kuzeyId).where('role', 'in', ['director', 'editor', 'author']).execute();
    expect(staff.length).toBeGreaterThanOrEqual(3);
    expect(body.msg).toBe(`The announcement is sent to ${staff.length} users.`);
    expect(body.data).toMatchObject({
      subject: 'Bakım penceresi',
      preview: 'Cumartesi 02:00-03:00 arası.',
      publisher: kuzeyId,
      recipients: staff.length,
      sender: { initials: 'DA' },
    });
    expect(body.data.body.html).toBe('<p>Kısa bir bakım yapılacak.</p><img />');

    for (const role of ['director', 'editor', 'author'] as const) {
      const list = (await listOf(tokens[role])).body;
      expect(list.data[0]).toMatchObject({
        subject: 'Bakım penceresi',
        preview: 'Cumartesi 02:00-03:00 arası.',
        url: `/announcements/${body.data._id}`,
        status: { read: false },
        announcement: body.data._id,
      });
    }
    expect((await listOf(tokens.editor)).body.unread).toBe(editorBefore + 1);
    // Ege Haber's director gets none, and may not read it.
    expect((await listOf(tokens.other)).body.count).toBe(otherBefore);
    expect((await t.request('GET', `/api/auth/notifications/${body.data._id}`, { token: tokens.other })).status).toBe(404);
    expect((await t.request('GET', `/api/auth/notifications/${body.data._id}`, { token: tokens.author })).status).toBe(200);

    const ege = await t.request('POST', '/api/announcements/create', {
      token: tokens.admin,
      body: { publisher: egeId, subject: 'Ege duyurusu', body: '<p>Merhaba Ege.</p>' },
    });
    expect(ege.body.msg).toBe('The announcement is sent to 1 user.');
    expect((await listOf(tokens.other)).body.data[0]).toMatchObject({ subject: 'Ege duyurusu', preview: '' });
    expect((await listOf(tokens.editor)).body.data[0].subject).toBe('Bakım penceresi');
  });

  it('refuses announcements from anyone but admins, with the role message', async () => {
    const body = { publisher: kuzeyId, subject: 'Duyuru', body: '<p>Metin</p>' };
    for (const [role, token] of [
      ['DIRECTOR', tokens.director],
      ['EDITOR', tokens.editor],
      ['AUTHOR', tokens.author],
    ] as const) {
      const refused = await t.request('POST', '/api/announcements/create', { token, body });
      expect(refused.status).toBe(401);
      expect(refused.body).toEqual({ msg: roleMessage(role), err: 'UNAUTHORIZED' });
    }
    expect((await t.request('POST', '/api/announcements/create', { body })).status).toBe(401);
    expect((await t.request('GET', '/api/auth/notifications')).status).toBe(401);
  });

  it('refuses a bad announcement with the field messages', async () => {
    const post = (body: unknown) => t.request('POST', '/api/announcements/create', { token: tokens.admin, body });
    const messageOf = async (body: unknown) => {
      const { status, body: answer } = await post(body);
      expect(status).toBe(422);
      return answer.details[0].message as string;
    };
    expect(await messageOf({ publisher: kuzeyId, subject: '', body: '<p>x</p>' })).toBe('Please enter a subject.');
    expect(await messageOf({ publisher: kuzeyId, subject: '   ', body: '<p>x</p>' })).toBe('Please enter a subject.');
    expect(await messageOf({ publisher: kuzeyId, body: '<p>x</p>' })).toBe('Please enter a subject.');
    expect(await messageOf({ publisher: kuzeyId, subject: 'Konu', body: '' })).toBe('Please write the announcement.');
    expect(await messageOf({ publisher: kuzeyId, subject: 'Konu', body: '<p> </p><script>x</script>' })).toBe('Please write the announcement.');
    expect(await messageOf({ publisher: kuzeyId, subject: 'x'.repeat(241), body: '<p>x</p>' })).toBe('The subject must be less than 240 characters.');
    expect(await messageOf({ subject: 'Konu', body: '<p>x</p>' })).toBe('Please choose a publisher.');
    expect(await messageOf({ publisher: 'no-such-publisher', subject: 'Konu', body: '<p>x</p>' })).toBe('Please choose a publisher.');
  });
});
