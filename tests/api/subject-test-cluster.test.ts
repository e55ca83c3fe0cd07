/**
 * A subject test on two server processes sharing one PostgreSQL database (issue 58): both look at
 * the running tests, and both hear the clock move past the wait; the test is decided once, and
 * every subscriber gets the issue once, whichever process sends. Runs with TEST_DATABASE_URL only
 * (the embedded database is one process).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, type Server } from '../../core/server/app';
import { clock, clockControl } from '../../core/server/clock';
import { readEnv } from '../../core/server/env';
import type { SubjectTest } from '../../schemas/generated/entities/subject-test';
import { demoPassword, dropTestSchema, keepEmailSubscribers, untilAnswer } from './server';
import { startSmtpSink, type SmtpSink } from './smtp-sink';

const url = process.env.TEST_DATABASE_URL;
const audience = 300;

describe.skipIf(!url)('a subject test on two server processes on PostgreSQL', () => {
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'masthead-subject-cluster-'));
  const servers: Server[] = [];
  let sink: SmtpSink;

  beforeAll(async () => {
    sink = await startSmtpSink();
    for (let index = 0; index < 2; index++) {
      const env = readEnv({ DATA_DIR: dataDir, DEMO_PASSWORD: demoPassword, LOG_LEVEL: 'silent', DATABASE_URL: url!, SMTP_URL: sink.url });
      servers.push(await buildServer({ env, memoryDatabase: true, databaseSchema: schema, logger: false }));
    }
  }, 120_000);
  afterAll(async () => {
    clockControl.reset();
    for (const server of servers) await server.close();
    await sink?.close();
    await dropTestSchema(url!, schema);
    rmSync(dataDir, { recursive: true, force: true });
  });

  const call = async (server: Server, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, token: string | null, payload?: object) => {
    const response = await server.app.inject({ method, url: `/api${path}`, headers: token ? { authorization: `Bearer ${token}` } : {}, payload });
    return { status: response.statusCode, body: JSON.parse(response.body) as { data: never } };
  };

  it('decides once and sends every copy once', async () => {
    const [first, second] = servers as [Server, Server];
    const db = first.database.db;
    const morning = await db.selectFrom('newsletters').select(['id', 'publisher_id']).where('key', '=', 'sabah-bulteni').executeTakeFirstOrThrow();
    await keepEmailSubscribers(db, morning.id, audience);
    const issueId = (await sql<{ id: string }>`select id from issues where newsletter_id = ${morning.id} and key like '%-sabah-bulteni-hazir'`.execute(db))
      .rows[0]!.id;
    const signedIn = (await call(first, 'POST', '/auth/login', null, { email: 'admin@masthead.local', password: demoPassword })).body.data as string;
    const token = (await call(first, 'PUT', '/auth/scope', signedIn, { publisher: morning.publisher_id })).body.data as string;
    const options = (test: boolean) => ({ test, publishOnly: false, overridePublishedAt: false, mediums: { email: true, notification: false } });
    expect((await call(first, 'POST', `/issues/publish/${issueId}`, token, { publishOptions: options(true) })).status).toBe(200);
    const from = sink.received.length;
    const published = await call(first, 'POST', `/issues/publish/${issueId}`, token, {
      publishedAt: clock.now().toISOString(),
      publishOptions: options(false),
      subjectTest: { variants: [{ subject: 'Another subject line', preview: 'Another preview' }], share: 50, waitMinutes: 30, decideBy: 'opens' },
    });
    expect(published.status).toBe(200);
    // Each process answers for the test; the second reads what the first wrote.
    const testOf = async (server: Server) => {
      const { body, subjectTest } = (await call(server, 'GET', `/issues/update/${issueId}`, token)).body.data as {
        body: { status: { emailed: boolean; processing: boolean } };
        subjectTest: SubjectTest;
      };
      return { test: subjectTest, done: body.status.emailed && !body.status.processing };
    };
    const until = (server: Server, done: (state: Awaited<ReturnType<typeof testOf>>) => boolean) => untilAnswer(() => testOf(server), done);
    await until(second, (state) => state.test.phase === 'waiting');
    // Both processes hear the clock pass the end of the wait; one decides, both may send.
    clockControl.advance(31 * 60_000);
    const done = await until(second, (state) => state.done);
    expect(done.test).toMatchObject({ phase: 'decided', winner: 0, decidedBy: 'tooClose' });
    const recipients = sink.received.slice(from).map((message) => message.to[0]!.toLowerCase());
    expect(recipients).toHaveLength(audience);
    expect(new Set(recipients).size).toBe(audience);
    expect(done.test.results.map((results) => results.sent)).toEqual([audience - audience / 4, audience / 4]);
  });
});
