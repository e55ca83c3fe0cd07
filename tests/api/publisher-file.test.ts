/**
 * A publisher out and in again (issue 56): the demo's Kuzey Medya, exported by its director as one
 * file (GET /publishers/export) and imported by the admin of another Masthead with no data of its
 * own (POST /publishers/import), gives the same console there: every list and page the console
 * reads for the publisher and each of its newsletters answers the same, its stored files are
 * served, its public pages read the same. The file holds no secret (no password hash, no payment
 * key, no sign-in session); a second import is refused whole (the publisher is there already),
 * as is a file that is not one, and only an admin may import.
 */
import { randomUUID } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import { sql } from 'kysely';
import archiver from 'archiver';
import yauzl from 'yauzl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../core/server/auth/passwords';
import { multipart } from './multipart';
import { enginesFor, startTestServer, type TestServer } from './server';

const databases = enginesFor('every engine');
const adminEmail = 'admin@elsewhere.example';
const adminPassword = 'Elsewhere-admin-1';

/** The entries of a zip held in memory, by name. */
async function unzip(bytes: Buffer): Promise<Map<string, Buffer>> {
  const zip = await yauzl.fromBufferPromise(bytes, { lazyEntries: true });
  const entries = new Map<string, Buffer>();
  for await (const entry of zip.eachEntry()) entries.set(entry.fileName, await buffer(await zip.openReadStreamPromise(entry)));
  return entries;
}

