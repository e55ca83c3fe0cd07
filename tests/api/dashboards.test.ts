/**
 * The dashboards: each user's arrangement of panels (kept per user and dashboard), the publisher
 * card's call, and the public newsletter and publisher pages.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enginesFor, startTestServer, type TestServer } from './server';

const databases = enginesFor('embedded');

describe.each(databases)('dashboards on %s', (kind) => {
  let t: TestServer;
  let publisherId: string;
  beforeAll(async () => {
    t = await startTestServer(kind);
    publisherId = (await t.server.database.db.selectFrom('publishers').select('id').where('key', '=', 'kuzey-medya').executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => {
    await t.close();
  });

  const layout = [
    { i: 'greeting', x: 0, y: 0, w: 24, h: 2 },
    { i: 'tips-and-tricks', x: 0, y: 2, w: 12, h: 6 },
  ];

  it("keeps each user's arrangement of each dashboard, until it is reset", async () => {
    const editor = await t.login('editor@masthead.local');
    const director = await t.login('director@masthead.local');
    expect((await t.request('GET', '/api/auth/dashboard/newsletter', { token: editor })).body.data).toBeNull();
    expect((await t.request('PUT', '/api/auth/dashboard/newsletter', { token: editor, body: { layout } })).status).toBe(200);
    expect((await t.request('GET', '/api/auth/dashboard/newsletter', { token: editor })).body.data).toEqual(layout);
    // Another user, and another dashboard, are untouched.
    expect((await t.request('GET', '/api/auth/dashboard/newsletter', { token: director })).body.data).toBeNull();
    expect((await t.request('GET', '/api/auth/dashboard/publisher', { token: editor })).body.data).toBeNull();
    // Saving again replaces it.
    const moved = [
      { ...layout[1]!, y: 0 },
      { ...layout[0]!, y: 6 },
    ];
    await t.request('PUT', '/api/auth/dashboard/newsletter', { token: editor, body: { layout: moved } });
    expect((await t.request('GET', '/api/auth/dashboard/newsletter', { token: editor })).body.data).toEqual(moved);
    expect((await t.request('DELETE', '/api/auth/dashboard/newsletter', { token: editor })).status).toBe(200);
    expect((await t.request('GET', '/api/auth/dashboard/newsletter', { token: editor })).body.data).toBeNull();
  });

  it('refuses a layout off the grid, an unknown dashboard and anonymous callers', async () => {
    const editor = await t.login('editor@masthead.local');
    const off = await t.request('PUT', '/api/auth/dashboard/newsletter', { token: editor, body: { layout: [{ i: 'greeting', x: 30, y: 0, w: 24, h: 2 }] } });
    expect(off.status).toBe(422);
    expect(off.body.details[0].path).toContain('x');
    expect((await t.request('PUT', '/api/auth/dashboard/elsewhere', { token: editor, body: { layout } })).status).toBe(422);
    expect((await t.request('GET', '/api/auth/dashboard/newsletter')).status).toBe(401);
  });

  it("answers the publisher card to the publisher's people only", async () => {
    const director = await t.login('director@masthead.local');
    const { status, body } = await t.request('GET', `/api/publishers/list/${publisherId}`, { token: director });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ _id: publisherId, title: 'Kuzey Medya', key: 'kuzey-medya', website: 'https://kuzeymedya.example' });
    expect((await t.request('GET', `/api/publishers/list/${publisherId}`, { token: await t.login('director@egehaber.example') })).status).toBe(404);
    expect((await t.request('GET', `/api/publishers/list/${publisherId}`)).status).toBe(401);
  });

  it('shows the public pages of a published newsletter and of a publisher, escaped', async () => {
    const newsletter = await t.server.app.inject({ method: 'GET', url: '/n/sabah-bulteni' });
    expect(newsletter.statusCode).toBe(200);
    expect(newsletter.headers['content-type']).toContain('text/html');
    expect(newsletter.body).toContain('<h1>Sabah Bülteni</h1>');
    expect(newsletter.body).toContain('/n/sabah-bulteni/podcast.xml');

    const { db } = t.server.database;
    await db.updateTable('newsletters').set({ subtitle: '<script>alert(1)</script>' }).where('key', '=', 'sabah-bulteni').execute();
    const escaped = await t.server.app.inject({ method: 'GET', url: '/n/sabah-bulteni' });
    expect(escaped.body).not.toContain('<script>alert(1)</script>');
    expect(escaped.body).toContain('&lt;script&gt;');

    await db.updateTable('newsletters').set({ published: false }).where('key', '=', 'kultur-sanat-haftalik').execute();
    // Published once and no more: gone (410), not unknown.
    expect((await t.server.app.inject({ method: 'GET', url: '/n/kultur-sanat-haftalik' })).statusCode).toBe(410);
    const publisher = await t.server.app.inject({ method: 'GET', url: '/p/kuzey-medya' });
    expect(publisher.statusCode).toBe(200);
    expect(publisher.body).toContain('Teknoloji Notları');
    expect(publisher.body).not.toContain('Kültür Sanat Haftalık');
    expect((await t.server.app.inject({ method: 'GET', url: '/n/no-such-newsletter' })).statusCode).toBe(404);
  });
});
