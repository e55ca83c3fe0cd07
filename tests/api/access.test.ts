/**
 * Deny by default: walks every route the core and the enabled plugins registered, and proves that
 * an anonymous caller and a caller from another publisher are refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases, startTestServer, type TestServer } from './server';

describe.each(databases)('every registered route on %s', (kind) => {
  let t: TestServer;
  let kuzey: { publisherId: string; newsletterId: string; userId: string };
  beforeAll(async () => {
    t = await startTestServer(kind);
    const { db } = t.server.database;
    const publisher = await db.selectFrom('publishers').select('id').where('key', '=', 'kuzey-medya').executeTakeFirstOrThrow();
    const newsletter = await db.selectFrom('newsletters').select('id').where('publisher_id', '=', publisher.id).executeTakeFirstOrThrow();
    const user = await db.selectFrom('users').select('id').where('email', '=', 'editor@masthead.local').executeTakeFirstOrThrow();
    kuzey = { publisherId: publisher.id, newsletterId: newsletter.id, userId: user.id };
  });
  afterAll(async () => {
    await t.close();
  });

  /** Fills a route's parameters with ids of Kuzey Medya's data. */
  const fill = (url: string) =>
    url.replace(/:(\w+)/g, (_match, name: string) => {
      if (/publisher/i.test(name)) return kuzey.publisherId;
      if (/user/i.test(name)) return kuzey.userId;
      return kuzey.newsletterId;
    });

  it('has routes, each declaring who may call it', () => {
    expect(t.server.routes.length).toBeGreaterThan(5);
    for (const route of t.server.routes) expect(route.access).toMatch(/^(public|signedIn|[a-z]\w*\.[a-z]\w*)$/);
  });

  it('refuses anonymous callers everywhere but on public routes', async () => {
    for (const route of t.server.routes.filter((candidate) => candidate.access !== 'public')) {
      const { status, body } = await t.request(route.method, fill(route.url), { body: ['POST', 'PUT', 'PATCH'].includes(route.method) ? {} : undefined });
      expect({ route: `${route.method} ${route.url}`, status, err: body.err }).toEqual({ route: `${route.method} ${route.url}`, status: 401, err: 'UNAUTHORIZED' });
    }
  });

  it("refuses another publisher's director on routes that name Kuzey Medya's data", async () => {
    const token = await t.login('director@egehaber.example');
    const scopes = (await t.request('GET', '/api/auth/verify', { token })).body.data.scopes as { _id: string }[];
    expect(scopes.map((scope) => scope._id)).not.toContain(kuzey.publisherId);
    expect(scopes.map((scope) => scope._id)).not.toContain(kuzey.newsletterId);
    for (const route of t.server.routes.filter((candidate) => candidate.access !== 'public' && candidate.url.includes(':'))) {
      const { status } = await t.request(route.method, fill(route.url), { token, body: ['POST', 'PUT', 'PATCH'].includes(route.method) ? {} : undefined });
      expect({ route: `${route.method} ${route.url}`, refused: [401, 404, 422].includes(status) }).toEqual({ route: `${route.method} ${route.url}`, refused: true });
    }
  });
});