describe.each(databases)('a publisher out and in again, on %s', (kind) => {
  let from: TestServer;
  let into: TestServer;
  let file: Buffer;
  let publisherId: string;

  beforeAll(async () => {
    from = await startTestServer(kind);
    into = await startTestServer(kind, { DEMO_DATA: 'off' });
    // The other Masthead has one admin and nothing else.
    await sql`insert into users (id, email, password_hash, role, publisher_id, name) values (${randomUUID()}, ${adminEmail}, ${await hashPassword(adminPassword)}, 'admin', null, 'Elsewhere Admin')`.execute(
      into.server.database.db,
    );
    publisherId = (await from.server.database.db.selectFrom('newsletters').select('publisher_id').where('key', '=', 'sabah-bulteni').executeTakeFirstOrThrow())
      .publisher_id;
    const director = await from.login('director@masthead.local');
    const response = await from.server.app.inject({ method: 'GET', url: '/api/publishers/export', headers: { authorization: `Bearer ${director}` } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="kuzey-medya-\d{4}-\d{2}-\d{2}\.zip"$/);
    file = response.rawPayload;
  });
  afterAll(async () => {
    await from?.close();
    await into?.close();
  });

  const importFile = async (token: string | undefined, content: Buffer, filename = 'kuzey-medya.zip', t = into) => {
    const body = multipart({}, { field: 'file', filename, contentType: 'application/zip', content });
    const response = await t.server.app.inject({
      method: 'POST',
      url: '/api/publishers/import',
      payload: body.payload,
      headers: { ...body.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });
    return { status: response.statusCode, body: response.json() as any };
  };

  it('writes the publisher whole, with no secret in it', async () => {
    const entries = await unzip(file);
    const manifest = JSON.parse(entries.get('publisher.json')!.toString('utf8'));
    expect(manifest).toMatchObject({ format: 'masthead-publisher', version: 1, publisher: { id: publisherId, title: 'Kuzey Medya' } });
    const rowsOf = (name: string) => manifest.tables.find((table: { name: string }) => table.name === name)?.rows ?? 0;
    for (const table of [
      'publishers',
      'newsletters',
      'stories',
      'issues',
      'collections',
      'subscribers',
      'newsletter_designs',
      'newsletter_settings',
      'images',
      'users',
    ])
      expect(rowsOf(table), table).toBeGreaterThan(0);
    const names = manifest.tables.map((table: { name: string }) => table.name);
    for (const leftOut of ['sessions', 'payment_accounts', 'reader_sessions']) expect(names).not.toContain(leftOut);
    expect(names.indexOf('newsletters')).toBeLessThan(names.indexOf('stories'));
    expect(names.indexOf('issues')).toBeLessThan(names.indexOf('issue_deliveries'));
    // Only this publisher's rows: the other demo publisher's newsletters are not there.
    const newsletters = entries
      .get('tables/newsletters.jsonl')!
      .toString('utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(new Set(newsletters.map((row) => row.publisher_id))).toEqual(new Set([publisherId]));
    const users = entries
      .get('tables/users.jsonl')!
      .toString('utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(users.length).toBeGreaterThan(0);
    for (const user of users) expect(user.password_hash).toBeNull();
    expect([...entries.keys()].filter((name) => name.startsWith('files/')).length).toBe(manifest.files);
    expect(manifest.files).toBeGreaterThan(0);
  });

  it('is refused to anyone but an admin, and when it is not a publisher file', async () => {
    expect((await importFile(undefined, file)).status).toBe(401);
    // A director takes their publisher out; bringing one in is an admin's.
    const director = await from.login('director@masthead.local');
    const refused = await importFile(director, file, 'kuzey-medya.zip', from);
    expect(refused.status).toBe(401);
    expect(refused.body.msg).toMatch(/admin/i);
    const admin = await into.login(adminEmail, adminPassword);
    const notAFile = await importFile(admin, Buffer.from('not a zip at all'), 'notes.zip');
    expect(notAFile.status).toBe(422);
    expect(notAFile.body.details[0]).toEqual({ message: 'This is not a Masthead publisher file (publisher.json is missing or unreadable).', path: 'file' });

    // A file changed by hand: a manifest without its publisher, a row that is not JSON, a row the column refuses. Each a 422 naming it, nothing imported.
    const entries = await unzip(file);
    const manifest = JSON.parse(entries.get('publisher.json')!.toString('utf8'));
    const changed = async (name: string, content: string) => {
      const archive = archiver('zip');
      const done = buffer(archive);
      for (const [entry, bytes] of entries) archive.append(entry === name ? Buffer.from(content) : bytes, { name: entry });
      await archive.finalize();
      return importFile(admin, await done);
    };
    expect((await changed('publisher.json', JSON.stringify({ ...manifest, publisher: undefined }))).body.details[0].message).toBe(
      'This is not a Masthead publisher file (publisher.json is missing or unreadable).',
    );
    const lines = entries.get('tables/newsletters.jsonl')!.toString('utf8').trim().split('\n');
    const broken = await changed('tables/newsletters.jsonl', [lines[0], '{"id": "half', ...lines.slice(1)].join('\n'));
    expect(broken.status).toBe(422);
    expect(broken.body.details[0]).toEqual({ message: "Line 2 of the file's newsletters cannot be read.", path: 'file' });
    const refusedRow = await changed(
      'tables/newsletters.jsonl',
      [JSON.stringify({ ...JSON.parse(lines[0]!), created_at: 'not a date' }), ...lines.slice(1)].join('\n'),
    );
    expect(refusedRow.status).toBe(422);
    expect(refusedRow.body.details[0].message).toMatch(/^The file's newsletters holds a row this server refuses \(.+\)\.$/);
    expect((await sql<{ n: number }>`select count(*)::int as n from publishers where id = ${publisherId}`.execute(into.server.database.db)).rows[0]!.n).toBe(0);
  });

  it('imports into another Masthead as the same console', async () => {
    const admin = await into.login(adminEmail, adminPassword);
    const imported = await importFile(admin, file);
    expect(imported.status).toBe(200);
    expect(imported.body.data).toMatchObject({ publisher: { id: publisherId, title: 'Kuzey Medya' }, files: expect.any(Number) });
    expect(imported.body.data.rows).toBeGreaterThan(1000);

    const again = await importFile(admin, file);
    expect(again.status).toBe(409);
    expect(again.body.msg).toBe('Kuzey Medya is on this server already.');

    // The same calls on both servers, as an admin in the publisher's scope and then in each newsletter's.
    const scoped = async (t: TestServer, token: string, scope: { publisher?: string; newsletter?: string }) =>
      (await t.request('PUT', '/api/auth/scope', { token, body: scope })).body.data as string;
    const fromAdmin = await from.login('admin@masthead.local');
    const sides = [
      { t: from, token: await scoped(from, fromAdmin, { publisher: publisherId }) },
      { t: into, token: await scoped(into, admin, { publisher: publisherId }) },
    ];
    // A row's reference to someone outside the publisher's team (the old server's admin who made a
    // collection) is empty on the other server: that person's account did not travel.
    const { rows: outsiders } = await sql<{ id: string }>`select id from users where publisher_id is distinct from ${publisherId}`.execute(
      from.server.database.db,
    );
    const outside = new Set(outsiders.map((row) => row.id));
    const withoutOutsiders = (value: unknown): unknown =>
      typeof value === 'string' && outside.has(value)
        ? null
        : Array.isArray(value)
          ? value.map(withoutOutsiders)
          : value && typeof value === 'object'
            ? Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, withoutOutsiders(inner)]))
            : value;
    const ask = async (path: string) => Promise.all(sides.map(async (side) => (await side.t.request('GET', path, { token: side.token })).body));
    const same = async (path: string) => {
      const [before, after] = await ask(path);
      expect(after, path).toEqual(withoutOutsiders(before));
      return before;
    };
    const newsletters = (await same('/api/newsletters/list?limit=50')).data as { _id: string; key: string }[];
    expect(newsletters.length).toBeGreaterThan(1);
    for (const path of [
      `/api/publishers/list/${publisherId}`,
      `/api/publishers/update/${publisherId}/team`,
      '/api/stories/list?limit=100',
      '/api/collections/list?limit=100',
      '/api/images/list?limit=100',
      '/api/recordings/list?limit=100',
      '/api/episodes/list?limit=100',
      '/api/tags/list',
    ])
      await same(path);

    for (const newsletter of newsletters) {
      for (const side of sides) side.token = await scoped(side.t, side === sides[0] ? fromAdmin : admin, { newsletter: newsletter._id });
      for (const path of [
        `/api/newsletters/list/${newsletter._id}`,
        `/api/newsletters/list/${newsletter._id}/stats`,
        `/api/newsletters/list/${newsletter._id}/subscriptions?limit=200`,
        `/api/newsletters/update/${newsletter._id}/team`,
        `/api/issues/list?newsletter=${newsletter._id}&limit=100`,
        `/api/payments/plans/${newsletter._id}`,
      ])
        await same(path);
      // The newsletter's public page reads the same (its addresses differ by the server's).
      const pages = await Promise.all(
        sides.map(async (side) => {
          const page = await side.t.server.app.inject({ method: 'GET', url: `/n/${newsletter.key}` });
          return { status: page.statusCode, text: page.body.replace(/https?:\/\/[^/"' ]+/g, '') };
        }),
      );
      expect(pages[1]).toEqual(pages[0]);
    }

    // Its stored files, and the sizes made of its images, are served by the other server.
    const token = await scoped(into, admin, { publisher: publisherId });
    const images = (await into.request('GET', '/api/images/list?limit=100', { token })).body.data as { path: string; sizes: Record<string, string> }[];
    expect(images.length).toBeGreaterThan(0);
    for (const address of images.flatMap((image) => [image.path, ...Object.values(image.sizes)]).filter((path) => path.startsWith('/uploads/'))) {
      expect((await into.server.app.inject({ method: 'GET', url: address })).statusCode, address).toBe(200);
    }
  });
});
