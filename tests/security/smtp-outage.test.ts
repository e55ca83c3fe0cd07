/**
 * A mail server that goes away in the middle of a send loses nothing (issue 26, point 4; docs/decisions/0020).
 * Reported: the SMTP server stopped at message 649 of 3,203, and within 30 s the send ended with
 * 2,552 recipients 'in doubt' although none of them had been handed over. Here an issue goes to a
 * few hundred subscribers over a real SMTP server, which is shut down mid-send (open sessions are
 * answered 421, new connections refused) and started again on the same port once the publish page
 * says the send waits for it, then again once it says the send is paused. Every subscriber gets
 * exactly one copy, nobody is in doubt or failed, and the send finishes. A subject test (issue 58)
 * keeps its wait until its copies are out through such an outage. nodemailer's own failures
 * against real servers are classified by the stage they happened at.
 */
import { once } from 'node:events';
import type { Socket } from 'node:net';
import { sql } from 'kysely';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { clock, clockControl } from '../../core/server/clock';
import { createMailer, type BulkMessage, type SmtpAnswer } from '../../core/server/services/mail';
import { constants } from '../../core/shared/config';
import { waitingForMailServerText } from '../../plugins/issues/publishing';
import type { Issue } from '../../schemas/generated/entities/issue';
import type { SubjectTest } from '../../schemas/generated/entities/subject-test';
import { enginesFor, startTestServer, keepEmailSubscribers, untilAnswer, type TestServer } from '../api/server';
import { startSmtpSink, type ReceivedMessage, type SmtpSink } from '../api/smtp-sink';

const databases = enginesFor('embedded');

const publicUrl = 'http://console.test';
const recipients = 300;
const saved = { ...constants.delivery };

const messageIdOf = (message: ReceivedMessage) => /^message-id:\s*(<[^>]+>)/im.exec(message.raw.toString('latin1'))?.[1] ?? '';

