/**
 * A subject test's send killed (SIGKILL) in each of its phases (issue 58): while its copies go out,
 * and during the wait right after the winner was picked, each time started again on the same
 * database. The test's copies finish and the wait begins by themselves, and the rest goes out
 * with the winner's subject line: nobody gets the issue twice and
 * nobody is silently skipped. On PostgreSQL (a copy of the seeded demo data) when
 * TEST_DATABASE_URL is set, else on the embedded database.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, describe, expect, it } from 'vitest';
import { constants } from '../../core/shared/config';
import type { SubjectTest } from '../../schemas/generated/entities/subject-test';
import { freePort } from '../bench/production-server';
import { apiCaller, demoPassword, seededProcessDatabase, startServerProcess } from './server';
import { startSmtpSink, type SmtpSink } from './smtp-sink';

describe("a subject test's send interrupted by SIGKILL in each phase", () => {
  let sink: SmtpSink;
  let child: ChildProcess | undefined;
  const dataDir = mkdtempSync(join(tmpdir(), 'masthead-subject-crash-'));
  let database: Awaited<ReturnType<typeof seededProcessDatabase>> | undefined;

  afterAll(async () => {
    child?.kill('SIGKILL');
    if (child && child.exitCode === null && child.signalCode === null) await new Promise((done) => child!.once('exit', done));
    await sink?.close();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('finishes the test, keeps the wait and sends the winner to the rest, with no copy twice and none missing', async () => {
    sink = await startSmtpSink();
    sink.delayMs = 2;
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    database = await seededProcessDatabase(process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite', dataDir);
    const settings = { SMTP_URL: sink.url, MAIL_RATE: '400', LOG_LEVEL: 'warn', ...database.settings };
    const start = () => startServerProcess({ port, dataDir, settings });
    const call = apiCaller(url);
    const kill = async () => {
      const killed = child!;
      killed.kill('SIGKILL');
      if (killed.exitCode === null && killed.signalCode === null) await new Promise((done) => killed.once('exit', done));
    };

    child = await start();
    const signedIn = (await call('POST', '/auth/login', undefined, { email: 'admin@masthead.local', password: demoPassword })).body.data as string;
    const publishers = (await call('GET', '/auth/publishers', signedIn)).body.data.publishers as { _id: string; title: string }[];
    const token = (await call('PUT', '/auth/scope', signedIn, { publisher: publishers.find((publisher) => publisher.title === 'Kuzey Medya')!._id })).body
      .data as string;
    const scopes = (await call('GET', '/auth/verify', token)).body.data.scopes as { _id: string; title: string; type: string }[];
    const morning = scopes.find((scope) => scope.title === 'Sabah Bülteni')!._id;
    const issues = (await call('GET', `/issues/list?newsletter=${morning}&search=hazir&limit=10`, token)).body.data as { _id: string; key: string }[];
    const issueId = issues.find((row) => row.key.endsWith('-sabah-bulteni-hazir'))!._id;
    const options = (test: boolean) => ({ test, publishOnly: false, overridePublishedAt: false, mediums: { email: true, notification: false } });
    expect((await call('POST', `/issues/publish/${issueId}`, token, { publishOptions: options(true) })).status).toBe(200);
    const tests = sink.count;
    const published = await call('POST', `/issues/publish/${issueId}`, token, {
      publishedAt: new Date().toISOString(),
      publishOptions: options(false),
      subjectTest: { variants: [{ subject: 'The other subject line', preview: 'And its own preview' }], share: 50, waitMinutes: 30, decideBy: 'opens' },
    });
    expect(published.status).toBe(200);
    const testOf = async (): Promise<{ test: SubjectTest; processing: boolean; emailed: boolean }> => {
      const { body, subjectTest } = (await call('GET', `/issues/update/${issueId}`, token)).body.data;
      return { test: subjectTest, processing: body.status.processing, emailed: body.status.emailed };
    };
    const until = async (done: (state: Awaited<ReturnType<typeof testOf>>) => boolean, timeoutMs = 120_000) => {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const state = await testOf();
        if (done(state)) return state;
        if (Date.now() > deadline) throw new Error(`timed out: ${JSON.stringify(state).slice(0, 400)}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };

    // Partway through the test's copies: kill it where it stands; started again, the test's copies finish and the wait begins.
    await sink.waitFor(tests + 300, 60_000);
    await kill();
    child = await start();
    const waiting = await until((state) => state.test.phase === 'waiting');
    type Progress = { total: number; sent: number; doubt: number; failed: number; pending: number };
    const progressOf = async (): Promise<Progress> => (await call('GET', `/issues/deliveries/${issueId}`, token)).body.data.email;
    // Only the test's copies: every one sent or in doubt (handed over when the process died).
    const tested = await progressOf();
    expect(tested).toMatchObject({ pending: 0, failed: 0 });
    expect(tested.sent + tested.doubt).toBe(tested.total);

    // During the wait, the winner picked by hand and the process killed at once, between the two
    // phases: started again, the rest goes out.
    const picked = await call('PUT', `/issues/subject-test/${issueId}`, token, { winner: 1 });
    expect(picked.status).toBe(200);
    await kill();
    child = await start();
    const done = await until((state) => state.emailed && !state.processing);
    expect(done.test).toMatchObject({ phase: 'decided', winner: 1, decidedBy: 'hand' });

    const progress = await progressOf();
    const messages = sink.received.slice(tests);
    const recipients = messages.map((message) => message.to[0]!.toLowerCase());
    expect(new Set(recipients).size).toBe(recipients.length);
    expect(progress.failed).toBe(0);
    expect(progress.total).toBeGreaterThan(tested.total);
    // Each kill leaves at most one copy per connection in doubt (received or not).
    expect(progress.doubt).toBeLessThanOrEqual(2 * constants.delivery.connections);
    expect(progress.sent + progress.doubt).toBe(progress.total);
    expect(recipients.length).toBeGreaterThanOrEqual(progress.sent);
    // The rest got the winner's subject line only: the issue's own went to its test copies alone.
    expect(done.test.results[0]!.sent).toBe(waiting.test.results[0]!.sent);
    const subjects = await Promise.all(messages.map(async (message) => (await simpleParser(message.raw, { skipHtmlToText: true })).subject));
    const winnerCopies = subjects.filter((subject) => subject === 'The other subject line').length;
    expect(winnerCopies).toBeGreaterThanOrEqual(done.test.results[1]!.sent);
    expect(winnerCopies).toBeLessThanOrEqual(done.test.results[1]!.sent + progress.doubt);
  }, 300_000);
});
