/**
 * An issue leaving the console, over REST against the real server and a real SMTP server
 * (spec 001 sections 4, 5 and 7): the preview build, the checks before a test with the spec's
 * messages, the test to the testers, publishing now to every subscriber once (the e-mail's parts
 * and headers read by a MIME parser), notifications through the push adapter, scheduling with the
 * lead time, cancel and reschedule for admins only, a refusal recorded with the server's answer and
 * the address left alone afterwards, the personal unsubscribe link, and who may do what.
 */
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dkimVerify } from 'mailauth/lib/dkim/verify';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cancelledText, checkMessages, notTestedText, publishedText, testSentText, tooEarlyText } from '../../plugins/issues/publishing';
import type { Issue } from '../../schemas/generated/entities/issue';
import { enginesFor, keepEmailSubscribers, startTestServer, type TestServer } from './server';
import { startSmtpSink, type SmtpSink } from './smtp-sink';

const databases = enginesFor('every engine');

const publicUrl = 'http://console.test';
const options = (overrides: Partial<{ test: boolean; publishOnly: boolean; overridePublishedAt: boolean; email: boolean; notification: boolean }> = {}) => ({
  test: overrides.test ?? false,
  publishOnly: overrides.publishOnly ?? false,
  overridePublishedAt: overrides.overridePublishedAt ?? false,
  mediums: { email: overrides.email ?? true, notification: overrides.notification ?? true },
});
/** Sabah Bülteni's DKIM key (its demo address is on sabah.masthead.local), and the DNS answer a receiver would get for it. */
const dkim = generateKeyPairSync('rsa', { modulusLength: 2048 });
const dkimRecord = `v=DKIM1; k=rsa; p=${dkim.publicKey.export({ type: 'spki', format: 'der' }).toString('base64')}`;
const dkimFile = join(mkdtempSync(join(tmpdir(), 'masthead-dkim-')), 'sabah.pem');
writeFileSync(dkimFile, dkim.privateKey.export({ type: 'pkcs8', format: 'pem' }));
/** What a receiver's DKIM check says of a message: one result per signature. */
const dkimResults = async (raw: Buffer) =>
  (
    await dkimVerify(raw, {
      resolver: async (name: string, type: string) => {
        if (type === 'TXT' && name === 'mh2026._domainkey.sabah.masthead.local') return [[dkimRecord]];
        throw Object.assign(new Error(`no ${type} record for ${name}`), { code: 'ENOTFOUND' });
      },
    })
  ).results.map((result) => ({ result: result.status.result, domain: result.signingDomain }));
const minutesAhead = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

