/**
 * Subject tests over REST against the real server and a real SMTP server (issue 58, decision
 * 0058): the publish call's subjectTest checked with clear messages; the test's copies go first,
 * each subscriber's with its subject line; after the wait (the product's clock, moved by the test)
 * people's opens decide even when Apple's privacy proxy opened the other subject's every copy;
 * too close to call sends the issue's own subject; a winner picked by hand goes at once; a cancel
 * during the wait sends nothing more. Every subscriber gets the issue once, and the issue list and
 * the editor's form show the test.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clock, clockControl } from '../../core/server/clock';
import { constants } from '../../core/shared/config';
import { runningTests } from '../../plugins/issues/server/subject-tests';
import { subjectTestTexts } from '../../plugins/issues/subject-test';
import { tracking } from '../../plugins/stories/server/public';
import type { Issue } from '../../schemas/generated/entities/issue';
import type { SubjectTest } from '../../schemas/generated/entities/subject-test';
import { enginesFor, keepEmailSubscribers, startTestServer, untilAnswer, type TestServer } from './server';
import { startSmtpSink, type SmtpSink } from './smtp-sink';

const databases = enginesFor('every engine');

const publicUrl = 'http://console.test';
const browser = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';
/** Apple Mail Privacy Protection's proxy: it opens every copy it receives, read or not. */
const applePrivacy = 'Mozilla/5.0';
const audience = 200;
const publishOptions = (test: boolean, overrides: { publishOnly?: boolean } = {}) => ({
  test,
  publishOnly: overrides.publishOnly ?? false,
  overridePublishedAt: false,
  mediums: { email: true, notification: false },
});

