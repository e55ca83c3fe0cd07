/**
 * Issue results (issue 30): the demo's e-mailed issues answer sent, delivered, bounced, people's
 * opens and clicks, unsubscriptions and complaints with their rates, in the issue list (sortable by
 * a rate) and in the issue call, and each figure is what the tables hold.
 */
import { sql, type RawBuilder } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { constants } from '../../core/shared/config';
import type { Issue } from '../../schemas/generated/entities/issue';
import { enginesFor, startTestServer, type TestServer } from './server';

const databases = enginesFor('every engine');

describe.each(databases)('issue results on %s', (kind) => {
  let t: TestServer;
  let editor: string;
  let newsletterId: string;

  beforeAll(async () => {
    t = await startTestServer(kind);
    const db = t.server.database.db;
    newsletterId = (await db.selectFrom('newsletters').select('id').where('key', '=', 'sabah-bulteni').executeTakeFirstOrThrow()).id;
    editor = await t.login('editor@masthead.local');
  });
  afterAll(() => t?.close());

  const list = async (query: string) => {
    const answer = await t.request('GET', `/api/issues/list?newsletter=${newsletterId}&limit=100&${query}`, { token: editor });
    expect(answer.status).toBe(200);
    return answer.body.data as Issue[];
  };

  /** The figures of one issue counted straight from the tables. */
  async function counted(issue: { id: string; newsletter_id: string; emailed_at: Date }) {
    const db = t.server.database.db;
    const copies = (
      await sql<{ sent: number; bounced: number; complaints: number }>`
        select count(*) filter (where state = 'sent')::int as sent,
          count(*) filter (where state = 'sent' and bounce in ('hard', 'soft'))::int as bounced,
          count(*) filter (where bounce = 'complaint')::int as complaints
        from issue_deliveries where issue_id = ${issue.id} and medium = 'email'`.execute(db)
    ).rows[0]!;
    const audience = (
      await sql<{ type: string; uniques: number; machine_uniques: number }>`
        select type, sum(uniques)::int as uniques, sum(machine_uniques)::int as machine_uniques
        from audience_daily where content_id = ${issue.id} group by type`.execute(db)
    ).rows;
    const next = (
      await sql<{ at: Date | null }>`
        select least(min(emailed_at), ${issue.emailed_at}::timestamptz + make_interval(days => ${constants.statistics.resultsUnsubscribeDays})) as at
        from issues where newsletter_id = ${issue.newsletter_id} and emailed_at > ${issue.emailed_at}`.execute(db)
    ).rows[0]!.at;
    const unsubscribes = (
      await sql<{ count: number }>`
        select count(*)::int as count from subscription_events
        where newsletter_id = ${issue.newsletter_id} and type = 'unsubscription' and created_at >= ${issue.emailed_at}
          and (${next}::timestamptz is null or created_at < ${next}::timestamptz) and reason is distinct from ${constants.bounces.complaintReason}`.execute(db)
    ).rows[0]!.count;
    const of = (type: string) => audience.find((row) => row.type === type);
    return {
      ...copies,
      opens: of('open')?.uniques ?? 0,
      machineOpens: of('open')?.machine_uniques ?? 0,
      clickers: of('click')?.uniques ?? 0,
      machineClickers: of('click')?.machine_uniques ?? 0,
      unsubscribes,
    };
  }

  it("answers each e-mailed demo issue's results as the tables count them, with plausible rates", async () => {
    const db = t.server.database.db;
    const emailed = (
      await sql<{ id: string; newsletter_id: string; emailed_at: Date }>`
        select id, newsletter_id, emailed_at from issues where newsletter_id = ${newsletterId} and emailed_at is not null`.execute(db)
    ).rows;
    expect(emailed.length).toBeGreaterThan(0);
    const listed = new Map((await list('')).map((issue) => [issue._id, issue]));
    for (const issue of emailed) {
      const expected = await counted(issue);
      const results = listed.get(issue.id)!.results!;
      expect(results).toMatchObject(expected);
      expect(results.delivered).toBe(expected.sent - expected.bounced);
      expect(results.openRate).toBeCloseTo(expected.opens / results.delivered, 10);
      expect(results.clickRate).toBeCloseTo(expected.clickers / results.delivered, 10);
      // The demo reads like a real newsletter: 30 to 60 % opened, some clicked, few left.
      expect(results.openRate).toBeGreaterThanOrEqual(0.3);
      expect(results.openRate).toBeLessThanOrEqual(0.6);
      expect(results.clickRate).toBeGreaterThan(0);
      expect(results.clickRate!).toBeLessThan(results.openRate!);
      expect(results.unsubscribeRate!).toBeLessThan(0.05);
      expect(results.machineOpens).toBeGreaterThan(0);
    }
    // The issue call with updateStats answers the same.
    const one = emailed[0]!;
    const fetched = await t.request('GET', `/api/issues/list/${one.id}?updateStats=true`, { token: editor });
    expect(fetched.status).toBe(200);
    expect(fetched.body.data.results).toEqual(listed.get(one.id)!.results);
  });

  it('keeps the copy counts through every change of a delivery, and drops them with the issue', async () => {
    const db = t.server.database.db;
    const issue = (await list('status=draft'))[0]!;
    const kept = async () =>
      (
        await sql<{ sent: number; bounced: number; complaints: number }>`
        select coalesce(sum(sent), 0)::int as sent, coalesce(sum(bounced), 0)::int as bounced, coalesce(sum(complaints), 0)::int as complaints
        from issue_copy_counts where issue_id = ${issue._id} and medium = 'email'`.execute(db)
      ).rows[0]!;
    // Each change leaves the kept counts equal to a count of the deliveries.
    const change = async (statement: RawBuilder<unknown>) => {
      await statement.execute(db);
      const { sent, bounced, complaints } = await counted({ id: issue._id, newsletter_id: newsletterId, emailed_at: new Date() });
      expect(await kept()).toEqual({ sent, bounced, complaints });
    };
    await change(sql`insert into issue_deliveries (issue_id, medium, subscriber_id, email, state)
      select ${issue._id}, 'email', 'copy-' || i, 'copy' || i || '@example.com', case when i % 2 = 0 then 'sent' else 'pending' end
      from generate_series(1, 40) as i`);
    expect((await kept()).sent).toBe(20);
    await change(sql`update issue_deliveries set state = 'sent' where issue_id = ${issue._id} and subscriber_id in ('copy-1', 'copy-3', 'copy-5')`);
    await change(sql`update issue_deliveries set bounce = 'hard' where issue_id = ${issue._id} and subscriber_id in ('copy-2', 'copy-7')`);
    await change(sql`update issue_deliveries set bounce = 'complaint' where issue_id = ${issue._id} and subscriber_id = 'copy-4'`);
    await change(sql`update issue_deliveries set state = 'failed' where issue_id = ${issue._id} and subscriber_id = 'copy-2'`);
    await change(sql`update issue_deliveries set state = 'pending' where issue_id = ${issue._id} and state = 'failed'`);
    await change(sql`delete from issue_deliveries where issue_id = ${issue._id} and subscriber_id in ('copy-6', 'copy-9')`);
    expect(await kept()).toEqual({ sent: 21, bounced: 0, complaints: 1 });
    // A subject test's copies are counted by their variant too (migration 015).
    await change(sql`insert into issue_deliveries (issue_id, medium, subscriber_id, email, state, variant)
      select ${issue._id}, 'email', 'tested-' || i, 'tested' || i || '@example.com', 'sent', 1 + i % 2 from generate_series(1, 9) as i`);
    await change(sql`update issue_deliveries set bounce = 'soft' where issue_id = ${issue._id} and subscriber_id in ('tested-1', 'tested-3')`);
    const byVariant = await sql<{ variant: number; sent: number; bounced: number }>`select variant, sent, bounced from issue_copy_counts
      where issue_id = ${issue._id} and medium = 'email' order by variant`.execute(db);
    expect(byVariant.rows).toEqual([
      { variant: 0, sent: 21, bounced: 0 },
      { variant: 1, sent: 4, bounced: 0 },
      { variant: 2, sent: 5, bounced: 2 },
    ]);
    await sql`delete from issues where id = ${issue._id}`.execute(db);
    expect((await sql`select 1 from issue_copy_counts where issue_id = ${issue._id}`.execute(db)).rows).toHaveLength(0);
  });

  it('puts an issue never sent at zero, with no rate', async () => {
    const draft = (await list('status=draft'))[0]!;
    expect(draft.results).toMatchObject({ sent: 0, delivered: 0, openRate: null, clickRate: null, unsubscribeRate: null, bounceRate: null });
  });

  it('sorts the list by a rate, issues with nothing delivered last', async () => {
    const byOpenRate = await list('sort=openRate&desc=true');
    const rates = byOpenRate.map((issue) => issue.results!.openRate);
    const known = rates.filter((rate): rate is number => rate !== null);
    expect(known.length).toBeGreaterThan(1);
    expect(known).toEqual([...known].sort((a, b) => b - a));
    expect(rates.slice(0, known.length)).toEqual(known);
    const ascending = (await list('sort=clickRate&desc=false')).map((issue) => issue.results!.clickRate).filter((rate) => rate !== null);
    expect(ascending).toEqual([...ascending].sort((a, b) => a! - b!));
  });

  it('pages a sort by each result as the whole list orders it, each row with all its results', async () => {
    for (const sort of ['sent', 'openRate', 'clickRate', 'unsubscribeRate', 'bounceRate']) {
      const whole = await list(`sort=${sort}&desc=true`);
      expect(whole.length).toBeGreaterThan(4);
      const paged: Issue[] = [];
      for (let page = 0; page * 2 < whole.length; page++) {
        const answer = await t.request('GET', `/api/issues/list?newsletter=${newsletterId}&sort=${sort}&desc=true&limit=2&page=${page}`, { token: editor });
        expect(answer.status).toBe(200);
        paged.push(...(answer.body.data as Issue[]));
      }
      expect(
        paged.map((issue) => issue._id),
        sort,
      ).toEqual(whole.map((issue) => issue._id));
      // The page is found by its key alone; its rows are read whole.
      expect(
        paged.map((issue) => issue.results),
        sort,
      ).toEqual(whole.map((issue) => issue.results));
    }
  });

  it('refuses a sort it does not know', async () => {
    const answer = await t.request('GET', `/api/issues/list?newsletter=${newsletterId}&sort=openrate`, { token: editor });
    expect(answer.status).toBe(422);
  });
});
