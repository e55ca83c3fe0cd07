/**
 * The subscriber's record shows its bounces and complaints (issue 29, decision 0034): the list of
 * GET /newsletters/list/{id}/subscriptions carries what came back from each address for the
 * newsletter's publisher (hard, soft counted and then suppressed, complaint), nothing for a clean
 * address nor for another publisher's bounce of the same address; bounced=true keeps only those
 * addresses. The demo leaves three hard bounces, a soft one and a complaint from Sabah Bülteni's
 * last sent issue, counted on its publish page and shown in the lists.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { constants } from '../../core/shared/config';
import { recordBounce } from '../../plugins/subscribers/server/bounces';
import { subscribersDb } from '../../plugins/subscribers/server/store';
import { enginesFor, startTestServer, subscribeConfirmed, type TestServer } from './server';

const databases = enginesFor('embedded');

interface Row {
  _id: string;
  bounce?: { kind: string; softCount: number; suppressed: boolean; answer: string; updatedAt: string };
}

describe.each(databases)('subscribers’ bounces on %s', (kind) => {
  let t: TestServer;
  let director: string;
  let ids: Record<'morning' | 'tech' | 'culture', string>;
  let publishers: { kuzey: string; ege: string };

  const db = () => t.server.database.db;
  const list = async (id: string, query = '') => {
    const answer = await t.request('GET', `/api/newsletters/list/${id}/subscriptions${query}`, { token: director });
    expect(answer.status).toBe(200);
    return answer.body as { data: Row[]; count: number };
  };
  const subscribe = (newsletterId: string, email: string) => subscribeConfirmed(t, newsletterId, email);

  beforeAll(async () => {
    t = await startTestServer(kind);
    director = await t.login('director@masthead.local');
    const newsletters = await db().selectFrom('newsletters').select(['id', 'key', 'publisher_id']).execute();
    const of = (key: string) => newsletters.find((row) => row.key === key)!;
    ids = { morning: of('sabah-bulteni').id, tech: of('teknoloji-notlari').id, culture: of('kultur-sanat-haftalik').id };
    publishers = { kuzey: of('sabah-bulteni').publisher_id, ege: of('ege-gundem').publisher_id };
  });
  afterAll(async () => {
    await t.close();
  });

  it('shows each address’s bounce or complaint for the publisher, nothing for a clean one', async () => {
    const addresses = ['temiz', 'kalici', 'gecici', 'dolan', 'sikayetci'].map((name) => `${name}.${kind}@example.com`);
    for (const email of addresses) await subscribe(ids.culture, email);
    const [clean, hard, soft, full, complained] = addresses as [string, string, string, string, string];
    await recordBounce(subscribersDb(db()), { publisherId: publishers.kuzey, email: hard, kind: 'hard', answer: '550 5.1.1 User unknown' });
    await recordBounce(subscribersDb(db()), { publisherId: publishers.kuzey, email: soft, kind: 'soft', answer: '452 4.2.2 Mailbox full' });
    for (let count = 0; count < constants.bounces.softLimit; count++)
      await recordBounce(subscribersDb(db()), { publisherId: publishers.kuzey, email: full, kind: 'soft', answer: `452 4.2.2 Mailbox full (${count + 1})` });
    // A complaint about another newsletter of the publisher: this subscription stays, the address gets nothing more.
    await recordBounce(subscribersDb(db()), { publisherId: publishers.kuzey, email: complained, kind: 'complaint', answer: 'Feedback report: abuse' });
    // Another publisher's bounce of the clean address is that publisher's alone.
    await recordBounce(subscribersDb(db()), { publisherId: publishers.ege, email: clean, kind: 'hard', answer: '550 5.1.1 User unknown' });

    const { data } = await list(ids.culture);
    const byAddress = new Map(data.map((row) => [row._id, row]));
    expect(byAddress.get(clean)).not.toHaveProperty('bounce');
    expect(byAddress.get(hard)!.bounce).toEqual({
      kind: 'hard',
      softCount: 0,
      suppressed: true,
      answer: '550 5.1.1 User unknown',
      updatedAt: expect.any(String),
    });
    expect(byAddress.get(soft)!.bounce).toMatchObject({ kind: 'soft', softCount: 1, suppressed: false, answer: '452 4.2.2 Mailbox full' });
    expect(byAddress.get(full)!.bounce).toMatchObject({
      kind: 'soft',
      softCount: constants.bounces.softLimit,
      suppressed: true,
      answer: `452 4.2.2 Mailbox full (${constants.bounces.softLimit})`,
    });
    expect(byAddress.get(complained)!.bounce).toMatchObject({ kind: 'complaint', suppressed: true, answer: 'Feedback report: abuse' });
    expect(Math.abs(Date.parse(byAddress.get(hard)!.bounce!.updatedAt) - Date.now())).toBeLessThan(60_000);

    // Only the addresses that came back, newest sign-ups first.
    const only = await list(ids.culture, '?bounced=true');
    expect(only.data.map((row) => row._id)).toEqual([complained, full, soft, hard]);
    expect(only.count).toBe(4);

    // A subscription request of their own, confirmed, lifts it.
    await subscribe(ids.culture, hard);
    expect((await list(ids.culture)).data.find((row) => row._id === hard)).not.toHaveProperty('bounce');
  });

  it('refuses a bounced filter that is not a boolean', async () => {
    expect((await t.request('GET', `/api/newsletters/list/${ids.culture}/subscriptions?bounced=maybe`, { token: director })).status).toBe(422);
  });

  it('leaves the demo with bounces and a complaint from Sabah Bülteni’s last sent issue, counted on its publish page and shown in the lists', async () => {
    const issue = (await sql<{ id: string }>`select id from issues where newsletter_id = ${ids.morning} and key like '%-gecen-hafta'`.execute(db())).rows[0]!;
    const counts = await t.request('GET', `/api/issues/bounces/${issue.id}`, { token: director });
    expect(counts.body.data).toEqual({ hard: 3, soft: 1, complaint: 1 });

    const morning = await list(ids.morning, '?bounced=true&limit=100');
    expect(morning.data.map((row) => row.bounce!.kind).sort()).toEqual(['hard', 'hard', 'hard', 'soft']);
    expect(morning.data.find((row) => row.bounce!.kind === 'soft')!.bounce).toMatchObject({ softCount: 1, suppressed: false });
    for (const row of morning.data) expect(row.bounce!.answer).toMatch(/^(550 5|452 4)\./);

    // The complainant left Sabah Bülteni with the complaint's reason, and reads Teknoloji Notları, where the address is suppressed.
    const tech = await list(ids.tech, '?bounced=true');
    expect(tech.data).toHaveLength(1);
    expect(tech.data[0]!.bounce).toMatchObject({ kind: 'complaint', suppressed: true });
    const complainant = tech.data[0]!._id;
    expect((await list(ids.morning, `?search=${encodeURIComponent(complainant)}`)).count).toBe(0);
    const departure = await sql<{ reason: string }>`
      select e.reason from subscription_events e join issue_deliveries d on d.subscriber_id = e.subscriber_id
      where d.issue_id = ${issue.id} and d.email = ${complainant} and e.type = 'unsubscription'`.execute(db());
    expect(departure.rows).toEqual([{ reason: constants.bounces.complaintReason }]);
    // The bounced copies are the addresses the lists show.
    const copies = await sql<{
      email: string;
      bounce: string;
    }>`select email, bounce from issue_deliveries where issue_id = ${issue.id} and bounce is not null`.execute(db());
    expect(copies.rows.map((row) => row.email).sort()).toEqual([...morning.data.map((row) => row._id), complainant].sort());
  });
});
