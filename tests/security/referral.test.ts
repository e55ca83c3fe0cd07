/**
 * The referral link of an issue is not the unsubscribe link (issue 26, point 3). The invitation
 * '/n/{newsletter}?ref=…' is made to be passed on; it carried the subscriber's signed token, the
 * very one of '/u/{token}', whose page shows their address and whose POST unsubscribes them in
 * one click. Here an issue with the referral box goes out over SMTP, and its code is tried on
 * every place that takes an unsubscribe token: it opens and ends nothing, while the copy's own
 * unsubscribe link still works.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Issue } from '../../schemas/generated/entities/issue';
import { enginesFor, startTestServer, keepEmailSubscribers, until, type TestServer } from '../api/server';
import { startSmtpSink, type SmtpSink } from '../api/smtp-sink';

const databases = enginesFor('embedded');

const publicUrl = 'http://console.test';

describe.each(databases)('the referral code of a sent issue on %s', (kind) => {
  let t: TestServer;
  let sink: SmtpSink;
  let morning: string;
  let copy: { address: string; text: string; html: string };

  const subscribed = async (address: string) =>
    Number(
      (
        await sql<{
          n: number;
        }>`select count(*)::int as n from subscribers where newsletter_id = ${morning} and medium = 'email' and email = ${address}`.execute(
          t.server.database.db,
        )
      ).rows[0]!.n,
    ) === 1;
  const page = (method: 'GET' | 'POST', path: string) =>
    t.server.app.inject({
      method,
      url: path,
      ...(method === 'POST' ? { headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' } : {}),
    });

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await startTestServer(kind, { SMTP_URL: sink.url, PUBLIC_URL: publicUrl });
    const db = t.server.database.db;
    const newsletter = await db.selectFrom('newsletters').select(['id', 'publisher_id']).where('key', '=', 'sabah-bulteni').executeTakeFirstOrThrow();
    morning = newsletter.id;
    const admin = await t.login('admin@masthead.local');
    const token = (await t.request('PUT', '/api/auth/scope', { token: admin, body: { publisher: newsletter.publisher_id } })).body.data;
    // A short list is enough: every copy is made the same way.
    await keepEmailSubscribers(db, morning, 5);

    const director = await t.login('director@masthead.local');
    const designUrl = `/api/newsletters/update/${morning}/design/email/update`;
    const design = (await t.request('GET', designUrl, { token: director })).body.data.body;
    expect((await t.request('PUT', designUrl, { token: director, body: { ...design, showReferralCampaign: true } })).status).toBe(200);

    const issueId = (await sql<{ id: string }>`select id from issues where newsletter_id = ${morning} and key like '%-sabah-bulteni-hazir'`.execute(db))
      .rows[0]!.id;
    const options = (test: boolean) => ({ test, publishOnly: false, overridePublishedAt: false, mediums: { email: true, notification: false } });
    expect((await t.request('POST', `/api/issues/publish/${issueId}`, { token, body: { publishOptions: options(true) } })).status).toBe(200);
    const tests = sink.count;
    const published = await t.request('POST', `/api/issues/publish/${issueId}`, {
      token,
      body: { publishedAt: new Date().toISOString(), publishOptions: options(false) },
    });
    expect(published.status).toBe(200);
    const fetchIssue = async (): Promise<Issue> => (await t.request('GET', `/api/issues/list/${issueId}`, { token })).body.data;
    expect(await until(async () => Boolean((await fetchIssue()).status.emailed), 120_000)).toBe(true);
    const delivered = sink.received[tests]!;
    const mail = await sink.parse(delivered);
    copy = { address: delivered.to[0]!, text: mail.text ?? '', html: String(mail.html) };
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    await sink?.close();
  });

  const referralOf = (body: string) => /\/n\/sabah-bulteni\?ref=([^\s"&<]+)/.exec(body)?.[1];
  const unsubscribeOf = (body: string) => /\/u\/([^\s"&<]+)/.exec(body)?.[1];

  it('differs from the unsubscribe token, and is the same in both parts of the copy', () => {
    const code = referralOf(copy.text);
    const token = unsubscribeOf(copy.text);
    expect(copy.text).toContain('Arkadaşlarınızı davet edin');
    expect(code).toBeTruthy();
    expect(token).toBeTruthy();
    expect(referralOf(copy.html)).toBe(code);
    expect(code).not.toBe(token);
    expect(token).not.toContain(code);
    // The token shows the subscriber id before its signature; the code shows nothing of it.
    expect(code).not.toContain(token!.split('.')[0]);
  });

  it('opens no unsubscribe page and ends no subscription, by link or by the apps', async () => {
    const code = decodeURIComponent(referralOf(copy.text)!);
    const shown = await page('GET', `/u/${encodeURIComponent(code)}`);
    expect(shown.statusCode).toBe(404);
    expect(shown.body).not.toContain(copy.address);
    expect((await page('POST', `/u/${encodeURIComponent(code)}`)).statusCode).toBe(404);
    const byApp = await t.request('POST', '/api/subscribers/unsubscribe', { body: { token: code, source: 'ios' } });
    expect(byApp.status).toBe(404);
    expect(await subscribed(copy.address)).toBe(true);
  });

  it("leaves the copy's own unsubscribe link working", async () => {
    const path = `/u/${unsubscribeOf(copy.text)}`;
    const shown = await page('GET', path);
    expect(shown.statusCode).toBe(200);
    expect(shown.body).toContain(copy.address);
    expect((await page('POST', path)).statusCode).toBe(200);
    expect(await subscribed(copy.address)).toBe(false);
  });
});
