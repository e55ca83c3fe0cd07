/**
 * The sign-in lockout (issue 11, point 1): a forged X-Forwarded-For neither changes who is
 * counted nor lifts a lock; an account locks whatever address the tries come from; one address
 * cannot try many accounts; a lock lifts after its time and grows when the guessing goes on; and
 * two server processes on one PostgreSQL database count the same tries.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildServer, type Server } from '../../core/server/app';
import { clockControl } from '../../core/server/clock';
import { readEnv } from '../../core/server/env';
import { enginesFor, demoPassword, dropTestSchema, startTestServer, type TestServer } from '../api/server';

const databases = enginesFor('embedded');

const lockedFor = (minutes: number) => `Too many attempts. Please try again in ${minutes} minutes.`;
const hour = 60 * 60_000;

describe.each(databases)('sign-in lockout on %s', (kind) => {
  let direct: TestServer;
  let proxied: TestServer;

  beforeAll(async () => {
    // Without TRUST_PROXY (the default), and behind a proxy at 127.0.0.1 (where inject's requests come from).
    direct = await startTestServer(kind);
    proxied = await startTestServer(kind, { TRUST_PROXY: '127.0.0.1' });
    // The clock stands still: only the tests move it, by the minutes a lock lasts.
    clockControl.freeze();
  });
  afterAll(async () => {
    clockControl.reset();
    await direct?.close();
    await proxied?.close();
  });
  // Every test starts with counters long forgotten.
  beforeEach(() => {
    clockControl.advance(24 * hour);
  });

  const login = (t: TestServer, email: string, password: string, forwardedFor?: string) =>
    t.request('POST', '/api/auth/login', { body: { email, password }, headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {} });

  it('counts a forged X-Forwarded-For as the connection it came on: 30 forged addresses meet 429, and so does the right password', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) statuses.push((await login(direct, 'director@masthead.local', 'Wrong-pass-1', `10.9.8.${i}`)).status);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.slice(10)).toEqual(Array(20).fill(429));
    const right = await login(direct, 'director@masthead.local', demoPassword, '10.9.8.7');
    expect(right).toEqual({ status: 429, body: { msg: lockedFor(10) } });
  });

  it('behind a trusted proxy, locks an account whatever address the tries come from', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) statuses.push((await login(proxied, 'director@masthead.local', 'Wrong-pass-1', `10.9.8.${i}`)).status);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.slice(10)).toEqual(Array(20).fill(429));
    expect((await login(proxied, 'director@masthead.local', demoPassword, '10.20.30.40')).status).toBe(429);
    // The other accounts are not locked.
    expect((await login(proxied, 'editor@masthead.local', demoPassword, '10.20.30.40')).status).toBe(200);
  });

  it('stops one address trying many e-mails, and only that address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) statuses.push((await login(proxied, `guess${i}@masthead.local`, 'Wrong-pass-1', '10.1.1.1')).status);
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(401));
    expect(statuses.slice(30)).toEqual(Array(10).fill(429));
    // The right password from that address waits too; from another address it works.
    expect((await login(proxied, 'author@masthead.local', demoPassword, '10.1.1.1')).status).toBe(429);
    expect((await login(proxied, 'author@masthead.local', demoPassword, '10.1.1.2')).status).toBe(200);
  });

  it('without TRUST_PROXY, many e-mails from one connection meet 429 whatever the header says', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) statuses.push((await login(direct, `guess${i}@masthead.local`, 'Wrong-pass-1', `172.16.0.${i}`)).status);
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(401));
    expect(statuses.slice(30)).toEqual(Array(10).fill(429));
  });

  it('answers an unknown e-mail exactly like a known one', async () => {
    const known: unknown[] = [];
    const unknown: unknown[] = [];
    for (let i = 0; i < 11; i++) {
      known.push(await login(proxied, 'editor@masthead.local', 'Wrong-pass-1', '10.2.0.1'));
      unknown.push(await login(proxied, 'nobody@masthead.local', 'Wrong-pass-1', '10.2.0.2'));
    }
    expect(unknown).toEqual(known);
    expect(known.at(-1)).toEqual({ status: 429, body: { msg: lockedFor(10) } });
  });

  it('lifts a lock after its time, and locks longer when the wrong tries go on', async () => {
    for (let i = 0; i < 10; i++) await login(direct, 'author@masthead.local', 'Wrong-pass-1');
    expect((await login(direct, 'author@masthead.local', demoPassword)).body).toEqual({ msg: lockedFor(10) });
    clockControl.advance(9 * 60_000);
    expect((await login(direct, 'author@masthead.local', demoPassword)).body).toEqual({ msg: 'Too many attempts. Please try again in 1 minute.' });
    clockControl.advance(60_000 + 1);
    // One more wrong try after the lock: twice as long.
    expect((await login(direct, 'author@masthead.local', 'Wrong-pass-1')).status).toBe(401);
    expect((await login(direct, 'author@masthead.local', demoPassword)).body).toEqual({ msg: lockedFor(20) });
    clockControl.advance(20 * 60_000 + 1);
    // The real user gets in, and the count starts over.
    expect((await login(direct, 'author@masthead.local', demoPassword)).status).toBe(200);
    expect((await login(direct, 'author@masthead.local', 'Wrong-pass-1')).status).toBe(401);
    expect((await login(direct, 'author@masthead.local', demoPassword)).status).toBe(200);
  });

  it('never counts right passwords', async () => {
    for (let i = 0; i < 45; i++) expect((await login(direct, 'editor@masthead.local', demoPassword)).status).toBe(200);
  });

  it('counts password reset requests and wrong reset codes against the address', async () => {
    const forgot = (forwardedFor: string) =>
      proxied.request('PUT', '/api/auth/password/forgot', { body: { email: 'stranger@example.com' }, headers: { 'x-forwarded-for': forwardedFor } });
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await forgot('10.3.0.1')).status);
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(200));
    expect(statuses[30]).toBe(429);
    const reset = await proxied.request('PUT', '/api/auth/password/reset', {
      body: { email: 'editor@masthead.local', token: 'guess', password: 'Good-pass-1', passwordConfirm: 'Good-pass-1' },
      headers: { 'x-forwarded-for': '10.3.0.1' },
    });
    expect(reset).toEqual({ status: 429, body: { msg: lockedFor(10) } });
    expect((await forgot('10.3.0.2')).status).toBe(200);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('sign-in lockout across two server processes on PostgreSQL', () => {
  const url = process.env.TEST_DATABASE_URL!;
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'masthead-lockout-'));
  const servers: Server[] = [];

  beforeAll(async () => {
    for (let index = 0; index < 2; index++) {
      const env = readEnv({ DATA_DIR: dataDir, DEMO_PASSWORD: demoPassword, LOG_LEVEL: 'silent', DATABASE_URL: url });
      servers.push(await buildServer({ env, memoryDatabase: true, databaseSchema: schema, logger: false }));
    }
  });
  afterAll(async () => {
    for (const server of servers) await server.close();
    await dropTestSchema(url, schema);
    rmSync(dataDir, { recursive: true, force: true });
  });

  const login = async (server: Server, password: string) => {
    const response = await server.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'editor@masthead.local', password } });
    return response.statusCode;
  };

  it('shares the counters: tries spread over both processes lock the account on both', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push(await login(servers[i % 2]!, 'Wrong-pass-1'));
    expect(statuses).toEqual(Array(10).fill(401));
    expect(await login(servers[0]!, demoPassword)).toBe(429);
    expect(await login(servers[1]!, demoPassword)).toBe(429);
  });
});
