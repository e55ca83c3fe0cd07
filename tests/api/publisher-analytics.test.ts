/**
 * The publisher's newsletters side by side (issue 55 point 4): GET /publishers/analytics/{id}
 * answers, for each newsletter of the publisher the caller reaches, its subscribers, its
 * subscriptions, unsubscriptions and growth in the range, and the results of the issues it
 * e-mailed in the range with the rates every other screen shows: each figure here is counted
 * again straight from the tables (deliveries, the audience rollup, subscription events), and
 * compared with the issue list's own results of the same issues.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clock } from '../../core/server/clock';
import { constants } from '../../core/shared/config';
import type { PublisherAnalytics } from '../../schemas/generated/api/publisher-analytics';
import type { Issue } from '../../schemas/generated/entities/issue';
import { enginesFor, startTestServer, type TestServer } from './server';

const databases = enginesFor('every engine');
const dayMs = 86_400_000;

describe.each(databases)("a publisher's newsletters side by side, on %s", (kind) => {
  let t: TestServer;
  let director: string;
  let publisherId: string;
  /** The range: the last 90 whole UTC days, today included. */
  let startAt: Date;
  let endAt: Date;

  const ask = (id: string, token?: string, range: Record<string, string> = { startAt: startAt.toISOString(), endAt: endAt.toISOString() }) =>
    t.request('GET', `/api/publishers/analytics/${id}?${new URLSearchParams(range).toString()}`, { token });

  beforeAll(async () => {
    t = await startTestServer(kind);
    const db = t.server.database.db;
    publisherId = (await db.selectFrom('newsletters').select('publisher_id').where('key', '=', 'sabah-bulteni').executeTakeFirstOrThrow()).publisher_id;
    director = await t.login('director@masthead.local');
    const today = Math.floor(clock.ms() / dayMs) * dayMs;
    startAt = new Date(today - 89 * dayMs);
    endAt = new Date(today + dayMs - 1000);
  });
  afterAll(() => t?.close());

  /** One newsletter's figures counted from the tables, apart from the call's statements. */
  async function counted(newsletterId: string) {
    const db = t.server.database.db;
    const subscribers = (
      await sql<{ count: number }>`select coalesce(sum(count), 0)::int as count from subscriber_counts where newsletter_id = ${newsletterId}`.execute(db)
    ).rows[0]!.count;
    const flows = (
      await sql<{ type: string; count: number }>`
        select type, count(*)::int as count from subscription_events
        where newsletter_id = ${newsletterId} and (created_at at time zone 'UTC')::date between ${startAt.toISOString().slice(0, 10)}::date and ${endAt.toISOString().slice(0, 10)}::date
        group by type`.execute(db)
    ).rows;
    const emailed = (
      await sql<{ id: string; emailed_at: Date }>`
        select id, emailed_at from issues where newsletter_id = ${newsletterId} and emailed_at between ${startAt} and ${endAt}`.execute(db)
    ).rows;
    const sums = { sent: 0, bounced: 0, opens: 0, clickers: 0, unsubscribes: 0 };
    for (const issue of emailed) {
      const copies = (
        await sql<{ sent: number; bounced: number }>`
          select count(*) filter (where state = 'sent')::int as sent, count(*) filter (where state = 'sent' and bounce in ('hard', 'soft'))::int as bounced
          from issue_deliveries where issue_id = ${issue.id} and medium = 'email'`.execute(db)
      ).rows[0]!;
      // People once a copy: the rollup's unique figures, machines left out.
      const people = (
        await sql<{ type: string; uniques: number }>`
          select type, sum(uniques)::int as uniques from audience_daily where content_id = ${issue.id} group by type`.execute(db)
      ).rows;
      const until = (
        await sql<{ at: Date | null }>`
          select least(min(emailed_at), ${issue.emailed_at}::timestamptz + make_interval(days => ${constants.statistics.resultsUnsubscribeDays})) as at
          from issues where newsletter_id = ${newsletterId} and emailed_at > ${issue.emailed_at}`.execute(db)
      ).rows[0]!.at;
      const left = (
        await sql<{ count: number }>`
          select count(*)::int as count from subscription_events
          where newsletter_id = ${newsletterId} and type = 'unsubscription' and created_at >= ${issue.emailed_at}
            and (${until}::timestamptz is null or created_at < ${until}::timestamptz) and reason is distinct from ${constants.bounces.complaintReason}`.execute(
          db,
        )
      ).rows[0]!.count;
      sums.sent += copies.sent;
      sums.bounced += copies.bounced;
      sums.opens += people.find((row) => row.type === 'open')?.uniques ?? 0;
      sums.clickers += people.find((row) => row.type === 'click')?.uniques ?? 0;
      sums.unsubscribes += left;
    }
    const subscriptions = flows.find((row) => row.type === 'subscription')?.count ?? 0;
    const unsubscriptions = flows.find((row) => row.type === 'unsubscription')?.count ?? 0;
    return { subscribers, subscriptions, unsubscriptions, issues: emailed.map((issue) => issue.id), ...sums, delivered: sums.sent - sums.bounced };
  }

  it('answers every newsletter of the publisher with the figures the tables hold, its rates over the delivered copies', async () => {
    const answer = await ask(publisherId, director);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const rows = answer.body.data as PublisherAnalytics;
    const db = t.server.database.db;
    const own = await db
      .selectFrom('newsletters')
      .select(['id', 'title'])
      .where('publisher_id', '=', publisherId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    expect(rows.map((row) => [row._id, row.title])).toEqual(own.map((newsletter) => [newsletter.id, newsletter.title]));
    let withRates = 0;
    for (const row of rows) {
      const expected = await counted(row._id);
      expect({ title: row.title, subscribers: row.subscribers, subscriptions: row.subscriptions, unsubscriptions: row.unsubscriptions }).toEqual({
        title: row.title,
        subscribers: expected.subscribers,
        subscriptions: expected.subscriptions,
        unsubscriptions: expected.unsubscriptions,
      });
      expect(row.growth).toBe(expected.subscriptions - expected.unsubscriptions);
      expect(row.issues).toBe(expected.issues.length);
      expect(row.results).toMatchObject({
        sent: expected.sent,
        bounced: expected.bounced,
        delivered: expected.delivered,
        opens: expected.opens,
        clickers: expected.clickers,
        unsubscribes: expected.unsubscribes,
      });
      if (expected.delivered === 0) {
        expect([row.results.openRate, row.results.clickRate, row.results.unsubscribeRate]).toEqual([null, null, null]);
        continue;
      }
      withRates += 1;
      expect(row.results.openRate).toBeCloseTo(expected.opens / expected.delivered, 12);
      expect(row.results.clickRate).toBeCloseTo(expected.clickers / expected.delivered, 12);
      expect(row.results.unsubscribeRate).toBeCloseTo(expected.unsubscribes / expected.delivered, 12);
      // Opens are people, each copy once: never more than the copies delivered.
      expect(row.results.openRate!).toBeLessThanOrEqual(1);
      expect(row.results.clickRate!).toBeLessThan(row.results.openRate!);
    }
    // The demo's newsletters have e-mailed issues in the last 90 days: the comparison has rates to compare.
    expect(withRates).toBeGreaterThan(1);
  });

  it("sums the same results the issue list shows for each of the newsletter's issues", async () => {
    const rows = (await ask(publisherId, director)).body.data as PublisherAnalytics;
    const row = rows.find((candidate) => candidate.results.delivered > 0)!;
    const listed = (await t.request('GET', `/api/issues/list?newsletter=${row._id}&status.published=true&limit=100`, { token: director })).body.data as Issue[];
    const inRange = listed.filter(
      (issue) => issue.emailedAt && Date.parse(issue.emailedAt) >= startAt.getTime() && Date.parse(issue.emailedAt) <= endAt.getTime(),
    );
    expect(inRange.length).toBe(row.issues);
    const sum = (field: 'delivered' | 'opens' | 'clickers' | 'unsubscribes') => inRange.reduce((total, issue) => total + issue.results![field], 0);
    expect(row.results.openRate).toBeCloseTo(sum('opens') / sum('delivered'), 12);
    expect(row.results.clickRate).toBeCloseTo(sum('clickers') / sum('delivered'), 12);
    expect(row.results.unsubscribeRate).toBeCloseTo(sum('unsubscribes') / sum('delivered'), 12);
  });

  it('has nothing to rate in a range when no issue went out', async () => {
    const answer = await ask(publisherId, director, { startAt: '2001-01-01T00:00:00Z', endAt: '2001-01-31T23:59:59Z' });
    expect(answer.status).toBe(200);
    for (const row of answer.body.data as PublisherAnalytics) {
      expect(row).toMatchObject({ subscriptions: 0, unsubscriptions: 0, growth: 0, issues: 0 });
      expect(row.results).toMatchObject({ sent: 0, delivered: 0, openRate: null, clickRate: null, unsubscribeRate: null });
    }
  });

  it("refuses the anonymous, another publisher's director and an editor, and a range that is none", async () => {
    const anonymous = await ask(publisherId);
    expect([anonymous.status, anonymous.body.err]).toEqual([401, 'UNAUTHORIZED']);
    const other = await ask(publisherId, await t.login('director@egehaber.example'));
    expect([other.status, other.body.msg]).toEqual([404, 'Publisher not found.']);
    // An editor reaches newsletters, not the publisher: as the statistics call for a publisher.
    const editor = await t.login('editor@masthead.local');
    expect((await ask(publisherId, editor)).status).toBe(404);
    const statistics = await t.request('POST', '/api/statistics/generate', {
      token: editor,
      body: {
        model: 'Publisher',
        parent: publisherId,
        methods: ['Opens'],
        date: { startAt: startAt.toISOString(), endAt: endAt.toISOString() },
        datespan: 'weekly',
      },
    });
    expect(statistics.status).toBe(404);
    const invalid = await ask(publisherId, director, { startAt: 'yesterday', endAt: endAt.toISOString() });
    expect(invalid.status).toBe(422);
    expect(invalid.body.details).toEqual([expect.objectContaining({ message: 'startAt must be a date and time.' })]);
    const reversed = await ask(publisherId, director, { startAt: endAt.toISOString(), endAt: startAt.toISOString() });
    expect(reversed.status).toBe(422);
    // Both ends or neither (the last year, as the other analytics calls).
    expect((await ask(publisherId, director, { startAt: startAt.toISOString() })).status).toBe(422);
    expect((await ask(publisherId, director, {})).status).toBe(200);
  });
});