describe.each(databases)('an SMTP server down in the middle of a send, on %s', (kind) => {
  let t: TestServer;
  const sinks: SmtpSink[] = [];
  const closed = new Set<SmtpSink>();
  let token: string;
  let issueId: string;
  let morning: string;

  beforeAll(async () => {
    // Short waits, so that the test goes through waiting and paused in seconds; it waits on what the server says, never on the clock.
    Object.assign(constants.delivery, { outageRetrySeconds: 0.05, outageMaxRetrySeconds: 0.2, outagePauseMinutes: 0.02, pausedRetryMinutes: 0.005 });
    sinks.push(await startSmtpSink());
    // A rate limit keeps the send going long enough to stop the server in its middle.
    t = await startTestServer(kind, { SMTP_URL: sinks[0]!.url, PUBLIC_URL: publicUrl, MAIL_RATE: '100' });
    const db = t.server.database.db;
    const newsletter = await db.selectFrom('newsletters').select(['id', 'publisher_id']).where('key', '=', 'sabah-bulteni').executeTakeFirstOrThrow();
    morning = newsletter.id;
    const admin = await t.login('admin@masthead.local');
    token = (await t.request('PUT', '/api/auth/scope', { token: admin, body: { publisher: newsletter.publisher_id } })).body.data;
    issueId = (await sql<{ id: string }>`select id from issues where newsletter_id = ${morning} and key like '%-sabah-bulteni-hazir'`.execute(db)).rows[0]!.id;
    await keepEmailSubscribers(db, morning, recipients);
  }, 120_000);
  afterAll(async () => {
    Object.assign(constants.delivery, saved);
    clockControl.reset();
    await t?.close();
    // A sink closed by the test is not closed again (smtp-server would wait out its 30 s for that).
    await Promise.all(sinks.filter((sink) => !closed.has(sink)).map((sink) => sink.close()));
  });

  const deliveries = async (id = issueId) => (await t.request('GET', `/api/issues/deliveries/${id}`, { token })).body.data;
  const fetchIssue = async (id = issueId): Promise<Issue> => (await t.request('GET', `/api/issues/list/${id}`, { token })).body.data;

  it('waits for the server, pauses, and delivers every message once when it is back: nobody in doubt or failed', async () => {
    const options = (test: boolean) => ({ test, publishOnly: false, overridePublishedAt: false, mediums: { email: true, notification: false } });
    expect((await t.request('POST', `/api/issues/publish/${issueId}`, { token, body: { publishOptions: options(true) } })).status).toBe(200);
    const first = sinks[0]!;
    const tests = first.count;
    const published = await t.request('POST', `/api/issues/publish/${issueId}`, {
      token,
      body: { publishedAt: new Date().toISOString(), publishOptions: options(false) },
    });
    expect(published.status).toBe(200);

    // Mid-send, the server is shut down: sessions are answered 421, new connections refused.
    await first.waitFor(tests + 60, 120_000);
    const closing = first.close();
    closed.add(first);
    // (or the send gave up on the messages left: the reported fault)
    const waiting = await untilAnswer(
      () => deliveries(),
      (progress) => progress.mailServer?.state === 'waiting' || progress.email.pending === 0,
    );
    expect(waiting.mailServer).toMatchObject({ state: 'waiting', message: waitingForMailServerText, answer: expect.stringMatching(/ECONNREFUSED|421/) });
    expect(waiting.email).toMatchObject({ doubt: 0, failed: 0 });
    expect(waiting.email.pending).toBeGreaterThan(0);
    await closing;
    const beforeOutage = first.count;

    // Still down past outagePauseMinutes: the send is paused, not ended.
    const paused = await untilAnswer(
      () => deliveries(),
      (progress) => progress.mailServer?.state === 'paused' || progress.email.pending === 0,
    );
    expect(paused.mailServer?.state).toBe('paused');
    expect(paused.email).toMatchObject({ doubt: 0, failed: 0 });
    expect(paused.email.sent + paused.email.pending).toBe(recipients);
    expect((await fetchIssue()).status).toMatchObject({ processing: true, emailed: false });

    // The server is back where it was: the send goes on by itself and finishes.
    const second = await startSmtpSink({ port: first.port });
    sinks.push(second);
    const done = await untilAnswer(
      () => fetchIssue(),
      (issue) => issue.status.emailed && !issue.status.processing,
    );
    expect(done.status).toMatchObject({ published: true, emailed: true, sent: true });
    const progress = await deliveries();
    expect(progress.email).toEqual({ total: recipients, sent: recipients, failed: 0, doubt: 0, pending: 0 });
    expect(progress.mailServer).toBeNull();

    // Every subscriber got the issue exactly once, over the two servers.
    const copies = [...first.received.slice(tests, beforeOutage), ...second.received].filter((message) => messageIdOf(message).startsWith(`<${issueId}.`));
    const ids = copies.map(messageIdOf);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toHaveLength(recipients);
    const addresses = new Set(copies.map((message) => message.to[0]!.toLowerCase()));
    const subscribers = await sql<{
      email: string;
    }>`select lower(email) as email from subscribers where newsletter_id = ${morning} and medium = 'email'`.execute(t.server.database.db);
    expect([...addresses].sort()).toEqual(subscribers.rows.map((row) => row.email).sort());
    expect(second.count).toBeGreaterThan(0);
  }, 300_000);

  it("keeps a subject test's wait until its copies are out through an outage, then sends the rest the subject that won, each subscriber once", async () => {
    const db = t.server.database.db;
    const created = await t.request('POST', '/api/issues/create', { token, body: { newsletter: morning, slug: 'kesintide-konu-denemesi' } });
    expect(created.status).toBe(200);
    const tested: string = created.body.data._id;
    await sql`update issues set subject = 'Kesintide sabah', preview = 'Bugün neler var', notification_title = 'Sabah Bülteni', notification_body = 'Yeni sayı'
      where id = ${tested}`.execute(db);
    const options = (test: boolean) => ({ test, publishOnly: false, overridePublishedAt: false, mediums: { email: true, notification: false } });
    expect((await t.request('POST', `/api/issues/publish/${tested}`, { token, body: { publishOptions: options(true) } })).status).toBe(200);
    const subjectTest = { variants: [{ subject: 'Kesintide öbür konu', preview: 'Başka bir ön yazı' }], share: 50, waitMinutes: 30, decideBy: 'opens' };
    const first = sinks.at(-1)!;
    const from = first.received.length;
    const published = await t.request('POST', `/api/issues/publish/${tested}`, {
      token,
      body: { publishedAt: clock.now().toISOString(), publishOptions: options(false), subjectTest },
    });
    expect(published.status).toBe(200);
    const form = async (): Promise<{ subjectTest: SubjectTest }> => (await t.request('GET', `/api/issues/update/${tested}`, { token })).body.data;

    // The server goes away among the test's copies, and stays away until the send is paused:
    // the wait has not begun, for the test's copies are not all out.
    await first.waitFor(from + 20, 60_000);
    const closing = first.close();
    closed.add(first);
    const paused = await untilAnswer(
      () => deliveries(tested),
      (progress) => progress.mailServer?.state === 'paused',
    );
    expect(paused.email).toMatchObject({ total: recipients / 2, doubt: 0, failed: 0 });
    expect(paused.email.pending).toBeGreaterThan(0);
    expect((await form()).subjectTest).toMatchObject({ phase: 'testing', decideAt: null, winner: null });
    await closing;

    // Back: the test's copies finish and the wait begins; when it is over, the rest goes.
    const second = await startSmtpSink({ port: first.port });
    sinks.push(second);
    const waiting = await untilAnswer(form, (answer) => answer.subjectTest.phase === 'waiting');
    expect((await deliveries(tested)).email).toMatchObject({ total: recipients / 2, sent: recipients / 2, pending: 0 });
    clockControl.advance(waiting.subjectTest.waitMinutes * 60_000 + 1000);
    await untilAnswer(
      () => fetchIssue(tested),
      (issue) => issue.status.emailed && !issue.status.processing,
    );
    const decided = (await form()).subjectTest;
    expect(decided).toMatchObject({ phase: 'decided', winner: 0, decidedBy: 'tooClose' });
    expect((await deliveries(tested)).email).toEqual({ total: recipients, sent: recipients, failed: 0, doubt: 0, pending: 0 });

    // Each subscriber got one copy over the two servers: half of them tested, the rest the issue's own subject.
    const copies = [...first.received.slice(from), ...second.received].filter((message) => messageIdOf(message).startsWith(`<${tested}.`));
    expect(new Set(copies.map(messageIdOf)).size).toBe(recipients);
    expect(copies).toHaveLength(recipients);
    expect(new Set(copies.map((message) => message.to[0]!.toLowerCase())).size).toBe(recipients);
    const subjects = await Promise.all(copies.map(async (message) => String((await second.parse(message)).subject)));
    expect(subjects.filter((subject) => subject === 'Kesintide öbür konu')).toHaveLength(recipients / 4);
    expect(subjects.filter((subject) => subject === 'Kesintide sabah')).toHaveLength((recipients * 3) / 4);
  }, 300_000);
});