describe.each(databases)('subject tests on %s', (kind) => {
  let t: TestServer;
  let sink: SmtpSink;
  let token: string;
  let newsletterId: string;
  let issueCount = 0;

  const db = () => t.server.database.db;
  const form = async (issueId: string): Promise<{ body: Issue; subjectTest: SubjectTest | null }> =>
    (await t.request('GET', `/api/issues/update/${issueId}`, { token })).body.data;
  /** A new tested issue of the newsletter, ready to publish. */
  const newIssue = async (): Promise<string> => {
    issueCount++;
    const created = await t.request('POST', '/api/issues/create', { token, body: { newsletter: newsletterId, slug: `konu-denemesi-${kind}-${issueCount}` } });
    expect(created.status).toBe(200);
    const issueId = created.body.data._id as string;
    await sql`update issues set subject = ${`Sabahın konusu ${issueCount}`}, preview = 'Bugün bültende neler var', notification_title = 'Sabah Bülteni',
      notification_body = 'Yeni sayı' where id = ${issueId}`.execute(db());
    expect((await t.request('POST', `/api/issues/publish/${issueId}`, { token, body: { publishOptions: publishOptions(true) } })).status).toBe(200);
    return issueId;
  };
  const publish = (issueId: string, subjectTest: object | null, overrides: { publishOnly?: boolean } = {}) =>
    t.request('POST', `/api/issues/publish/${issueId}`, {
      token,
      body: { publishedAt: clock.now().toISOString(), publishOptions: publishOptions(false, overrides), subjectTest },
    });
  const twoSubjects = (issueId: string) => ({
    variants: [{ subject: `Öbür konu ${issueId.slice(-4)}`, preview: 'Başka bir ön yazı' }],
    share: 40,
    waitMinutes: 30,
    decideBy: 'opens',
  });
  /** The messages of an issue the sink received since `from`: address, subject and HTML. */
  const messagesSince = async (from: number) =>
    Promise.all(
      sink.received.slice(from).map(async (message) => {
        const mail = await sink.parse(message);
        return { to: message.to[0]!.toLowerCase(), subject: String(mail.subject), html: String(mail.html) };
      }),
    );
  const copiesOf = async (issueId: string) =>
    (await sql<{ n: number }>`select count(*)::int as n from issue_deliveries where issue_id = ${issueId} and medium = 'email'`.execute(db())).rows[0]!.n;
  const waitMs = (minutes: number) => minutes * 60_000 + 1000;

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await startTestServer(kind, { SMTP_URL: sink.url, PUBLIC_URL: publicUrl });
    const morning = await db().selectFrom('newsletters').select(['id', 'publisher_id']).where('key', '=', 'sabah-bulteni').executeTakeFirstOrThrow();
    newsletterId = morning.id;
    const admin = await t.login('admin@masthead.local');
    token = (await t.request('PUT', '/api/auth/scope', { token: admin, body: { publisher: morning.publisher_id } })).body.data;
    await keepEmailSubscribers(db(), newsletterId, audience);
  }, 120_000);
  afterAll(async () => {
    clockControl.reset();
    await t?.close();
    await sink?.close();
  });

  it("shows the demo's test: people's opens picked the second subject, and the variants' figures add up to the issue's", async () => {
    const demo = (await sql<{ id: string }>`select id from issues where newsletter_id = ${newsletterId} and key like '%-gecen-hafta'`.execute(db())).rows[0]!
      .id;
    const { subjectTest } = await form(demo);
    expect(subjectTest).toMatchObject({ phase: 'decided', winner: 1, decidedBy: 'opens', share: 30 });
    expect(subjectTest!.variants).toHaveLength(3);
    expect(subjectTest!.confidence).toBeGreaterThanOrEqual(constants.subjectTests.confidence);
    const { results, subjectTest: summary } = (await t.request('GET', `/api/issues/list/${demo}?updateStats=true`, { token })).body.data as Issue;
    // The issue's own fetch says of its test what its list row says.
    const listed = (await t.request('GET', `/api/issues/list?newsletter=${newsletterId}&limit=100`, { token })).body.data as Issue[];
    expect(summary).toEqual(listed.find((issue) => issue._id === demo)!.subjectTest);
    expect(summary).toMatchObject({ phase: 'decided', subjects: 3, winner: 1 });
    const sum = (figure: 'sent' | 'opens' | 'machineOpens' | 'clickers' | 'machineClickers') =>
      subjectTest!.results.reduce((total, variant) => total + variant[figure], 0);
    expect([sum('sent'), sum('opens'), sum('machineOpens'), sum('clickers'), sum('machineClickers')]).toEqual([
      results!.sent,
      results!.opens,
      results!.machineOpens,
      results!.clickers,
      results!.machineClickers,
    ]);
    expect(subjectTest!.results[1]!.openRate!).toBeGreaterThan(subjectTest!.results[0]!.openRate!);
    // The decision read the test's copies alone (30 % of the audience), not the rest that got the winner after it.
    const decided = subjectTest!.decision!.reduce((total, variant) => total + variant.delivered, 0);
    expect(Math.abs(decided - Math.round((sum('sent') * 30) / 100))).toBeLessThanOrEqual(subjectTest!.variants.length);
  });

  it("refuses a test it cannot run, with the test's messages", async () => {
    const issueId = await newIssue();
    const own = await form(issueId);
    const detailsOf = async (subjectTest: object, overrides: { publishOnly?: boolean } = {}) => {
      const answer = await publish(issueId, subjectTest, overrides);
      expect(answer.status).toBe(422);
      return answer.body.details as { message: string; path: string }[];
    };
    const valid = twoSubjects(issueId);
    expect(await detailsOf({ ...valid, share: 5 })).toEqual([{ message: subjectTestTexts.share, path: 'subjectTest.share' }]);
    expect(await detailsOf({ ...valid, waitMinutes: 1441 })).toEqual([{ message: subjectTestTexts.wait, path: 'subjectTest.waitMinutes' }]);
    expect(await detailsOf({ ...valid, variants: [] })).toEqual([{ message: subjectTestTexts.count, path: 'subjectTest.variants' }]);
    const four = Array.from({ length: constants.subjectTests.maxVariants }, (_, place) => ({ subject: `Konu ${place}`, preview: `Ön yazı ${place}` }));
    expect((await detailsOf({ ...valid, variants: four }))[0]).toEqual({ message: subjectTestTexts.count, path: 'subjectTest.variants' });
    // The issue's own subject is the first variant already: repeating it tries nothing.
    expect(await detailsOf({ ...valid, variants: [{ subject: own.body.subject, preview: own.body.preview }] })).toEqual([
      { message: subjectTestTexts.same, path: 'subjectTest.variants.0.subject' },
    ]);
    expect((await detailsOf({ ...valid, variants: [{ subject: 'ab', preview: 'Başka bir ön yazı' }] }))[0]!.path).toBe('subjectTest.variants.0.subject');
    expect(await detailsOf(valid, { publishOnly: true })).toEqual([{ message: subjectTestTexts.emailOnly, path: 'subjectTest' }]);
    // Nothing was planned or sent.
    expect((await form(issueId)).subjectTest).toBeNull();
    expect(await copiesOf(issueId)).toBe(0);
  });

  it("sends the test's copies first, then decides on people's opens although Apple's proxy opened the other subject's every copy", async () => {
    const issueId = await newIssue();
    const from = sink.received.length;
    const test = twoSubjects(issueId);
    expect((await publish(issueId, test)).status).toBe(200);
    const waiting = (
      await untilAnswer(
        () => form(issueId),
        (answer) => answer.subjectTest?.phase === 'waiting',
      )
    ).subjectTest!;
    const tested = Math.round((audience * test.share) / 100);
    expect(waiting.variants).toEqual([{ subject: (await form(issueId)).body.subject, preview: 'Bugün bültende neler var' }, test.variants[0]]);
    expect(waiting.decideAt).not.toBeNull();
    expect((await form(issueId)).body.status).toMatchObject({ processing: true, emailed: false });
    await sink.waitFor(from + tested);
    const first = await messagesSince(from);
    expect(first).toHaveLength(tested);
    const own = first.filter((message) => message.subject === waiting.variants[0]!.subject);
    const other = first.filter((message) => message.subject === waiting.variants[1]!.subject);
    expect([own.length, other.length]).toEqual([tested / 2, tested / 2]);

    // Apple's proxy opens every copy of the issue's own subject the moment it arrives; people open
    // 4 of its copies and 16 of the other's, once the copies are more than seconds old.
    const open = (html: string, userAgent: string) =>
      t.server.app.inject({
        method: 'GET',
        url: html.match(/<img src="http:\/\/console\.test(\/t\/o\/[^"]+)"/)![1]!,
        headers: { 'user-agent': userAgent },
        remoteAddress: userAgent === applePrivacy ? '17.58.1.2' : '203.0.113.7',
      });
    for (const message of own) expect((await open(message.html, applePrivacy)).statusCode).toBe(200);
    clockControl.advance((constants.tracking.openPrefetchSeconds + 1) * 1000);
    for (const message of own.slice(0, 4)) await open(message.html, browser);
    for (const message of other.slice(0, 16)) await open(message.html, browser);
    await tracking(t.server.context)!.flush();
    const before = (await form(issueId)).subjectTest!;
    expect(before.results.map((results) => results.opens)).toEqual([4, 16]);
    expect(before.results[0]!.machineOpens).toBeGreaterThan(before.results[1]!.machineOpens);

    // The wait ends: people's opens decide, and the rest of the audience gets the winner.
    clockControl.advance(waitMs(test.waitMinutes));
    const done = await untilAnswer(
      () => form(issueId),
      (answer) => answer.body.status.emailed && !answer.body.status.processing,
    );
    expect(done.subjectTest).toMatchObject({ phase: 'decided', winner: 1, decidedBy: 'opens' });
    expect(done.subjectTest!.confidence).toBeGreaterThan(constants.subjectTests.confidence);
    expect(done.subjectTest!.decision).toEqual([
      { delivered: tested / 2, opens: 4, clickers: 0 },
      { delivered: tested / 2, opens: 16, clickers: 0 },
    ]);
    const all = await messagesSince(from);
    expect(all).toHaveLength(audience);
    expect(new Set(all.map((message) => message.to)).size).toBe(audience);
    expect(all.slice(tested).every((message) => message.subject === waiting.variants[1]!.subject)).toBe(true);
    expect(done.subjectTest!.results.map((results) => results.sent)).toEqual([tested / 2, audience - tested / 2]);

    const listed = (await t.request('GET', `/api/issues/list?newsletter=${newsletterId}&limit=100`, { token })).body.data as Issue[];
    expect(listed.find((issue) => issue._id === issueId)!.subjectTest).toEqual({
      phase: 'decided',
      subjects: 2,
      winner: 1,
      winningSubject: waiting.variants[1]!.subject,
    });
  });

  it('sends the first subject when the test is too close to call', async () => {
    const issueId = await newIssue();
    const from = sink.received.length;
    const test = { ...twoSubjects(issueId), decideBy: 'opensThenClicks', share: 10 };
    expect((await publish(issueId, test)).status).toBe(200);
    await untilAnswer(
      () => form(issueId),
      (answer) => answer.subjectTest?.phase === 'waiting',
    );
    clockControl.advance(waitMs(test.waitMinutes));
    const done = await untilAnswer(
      () => form(issueId),
      (answer) => answer.body.status.emailed && !answer.body.status.processing,
    );
    expect(done.subjectTest).toMatchObject({ phase: 'decided', winner: 0, decidedBy: 'tooClose', confidence: 0 });
    const all = await messagesSince(from);
    expect(new Set(all.map((message) => message.to)).size).toBe(audience);
    expect(all.slice(audience / 10).every((message) => message.subject === done.body.subject)).toBe(true);
  });

  it('sends the winner picked by hand before the wait ends, once', async () => {
    const issueId = await newIssue();
    const from = sink.received.length;
    expect((await publish(issueId, { ...twoSubjects(issueId), variants: [0, 1].map((n) => ({ subject: `El ile ${n}`, preview: `Ön ${n}` })) })).status).toBe(
      200,
    );
    await untilAnswer(
      () => form(issueId),
      (answer) => answer.subjectTest?.phase === 'waiting',
    );
    const pick = (winner: number) => t.request('PUT', `/api/issues/subject-test/${issueId}`, { token, body: { winner } });
    expect((await pick(3)).body.details).toEqual([{ message: subjectTestTexts.noSuchVariant, path: 'winner' }]);
    const picked = await pick(2);
    expect(picked.status).toBe(200);
    expect(picked.body.data).toMatchObject({ phase: 'decided', winner: 2, decidedBy: 'hand', confidence: null });
    expect((await pick(1)).status).toBe(409);
    await untilAnswer(
      () => form(issueId),
      (answer) => answer.body.status.emailed && !answer.body.status.processing,
    );
    const all = await messagesSince(from);
    expect(new Set(all.map((message) => message.to)).size).toBe(audience);
    expect(all).toHaveLength(audience);
    const tested = Math.round((audience * 40) / 100);
    expect(all.slice(tested).every((message) => message.subject === 'El ile 1')).toBe(true);
  });

  it('keeps a scheduled test planned with nothing sent, plans it afresh with a reschedule, and drops it with a reschedule without one', async () => {
    const issueId = await newIssue();
    const later = new Date(clock.ms() + (constants.issues.scheduleLeadMinutes + 5) * 60_000).toISOString();
    const schedule = (subjectTest: object | null) =>
      t.request('POST', `/api/issues/publish/${issueId}`, { token, body: { publishedAt: later, publishOptions: publishOptions(false), subjectTest } });
    expect((await schedule(twoSubjects(issueId))).status).toBe(200);
    const planned = await form(issueId);
    expect(planned.body.status.scheduled).toBe(true);
    expect(planned.subjectTest).toMatchObject({ phase: 'testing', decideAt: null, winner: null });
    expect(planned.subjectTest!.results.map((results) => results.sent)).toEqual([0, 0]);
    expect(await copiesOf(issueId)).toBe(0);
    const pick = await t.request('PUT', `/api/issues/subject-test/${issueId}`, { token, body: { winner: 1 } });
    expect(pick.status).toBe(409);
    expect(pick.body.msg).toBe(subjectTestTexts.notStarted);
    // A cancel, then the issue planned again: with a test it is planned afresh, without one it is dropped.
    expect((await t.request('DELETE', `/api/issues/publish/${issueId}`, { token })).status).toBe(200);
    expect((await form(issueId)).subjectTest).toMatchObject({ phase: 'cancelled' });
    expect((await schedule({ ...twoSubjects(issueId), share: 25 })).status).toBe(200);
    expect((await form(issueId)).subjectTest).toMatchObject({ phase: 'testing', share: 25 });
    expect((await t.request('DELETE', `/api/issues/publish/${issueId}`, { token })).status).toBe(200);
    expect((await schedule(null)).status).toBe(200);
    expect((await form(issueId)).subjectTest).toBeNull();
  });

  it('sends nothing more after a cancel during the wait', async () => {
    const issueId = await newIssue();
    const from = sink.received.length;
    const test = twoSubjects(issueId);
    expect((await publish(issueId, test)).status).toBe(200);
    await untilAnswer(
      () => form(issueId),
      (answer) => answer.subjectTest?.phase === 'waiting',
    );
    const tested = Math.round((audience * test.share) / 100);
    expect((await t.request('DELETE', `/api/issues/publish/${issueId}`, { token })).status).toBe(200);
    expect((await form(issueId)).subjectTest).toMatchObject({ phase: 'cancelled', winner: null });
    clockControl.advance(waitMs(test.waitMinutes));
    expect((await runningTests(db())).map((running) => running.issueId)).not.toContain(issueId);
    expect((await t.request('PUT', `/api/issues/subject-test/${issueId}`, { token, body: { winner: 1 } })).status).toBe(409);
    expect(await copiesOf(issueId)).toBe(tested);
    expect(sink.received.length - from).toBe(tested);
    expect((await form(issueId)).body.status).toMatchObject({ processing: false, cancelled: true, emailed: false });
  });
});