describe.each(databases)('publishing issues on %s', (kind) => {
  let t: TestServer;
  let sink: SmtpSink;
  let tokens: Record<'admin' | 'director' | 'editor' | 'author' | 'other', string>;
  let morning: string;

  const issueByKey = async (suffix: string) =>
    (await sql<{ id: string }>`select id from issues where newsletter_id = ${morning} and key like ${`%${suffix}`}`.execute(t.server.database.db)).rows[0]!.id;
  const fetchIssue = async (id: string): Promise<Issue> => (await t.request('GET', `/api/issues/list/${id}`, { token: tokens.editor })).body.data;
  const until = async <T>(what: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 60_000): Promise<T> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = await what();
      if (done(value)) return value;
      if (Date.now() > deadline) throw new Error(`timed out; last: ${JSON.stringify(value).slice(0, 300)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  const emailSubscribers = async () =>
    (await sql<{ n: number }>`select count(*)::int as n from subscribers where newsletter_id = ${morning} and medium = 'email'`.execute(t.server.database.db))
      .rows[0]!.n;

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await startTestServer(kind, { SMTP_URL: sink.url, PUBLIC_URL: publicUrl, DKIM_KEYS: `sabah.masthead.local:mh2026:${dkimFile}` });
    const newsletters = await t.server.database.db.selectFrom('newsletters').select(['id', 'key', 'publisher_id']).execute();
    const kuzey = newsletters.find((row) => row.key === 'sabah-bulteni')!;
    morning = kuzey.id;
    const admin = await t.login('admin@masthead.local');
    tokens = {
      admin: (await t.request('PUT', '/api/auth/scope', { token: admin, body: { publisher: kuzey.publisher_id } })).body.data,
      director: await t.login('director@masthead.local'),
      editor: await t.login('editor@masthead.local'),
      author: await t.login('author@masthead.local'),
      other: await t.login('director@egehaber.example'),
    };
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await sink?.close();
  });
  beforeEach(() => {
    sink.received.length = 0;
    sink.count = 0;
  });

  it('builds the preview: light and dark, the text part and its size; refused while sending and for other publishers', async () => {
    const id = await issueByKey('-sabah-bulteni-hazir');
    const built = await t.request('POST', `/api/issues/build/${id}`, { token: tokens.editor });
    expect(built.status).toBe(200);
    const { html, darkHtml, text, bytes, clipped, from, replyTo } = built.body.data;
    expect({ from, replyTo }).toEqual({ from: { name: 'Sabah Bülteni', address: 'bulten@sabah.masthead.local' }, replyTo: 'okur@sabah.masthead.local' });
    expect(html).toContain('Sabah Bülteni: Metro, bütçe ve hafta sonu');
    expect(html).toContain(`${publicUrl}/u/preview`);
    expect(darkHtml).not.toBe(html);
    expect(text).toContain('Metro');
    expect(bytes).toBeGreaterThan(1000);
    expect(bytes).toBeLessThan(102_400);
    expect(clipped).toBe(false);
    expect((await t.request('DELETE', `/api/issues/build/${id}`, { token: tokens.editor })).body.data).toBe(true);
    expect((await t.request('POST', `/api/issues/build/${id}`, { token: tokens.other })).status).toBe(404);
    expect((await t.request('POST', `/api/issues/build/${id}`)).status).toBe(401);
  });

  it("checks a test with the spec's messages, and refuses authors and other publishers", async () => {
    const draft = await issueByKey('-aksam-bulteni');
    const refused = await t.request('POST', `/api/issues/publish/${draft}`, { token: tokens.editor, body: { publishOptions: options({ test: true }) } });
    expect(refused.status).toBe(422);
    // The demo's evening draft has its subject and preview, no notification yet.
    expect(refused.body.details.map((detail: { message: string }) => detail.message)).toEqual([
      checkMessages.notificationTitle,
      checkMessages.notificationBody,
    ]);
    const shortSubject = await t.request('PUT', `/api/issues/update/${draft}/edit`, { token: tokens.editor, body: { issue: { subject: 'Ak' } } });
    expect(shortSubject.status).toBe(200);
    const again = await t.request('POST', `/api/issues/publish/${draft}`, { token: tokens.editor, body: { publishOptions: options({ test: true }) } });
    expect(again.body.details.map((detail: { message: string }) => detail.message)).toEqual([
      checkMessages.subject,
      checkMessages.notificationTitle,
      checkMessages.notificationBody,
    ]);
    expect(sink.count).toBe(0);
    expect((await t.request('POST', `/api/issues/publish/${draft}`, { token: tokens.author, body: { publishOptions: options({ test: true }) } })).status).toBe(
      401,
    );
    expect((await t.request('POST', `/api/issues/publish/${draft}`, { token: tokens.other, body: { publishOptions: options({ test: true }) } })).status).toBe(
      404,
    );
    expect((await t.request('POST', `/api/issues/publish/${draft}`, { token: tokens.editor, body: { publishOptions: { test: 'yes' } } })).status).toBe(422);
  });

  it('sends a test to the testers, makes the issue tested, and only then lets it be published', async () => {
    const id = await issueByKey('-sabah-bulteni-hazir');
    const early = await t.request('POST', `/api/issues/publish/${id}`, {
      token: tokens.editor,
      body: { publishedAt: minutesAhead(40), publishOptions: options() },
    });
    expect(early.status).toBe(409);
    expect(early.body.msg).toBe(notTestedText);

    const tested = await t.request('POST', `/api/issues/publish/${id}`, { token: tokens.editor, body: { publishOptions: options({ test: true }) } });
    expect(tested.status).toBe(200);
    expect(tested.body.msg).toBe(testSentText);
    expect(tested.body.data.status.tested).toBe(true);
    expect(sink.received.map((message) => message.to[0]).sort()).toEqual(['director@masthead.local', 'editor@masthead.local']);
    const mail = await sink.parse(sink.received[0]!);
    expect(mail.subject).toBe('[Test] Sabah Bülteni: Metro, bütçe ve hafta sonu');
    expect(mail.html).toContain('Metro');
    expect(mail.text).toContain('Metro');
    // From the newsletter's own sender (its demo address), replies to its Reply-To; bounces to MAIL_FROM's address.
    expect(mail.from?.value).toEqual([{ name: 'Sabah Bülteni', address: 'bulten@sabah.masthead.local' }]);
    expect(mail.replyTo?.value).toEqual([{ name: '', address: 'okur@sabah.masthead.local' }]);
    expect(sink.received[0]!.from).toBe('no-reply@masthead.local');
    // Signed with the key of the From address's domain, and a receiver's check passes.
    expect(await dkimResults(sink.received[0]!.raw)).toEqual([{ result: 'pass', domain: 'sabah.masthead.local' }]);
  });

  it('keeps the lead time for editors, schedules, and lets only admins cancel', async () => {
    const id = await issueByKey('-haftanin-ozeti');
    const soon = await t.request('POST', `/api/issues/publish/${id}`, {
      token: tokens.editor,
      body: { publishedAt: minutesAhead(5), publishOptions: options() },
    });
    expect(soon.status).toBe(422);
    expect(soon.body.details[0].message).toBe(tooEarlyText);

    const scheduled = await t.request('POST', `/api/issues/publish/${id}`, {
      token: tokens.editor,
      body: { publishedAt: minutesAhead(45), publishOptions: options() },
    });
    expect(scheduled.status).toBe(200);
    expect(scheduled.body.msg).toBe(publishedText);
    expect(scheduled.body.data.status.scheduled).toBe(true);
    expect(scheduled.body.data.mediums).toEqual({ email: true, notification: true });

    expect((await t.request('DELETE', `/api/issues/publish/${id}`, { token: tokens.editor })).status).toBe(401);
    const cancelled = await t.request('DELETE', `/api/issues/publish/${id}`, { token: tokens.admin });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.msg).toBe(cancelledText);
    expect(cancelled.body.data.status).toMatchObject({ scheduled: false, cancelled: true });
    expect((await t.request('DELETE', `/api/issues/publish/${id}`, { token: tokens.admin })).status).toBe(409);
  });

  it('publishes now: every e-mail subscriber gets one personal message with one-click unsubscribe, the app subscribers a notification', async () => {
    const id = await issueByKey('-sabah-bulteni-hazir');
    // Three claims' worth of readers (the sender claims them 200 at a time) and the suppressed ones:
    // the demo's 2,800 cost the file 40 s of CPU and the bench measures the pace.
    await keepEmailSubscribers(t.server.database.db, morning, 500, 'kept');
    // The demo's hard-bounced readers (its last sent issue's) are suppressed: the issue leaves them out.
    const suppressed = await sql<{ email: string }>`
      select s.email from subscribers s join mail_bounces b on b.email = lower(s.email)
      where s.newsletter_id = ${morning} and s.medium = 'email' and b.suppressed_at is not null
        and b.publisher_id = (select publisher_id from newsletters where id = ${morning})`.execute(t.server.database.db);
    expect(suppressed.rows).toHaveLength(3);
    // The address that refuses its copy is one the issue goes to: the first by address of the others.
    const bounced = (
      await sql<{ email: string }>`select email from subscribers where newsletter_id = ${morning} and medium = 'email' order by email`.execute(
        t.server.database.db,
      )
    ).rows.find((row) => !suppressed.rows.some((left) => left.email === row.email))!.email;
    sink.refuse(bounced, 550, '5.1.1 No such user here');
    const expected = await emailSubscribers();

    const published = await t.request('POST', `/api/issues/publish/${id}`, {
      token: tokens.admin,
      body: { publishedAt: new Date().toISOString(), publishOptions: options() },
    });
    expect(published.status).toBe(200);
    expect(published.body.data.status.queued || published.body.data.status.processing).toBe(true);

    const done = await until(
      () => fetchIssue(id),
      (issue) => issue.status.emailed && issue.status.notified && !issue.status.processing,
      120_000,
    );
    expect(done.status).toMatchObject({ published: true, emailed: true, notified: true, sent: true, scheduled: false, queued: false });

    expect(sink.count).toBe(expected - 1 - suppressed.rows.length);
    const recipients = sink.received.map((message) => message.to[0]!.toLowerCase());
    expect(new Set(recipients).size).toBe(recipients.length);
    expect(recipients).not.toContain(bounced.toLowerCase());
    for (const { email } of suppressed.rows) expect(recipients).not.toContain(email);

    const mail = await sink.parse(sink.received[0]!);
    expect(mail.subject).toBe('Sabah Bülteni: Metro, bütçe ve hafta sonu');
    expect(mail.from?.value).toEqual([{ name: 'Sabah Bülteni', address: 'bulten@sabah.masthead.local' }]);
    expect(mail.replyTo?.value).toEqual([{ name: '', address: 'okur@sabah.masthead.local' }]);
    // Each subscriber's copy bounces to its own VERP address at MAIL_FROM's domain (decision 0034).
    expect(sink.received[0]!.from).toMatch(/^no-reply\+[a-z0-9]+@masthead\.local$/);
    expect(new Set(sink.received.map((message) => message.from)).size).toBe(sink.received.length);
    expect(await dkimResults(sink.received[0]!.raw)).toEqual([{ result: 'pass', domain: 'sabah.masthead.local' }]);
    expect(await dkimResults(sink.received.at(-1)!.raw)).toEqual([{ result: 'pass', domain: 'sabah.masthead.local' }]);
    expect(mail.html).toBeTruthy();
    expect(mail.text).toContain('Metro');
    expect(mail.messageId).toMatch(new RegExp(`^<${id}\\.[^@]+@console\\.test>$`));
    // mailparser reads the List-* headers into one: { unsubscribe: { url }, 'unsubscribe-post': { name } }.
    const list = mail.headers.get('list') as { unsubscribe: { url: string }; 'unsubscribe-post': { name: string } };
    const unsubscribeUrl = list.unsubscribe.url;
    expect(unsubscribeUrl).toMatch(/^http:\/\/console\.test\/u\/[\w-]+\.[\w-]+$/);
    expect(list['unsubscribe-post'].name).toBe('List-Unsubscribe=One-Click');
    expect(mail.html).toContain(unsubscribeUrl);

    const progress = (await t.request('GET', `/api/issues/deliveries/${id}`, { token: tokens.editor })).body.data;
    expect(progress.email).toMatchObject({
      total: expected - suppressed.rows.length,
      sent: expected - 1 - suppressed.rows.length,
      failed: 1,
      doubt: 0,
      pending: 0,
    });
    expect(progress.failures[0]).toMatchObject({ email: bounced });
    expect(progress.failures[0].answer).toContain('5.1.1');
    expect(progress.notification.sent).toBe(progress.notification.total);
    expect(progress.notification.total).toBeGreaterThan(0);
    const pushes = readdirSync(join(t.dataDir, 'push-outbox'));
    expect(pushes.length).toBeGreaterThan(0);

    // The personal link: a page, then one click ends the subscription (RFC 8058 POST).
    const path = unsubscribeUrl.replace(publicUrl, '');
    const page = await t.request('GET', path);
    expect(page.status).toBe(200);
    const oneClick = await t.server.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBe(200);
    expect(await emailSubscribers()).toBe(expected - 1);
    expect((await t.request('GET', `${path.slice(0, -3)}${path.at(-3) === 'x' ? 'y' : 'x'}yz`)).status).toBe(404);

    // A reschedule goes only to whoever did not get it: the address that refused for good is left alone.
    sink.received.length = 0;
    sink.count = 0;
    const again = await t.request('POST', `/api/issues/publish/${id}`, {
      token: tokens.admin,
      body: { publishedAt: new Date().toISOString(), publishOptions: options({ notification: false }) },
    });
    expect(again.status).toBe(200);
    await until(
      () => fetchIssue(id),
      (issue) => !issue.status.processing && !issue.status.queued,
      60_000,
    );
    expect(sink.count).toBe(0);
  }, 120_000);

  it('lets only admins reschedule, and refuses a notification twice', async () => {
    const id = await issueByKey('-sabah-bulteni-hazir');
    const byEditor = await t.request('POST', `/api/issues/publish/${id}`, {
      token: tokens.editor,
      body: { publishedAt: minutesAhead(45), publishOptions: options() },
    });
    expect(byEditor.status).toBe(409);
    const notifyAgain = await t.request('POST', `/api/issues/publish/${id}`, {
      token: tokens.editor,
      body: { publishOptions: options({ email: false, notification: true }) },
    });
    expect(notifyAgain.status).toBe(409);
  });

  it('reads the issue once in each step of a publication: the call, then the job that publishes it', async () => {
    const id = await issueByKey('-haftanin-ozeti');
    // Every statement of any handle or transaction that reads this issue's row; the send's check
    // of `processing` (a cancel stops it) aside, and so is this test's own look (marked).
    const reads: string[] = [];
    let executor = Object.getPrototypeOf(t.server.database.db.getExecutor());
    while (!Object.hasOwn(executor, 'executeQuery')) executor = Object.getPrototypeOf(executor);
    const execute = executor.executeQuery;
    executor.executeQuery = function (this: unknown, query: { sql: string; parameters: readonly unknown[] }, ...rest: unknown[]) {
      const readsIssue = /^select\b/i.test(query.sql) && /\bfrom\s+"?issues"?(\s|$)/i.test(query.sql) && query.parameters.includes(id);
      if (readsIssue && !query.sql.startsWith('select "processing" from') && !query.sql.includes('/* the test */')) reads.push(query.sql);
      return execute.call(this, query, ...rest);
    };
    try {
      // A few seconds ahead, so that the job starts after the call has answered.
      const published = await t.request('POST', `/api/issues/publish/${id}`, {
        token: tokens.admin,
        body: { publishedAt: new Date(Date.now() + 4_000).toISOString(), publishOptions: options({ publishOnly: true }) },
      });
      expect(published.status).toBe(200);
      expect(published.body.data.status.scheduled).toBe(true);
      expect(reads).toHaveLength(1);
      const status = () =>
        sql<{ published: boolean; busy: boolean }>`select published, scheduled or queued or processing as busy from issues /* the test */ where id = ${id}`
          .execute(t.server.database.db)
          .then(({ rows }) => rows[0]!);
      await until(status, (now) => now.published && !now.busy, 30_000);
      expect(reads).toHaveLength(2);
    } finally {
      executor.executeQuery = execute;
    }
  });
});
