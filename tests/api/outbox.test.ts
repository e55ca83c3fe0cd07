/**
 * The outbox (Masthead issue 14): without SMTP_URL the e-mail the server sends is captured in
 * DATA_DIR/outbox, and admins read it: newest first, a page at a time, searched by recipient and
 * subject, one message whole with its HTML. Nobody else may, and no id reaches outside the outbox.
 */
import { randomUUID } from 'node:crypto';
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxDir } from '../../core/server/services/mail';
import { enginesFor, startTestServer, type TestServer } from './server';

const databases = enginesFor('embedded');

const roleMessage = (role: string) => `Required role Admin, current role: ${role}`;
/** The outbox needs no other plugin: the mail it shows comes from the core (password resets). */
const plugins = { enabledPlugins: ['outbox'] };

describe.each(databases)('the outbox on %s', (kind) => {
  let t: TestServer;
  let admin: string;
  let director: string;

  const forgot = (email: string) => t.request('PUT', '/api/auth/password/forgot', { body: { email } });
  const listOutbox = (query = '', token = admin) => t.request('GET', `/api/outbox/list${query}`, { token });

  /** Puts a message in the outbox as the mail adapter names it, captured at `date`. */
  const capture = (date: string, to: string, subject: string) => {
    const id = randomUUID();
    const entry = { id, from: 'Masthead <no-reply@masthead.local>', date, to, subject, text: `${subject}\n` };
    writeFileSync(join(outboxDir(t.dataDir), `${date.replace(/[:.]/g, '-')}-${id}.json`), JSON.stringify(entry));
    return id;
  };

  beforeAll(async () => {
    t = await startTestServer(kind, {}, plugins);
    admin = await t.login('admin@masthead.local');
    director = await t.login('director@masthead.local');
  });
  afterAll(async () => {
    await t.close();
  });

  it('says the server captures mail, and is empty on a fresh data directory', async () => {
    const status = await t.request('GET', '/api/outbox/status', { token: admin });
    expect(status.status).toBe(200);
    expect(status.body).toEqual({ data: { mode: 'outbox', count: 0 } });
    expect((await listOutbox()).body).toEqual({ data: [], count: 0 });
  });

  it('lists a password reset e-mail the server sent, and reads it whole with its HTML', async () => {
    expect((await forgot('editor@masthead.local')).status).toBe(200);
    const { status, body } = await listOutbox();
    expect(status).toBe(200);
    expect(body.count).toBe(1);
    const [row] = body.data;
    expect(row).toEqual({
      _id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      from: 'Masthead <no-reply@masthead.local>',
      to: 'editor@masthead.local',
      subject: 'Reset your Masthead password',
      date: expect.any(String),
      size: expect.any(Number),
    });
    expect(Date.now() - Date.parse(row.date)).toBeLessThan(60_000);

    const message = await t.request('GET', `/api/outbox/list/${row._id}`, { token: admin });
    expect(message.status).toBe(200);
    expect(message.body.data).toMatchObject({ _id: row._id, to: 'editor@masthead.local', subject: 'Reset your Masthead password', headers: {} });
    expect(message.body.data.text).toContain('http://console.test/forgot-password?code=');
    expect(message.body.data.html).toContain('<a href="http://console.test/forgot-password?code=');
    expect(row.size).toBe(Buffer.byteLength(message.body.data.html));
    expect((await t.request('GET', '/api/outbox/status', { token: admin })).body.data).toEqual({ mode: 'outbox', count: 1 });
  });

  it('is for admins only', async () => {
    for (const url of ['/api/outbox/status', '/api/outbox/list', `/api/outbox/list/${randomUUID()}`]) {
      const refused = await t.request('GET', url, { token: director });
      expect(refused.status, url).toBe(401);
      expect(refused.body, url).toEqual({ msg: roleMessage('DIRECTOR'), err: 'UNAUTHORIZED' });
      const anonymous = await t.request('GET', url);
      expect(anonymous.status, url).toBe(401);
      expect(anonymous.body.err, url).toBe('UNAUTHORIZED');
    }
  });

  it('answers 404 for an id the outbox does not hold, and never reads outside it', async () => {
    const gone = { msg: 'This e-mail is no longer in the outbox.' };
    const missing = await t.request('GET', `/api/outbox/list/${randomUUID()}`, { token: admin });
    expect(missing).toEqual({ status: 404, body: gone });
    // A file in the outbox that the adapter did not name is no message.
    writeFileSync(join(outboxDir(t.dataDir), 'notes.json'), JSON.stringify({ to: 'x', subject: 'x', text: 'x' }));
    expect((await t.request('GET', '/api/outbox/list/notes', { token: admin })).status).toBe(404);
    for (const id of ['..%2F..%2Fpackage', '..', '%2E%2E', 'x'.repeat(64)]) {
      const { status } = await t.request('GET', `/api/outbox/list/${id}`, { token: admin });
      expect(status, id).toBe(404);
    }
    const count = (await listOutbox()).body.count;
    expect(count).toBe(readdirSync(outboxDir(t.dataDir)).filter((name) => name !== 'notes.json').length);
  });

  it('pages newest first and searches recipient and subject, in any case', async () => {
    const before = (await listOutbox()).body.count as number;
    const ids = Array.from({ length: 12 }, (_, index) =>
      capture(`2031-01-${String(index + 1).padStart(2, '0')}T09:00:00.000Z`, `okur${index}@example.com`, `Bülten sayısı ${index}`),
    );
    const newestFirst = [...ids].reverse();

    const first = (await listOutbox('?page=0&limit=5')).body;
    expect(first.count).toBe(before + 12);
    expect(first.data.map((row: { _id: string }) => row._id)).toEqual(newestFirst.slice(0, 5));
    const second = (await listOutbox('?page=1&limit=5')).body;
    expect(second.data.map((row: { _id: string }) => row._id)).toEqual(newestFirst.slice(5, 10));
    // The default page is constants.pageSizes.list (10).
    expect((await listOutbox()).body.data).toHaveLength(10);

    const bySubject = (await listOutbox(`?search=${encodeURIComponent('BÜLTEN SAYISI 1')}`)).body;
    expect(bySubject.data.map((row: { subject: string }) => row.subject)).toEqual(['Bülten sayısı 11', 'Bülten sayısı 10', 'Bülten sayısı 1']);
    expect(bySubject.count).toBe(3);
    const byRecipient = (await listOutbox('?search=OKUR7@EXAMPLE')).body;
    expect(byRecipient).toMatchObject({ count: 1, data: [{ _id: ids[7], to: 'okur7@example.com' }] });
    const paged = (await listOutbox('?search=example.com&page=1&limit=5')).body;
    expect(paged.count).toBe(12);
    expect(paged.data.map((row: { _id: string }) => row._id)).toEqual(newestFirst.slice(5, 10));
    expect((await listOutbox('?search=hi%C3%A7biri')).body).toEqual({ data: [], count: 0 });
  });

  it('refuses a bad page, limit or search', async () => {
    for (const query of ['?page=-1', '?limit=0', '?limit=51', '?page=abc', `?search=${'x'.repeat(201)}`]) {
      const { status, body } = await listOutbox(query);
      expect(status, query).toBe(422);
      expect(body.details[0].message, query).toEqual(expect.any(String));
    }
    expect((await listOutbox('?limit=50')).status).toBe(200);
  });
});

describe('the outbox with an SMTP server', () => {
  let t: TestServer;
  afterAll(async () => {
    await t?.close();
  });

  it('says mail goes over SMTP; the outbox holds what came before', async () => {
    // Nothing is sent in this test: the address is never dialled.
    t = await startTestServer('pglite', { SMTP_URL: 'smtp://127.0.0.1:9' }, plugins);
    const admin = await t.login('admin@masthead.local');
    const { status, body } = await t.request('GET', '/api/outbox/status', { token: admin });
    expect(status).toBe(200);
    expect(body).toEqual({ data: { mode: 'smtp', count: 0 } });
    expect((await t.request('GET', '/api/outbox/list', { token: admin })).body).toEqual({ data: [], count: 0 });
  });
});
