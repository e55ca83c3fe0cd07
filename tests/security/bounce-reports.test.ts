/**
 * A report to the bounce listener applies only to the copy its VERP address names (issue 53,
 * point 3). An issue is deleted with its deliveries; a complaint to one of its copies' VERP
 * addresses that names another reader (Original-Rcpt-To, Final-Recipient, the attached original's
 * To) is taken (250) and changes nothing for anyone; one that names the copy's own recipient
 * still applies, at that copy's publisher only; a copy kept past its days, or a VERP address with
 * a wrong digest, changes nothing either.
 */
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { sql } from 'kysely';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLinkSigner } from '../../core/server/signed-links';
import { constants } from '../../core/shared/config';
import { pruneDeletedCopies } from '../../plugins/issues/server/bounces/apply';
import { createVerp, type Verp } from '../../plugins/issues/server/bounces/verp';
import { startTestServer, subscribeConfirmed, type TestServer } from '../api/server';
import { arf, dsn } from '../unit/bounce-fixtures';

const { deletedCopyDays } = constants.bounces;

interface Copy {
  subscriberId: string;
  email: string;
  returnPath: string;
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createNetServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });

describe('bounce reports to a deleted issue’s copies', () => {
  let t: TestServer;
  let port: number;
  let verp: Verp;
  let issueId: string;
  let morning: { id: string; publisher_id: string };
  let ege: { id: string; publisher_id: string };
  /** Three copies of the deleted issue, and a reader of another publisher who got none of them. */
  let copies: [Copy, Copy, Copy];
  let stranger: string;

  const db = () => t.server.database.db;
  const deliver = (to: string, raw: string) =>
    nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true }).sendMail({ envelope: { from: '', to }, raw });
  /** Everything a report could change about these addresses: their bounce rows at every publisher, and their subscriptions. */
  const stateOf = async (emails: string[]) => ({
    bounces: (
      await sql<{ publisher_id: string; email: string; kind: string }>`
        select publisher_id, email, kind from mail_bounces where email in (${sql.join(emails)}) order by email, publisher_id`.execute(db())
    ).rows,
    subscriptions: (
      await sql<{ newsletter_id: string; email: string }>`
        select newsletter_id, lower(email) as email from subscribers where lower(email) in (${sql.join(emails)}) order by 2, 1`.execute(db())
    ).rows,
    kept: (
      await sql<{ subscriber_id: string; bounce: string | null }>`
        select subscriber_id, bounce from deleted_issue_copies where issue_id = ${issueId} and subscriber_id in (${sql.join(copies.map((copy) => copy.subscriberId))})
        order by subscriber_id`.execute(db())
    ).rows,
  });

  beforeAll(async () => {
    port = await freePort();
    t = await startTestServer('pglite', { BOUNCE_SMTP_PORT: String(port), BOUNCE_SMTP_HOST: '127.0.0.1' });
    verp = createVerp(t.server.context.mail.from.address, t.server.context.links);
    const newsletters = await db().selectFrom('newsletters').select(['id', 'key', 'publisher_id']).execute();
    morning = newsletters.find((row) => row.key === 'sabah-bulteni')!;
    ege = newsletters.find((row) => row.key === 'ege-gundem')!;
    // A sent demo issue: its copies have left (just now, for this test), and nothing came back from these.
    issueId = (
      await sql<{ id: string }>`
        select i.id from issues i where i.newsletter_id = ${morning.id}
          and exists (select 1 from issue_deliveries d where d.issue_id = i.id and d.medium = 'email' and d.state = 'sent')
        order by i.published_at desc limit 1`.execute(db())
    ).rows[0]!.id;
    const rows = (
      await sql<{ subscriber_id: string; email: string }>`
        select d.subscriber_id, lower(d.email) as email from issue_deliveries d
        where d.issue_id = ${issueId} and d.medium = 'email' and d.state = 'sent' and d.bounce is null
          and exists (select 1 from subscribers s where s.id = d.subscriber_id)
          and not exists (select 1 from mail_bounces b where b.email = lower(d.email))
        order by d.subscriber_id limit 3`.execute(db())
    ).rows;
    copies = rows.map((row) => ({ subscriberId: row.subscriber_id, email: row.email, returnPath: verp.address(issueId, row.subscriber_id)! })) as [
      Copy,
      Copy,
      Copy,
    ];
    await sql`update issue_deliveries set updated_at = now() where issue_id = ${issueId}`.execute(db());
    // The first copy's reader also reads another publisher's newsletter; so does the stranger, who got no copy of this issue.
    await subscribeConfirmed(t, ege.id, copies[0].email);
    stranger = `yabanci.${Date.now()}@example.com`;
    await subscribeConfirmed(t, ege.id, stranger);

    const admin = await t.login('admin@masthead.local');
    const token = (await t.request('PUT', '/api/auth/scope', { token: admin, body: { publisher: morning.publisher_id } })).body.data;
    expect((await t.request('DELETE', `/api/issues/delete/${issueId}`, { token })).status).toBe(200);
    expect((await sql`select 1 from issue_deliveries where issue_id = ${issueId}`.execute(db())).rows).toEqual([]);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  it('keeps the deleted issue’s sent copies, for the reports that may still come', async () => {
    const kept = await sql<{ n: number }>`select count(*)::int as n from deleted_issue_copies where issue_id = ${issueId}`.execute(db());
    expect(kept.rows[0]!.n).toBeGreaterThanOrEqual(3);
  });

  it('takes a complaint to a copy’s VERP address that names another reader, and changes nothing', async () => {
    const everyone = [...copies.map((copy) => copy.email), stranger];
    const before = await stateOf(everyone);
    // Another reader of the same issue, and a reader of another publisher, named as the complainant or the bounced address.
    for (const other of [copies[1].email, stranger]) {
      await deliver(copies[0].returnPath, arf({ recipient: other, mailFrom: copies[0].returnPath }));
      await deliver(copies[0].returnPath, dsn({ recipient: other, status: '5.1.1' }));
      // The copy's own recipient in the status fields, another in the attached original's To.
      await deliver(copies[0].returnPath, dsn({ recipient: copies[0].email, status: '5.1.1' }).replace(`\r\nTo: ${copies[0].email}`, `\r\nTo: ${other}`));
    }
    expect(await stateOf(everyone)).toEqual(before);
  });

  it('applies a complaint that names the copy’s own recipient after the delete, at that copy’s publisher only, and only once', async () => {
    const [copy] = copies;
    await deliver(copy.returnPath, arf({ recipient: copy.email, mailFrom: copy.returnPath }));
    const after = await stateOf([copy.email]);
    expect(after.bounces).toEqual([{ publisher_id: morning.publisher_id, email: copy.email, kind: 'complaint' }]);
    // Unsubscribed from the newsletter it complained about; the other publisher's subscription stays.
    expect(after.subscriptions.map((row) => row.newsletter_id)).not.toContain(morning.id);
    expect(after.subscriptions.map((row) => row.newsletter_id)).toContain(ege.id);
    expect(after.kept.find((row) => row.subscriber_id === copy.subscriberId)?.bounce).toBe('complaint');

    // The reader subscribes again; the same report delivered again does not end it a second time.
    await subscribeConfirmed(t, morning.id, copy.email);
    const resubscribed = await stateOf([copy.email]);
    await deliver(copy.returnPath, arf({ recipient: copy.email, mailFrom: copy.returnPath }));
    expect(await stateOf([copy.email])).toEqual(resubscribed);
  });

  it('refuses a VERP address with a wrong digest, or signed with another key, and changes nothing', async () => {
    const [, copy] = copies;
    const before = await stateOf([copy.email]);
    const token = copy.returnPath.slice(copy.returnPath.indexOf('+') + 1, copy.returnPath.indexOf('@'));
    const flipped = copy.returnPath.replace(token, token.slice(0, -2) + (token.at(-2) === 'a' ? 'b' : 'a') + token.at(-1));
    const foreign = createVerp(t.server.context.mail.from.address, createLinkSigner(Buffer.from('another server’s key'))).address(issueId, copy.subscriberId)!;
    for (const address of [flipped, foreign]) {
      expect(address).not.toBe(copy.returnPath);
      await expect(deliver(address, arf({ recipient: copy.email, mailFrom: address }))).rejects.toMatchObject({ responseCode: 550 });
    }
    expect(await stateOf([copy.email])).toEqual(before);
  });

  it(`stops taking reports for a copy ${deletedCopyDays} days after it left, and prunes it`, async () => {
    const [, , copy] = copies;
    await sql`update deleted_issue_copies set sent_at = now() - make_interval(days => ${deletedCopyDays + 1}) where subscriber_id = ${copy.subscriberId}`.execute(
      db(),
    );
    const before = await stateOf([copy.email]);
    await deliver(copy.returnPath, dsn({ recipient: copy.email, status: '5.1.1' }));
    expect(await stateOf([copy.email])).toEqual(before);
    await pruneDeletedCopies(db());
    expect((await sql`select 1 from deleted_issue_copies where subscriber_id = ${copy.subscriberId}`.execute(db())).rows).toEqual([]);
    // The others stay until their days are over.
    expect((await sql`select 1 from deleted_issue_copies where subscriber_id = ${copies[1].subscriberId}`.execute(db())).rows.length).toBe(1);
  });
});
