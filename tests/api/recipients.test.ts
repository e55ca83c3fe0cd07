/**
 * An issue's recipients are added in one statement (issue 28): the issues plugin inserts its rows
 * from the subquery the subscribers plugin builds over its own table, so no plugin names the
 * other's table and no subscriber passes through the server's memory.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findNewsletterByKey } from '../../core/server/store';
import { addRecipients, recipientClaims, releaseClaimed } from '../../plugins/issues/server/deliveries';
import { enginesFor, startTestServer, type TestServer } from './server';

const databases = enginesFor('every engine');

describe.each(databases)("an issue's recipients on %s", (kind) => {
  let t: TestServer;
  let newsletterId: string;
  let issueId: string;

  const db = () => t.server.database.db;
  const addSubscriber = (n: number, medium: 'email' | 'notification') =>
    sql`insert into subscribers (id, newsletter_id, email, name, medium)
      values (${`r${n}`}, ${newsletterId}, ${`Okur${n}@Example.com`}, ${`Okur ${n}`}, ${medium})`.execute(db());
  const rows = async (medium: string) =>
    (
      await sql<{
        subscriber_id: string;
      }>`select subscriber_id from issue_deliveries where issue_id = ${issueId} and medium = ${medium} order by subscriber_id`.execute(db())
    ).rows.map((row) => row.subscriber_id);

  beforeAll(async () => {
    t = await startTestServer(kind);
    newsletterId = (await findNewsletterByKey(db(), 'sabah-bulteni'))!.id;
    issueId = (await sql<{ id: string }>`select id from issues where newsletter_id = ${newsletterId} and not published limit 1`.execute(db())).rows[0]!.id;
    await sql`delete from subscribers where newsletter_id = ${newsletterId}`.execute(db());
    for (let n = 0; n < 6; n++) await addSubscriber(n, n < 5 ? 'email' : 'notification');
    // An address the publisher no longer mails gets nothing (kept lower-case); one that bounced
    // once for now (not suppressed) still gets the issue.
    await sql`insert into mail_bounces (publisher_id, email, kind, answer, suppressed_at)
      select publisher_id, 'okur4@example.com', 'hard', '550 No such user', now() from newsletters where id = ${newsletterId}`.execute(db());
    await sql`insert into mail_bounces (publisher_id, email, kind, soft_count, answer)
      select publisher_id, 'okur3@example.com', 'soft', 1, '452 Mailbox full' from newsletters where id = ${newsletterId}`.execute(db());
  });
  afterAll(() => t.close());

  it('adds one row per subscriber of the medium, leaves out addresses the publisher no longer mails (e-mail only), and only newcomers on a second call', async () => {
    await addRecipients(db(), issueId, newsletterId, 'email');
    expect(await rows('email')).toEqual(['r0', 'r1', 'r2', 'r3']);
    await addRecipients(db(), issueId, newsletterId, 'notification');
    expect(await rows('notification')).toEqual(['r5']);

    await addSubscriber(6, 'email');
    await addRecipients(db(), issueId, newsletterId, 'email');
    expect(await rows('email')).toEqual(['r0', 'r1', 'r2', 'r3', 'r6']);
  });

  it("claims in the key's order, each claim reading on from the last one taken, and once nothing is left after it, comes back for what was given back behind it", async () => {
    await addRecipients(db(), issueId, newsletterId, 'email');
    await sql`update issue_deliveries set state = 'pending' where issue_id = ${issueId}`.execute(db());
    const claim = recipientClaims(db(), issueId, 'email', 2);
    const ids = async () => (await claim()).map((recipient) => recipient.subscriber_id);
    expect(await ids()).toEqual(['r0', 'r1']);
    await releaseClaimed(db(), issueId, ['r0']);
    expect(await ids()).toEqual(['r2', 'r3']);
    expect(await ids()).toEqual(['r6']);
    expect(await ids()).toEqual(['r0']);
    expect(await ids()).toEqual([]);
  });
});