describe("nodemailer's failures against real SMTP servers", () => {
  const servers: SMTPServer[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(() => resolve(undefined)))));
  });

  /** An SMTP server that drops the connection at a stage of the message, as a crashed one would. */
  async function droppingServer(stage: 'rcpt' | 'text'): Promise<string> {
    const sockets = new Set<Socket>();
    const drop = () => sockets.forEach((socket) => socket.destroy());
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onRcptTo: (_address, _session, callback) => (stage === 'rcpt' ? drop() : callback()),
      onData: (stream) => {
        stream.once('data', drop);
        stream.resume();
      },
    });
    server.on('error', () => undefined);
    server.server.on('connection', (socket: Socket) => sockets.add(socket));
    servers.push(server);
    server.listen(0, '127.0.0.1');
    await once(server.server, 'listening');
    return `smtp://127.0.0.1:${(server.server.address() as { port: number }).port}`;
  }

  const copy = (to: string): BulkMessage => ({
    to,
    raw: () => `From: news@masthead.local\r\nTo: ${to}\r\nSubject: Sabah\r\nMessage-ID: <issue.${to}>\r\n\r\n${'Günaydın.\r\n'.repeat(5000)}`,
    message: () => ({ to, subject: 'Sabah', text: 'Günaydın.' }),
  });
  const sendOne = async (smtpUrl: string, to: string): Promise<SmtpAnswer> => {
    const bulk = createMailer({ smtpUrl, from: 'news@masthead.local', dataDir: '/nonexistent' }).bulk(1);
    try {
      return await bulk.send(copy(to));
    } finally {
      bulk.close();
    }
  };

  it('calls a refused connection, a shut-down server and a drop before the text unreachable; only a drop during the text is in doubt', async () => {
    const sink = await startSmtpSink();
    sink.refuse('later@example.com', 451, '4.7.1 Try again later');
    expect((await sendOne(sink.url, 'later@example.com')).outcome).toBe('temporary');

    // A session open when the server shuts down: its next command is answered 421.
    const bulk = createMailer({ smtpUrl: sink.url, from: 'news@masthead.local', dataDir: '/nonexistent' }).bulk(1);
    expect((await bulk.send(copy('first@example.com'))).outcome).toBe('sent');
    const closing = sink.close();
    const afterShutdown = await bulk.send(copy('second@example.com'));
    bulk.close();
    await closing;
    expect(afterShutdown.outcome).toBe('unreachable');
    expect(await sendOne(sink.url, 'refused@example.com')).toMatchObject({ outcome: 'unreachable', text: expect.stringContaining('ECONNREFUSED') });
    expect(sink.count).toBe(1);

    expect((await sendOne(await droppingServer('rcpt'), 'rcpt@example.com')).outcome).toBe('unreachable');
    expect((await sendOne(await droppingServer('text'), 'text@example.com')).outcome).toBe('doubt');
  });
});
