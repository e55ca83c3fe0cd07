/**
 * One definition per figure, answered the same by every call (issue 55), for each of the demo's
 * published issues. Opens and clicks are people, each copy once, with people's repeats apart and
 * machines counted by copy: the issue list, the issue call (at the list's address and the spec's
 * item address), the statistics series of the issue's whole life (the chart under its analytics)
 * and the events query by source and device (its pies) each answer the figures the tables hold,
 * so a card and a chart's notes can only agree. The audience of a send is one count: the publish
 * page's preflight answers the e-mail subscribers less the suppressed addresses and those already
 * sent it, and the app subscribers; the newsletter's e-mail subscribers (its home's spotlight) are
 * that audience and the suppressed addresses, and a send's progress and results count the same copies.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Issue } from '../../schemas/generated/entities/issue';
import { enginesFor, startTestServer, type TestServer } from './server';

const databases = enginesFor('embedded');

interface Counted {
  people: number;
  repeats: number;
  machines: number;
}

describe.each(databases)("an issue's figures on every call on %s", (kind) => {
  let t: TestServer;
  let director: string;
  let published: { id: string; newsletter_id: string; emailed: boolean }[];

  beforeAll(async () => {
    t = await startTestServer(kind);
    director = await t.login('director@masthead.local');
    published = (
      await sql<{ id: string; newsletter_id: string; emailed: boolean }>`
        select issues.id, issues.newsletter_id, issues.emailed_at is not null as emailed from issues
        join newsletters on newsletters.id = issues.newsletter_id
        join users on users.publisher_id = newsletters.publisher_id and users.email = 'director@masthead.local'
        where issues.published`.execute(t.server.database.db)
    ).rows;
  });
  afterAll(() => t?.close());

  const get = async <T>(path: string): Promise<T> => {
    const answer = await t.request('GET', `/api${path}`, { token: director });
    expect(answer.status, path).toBe(200);
    return answer.body.data as T;
  };
  const post = async <T>(path: string, body: unknown): Promise<T> => {
    const answer = await t.request('POST', `/api${path}`, { token: director, body });
    expect(answer.status, path).toBe(200);
    return answer.body.data as T;
  };

  /** An issue's opens or clicks counted straight from the rollup, apart from the code that answers them. */
  async function counted(issueId: string, type: 'open' | 'click'): Promise<Counted> {
    const row = (
      await sql<{ people: number; total: number; machines: number }>`
        select coalesce(sum(uniques), 0)::int as people, coalesce(sum(total), 0)::int as total, coalesce(sum(machine_uniques), 0)::int as machines
        from audience_daily where content_id = ${issueId} and type = ${type}`.execute(t.server.database.db)
    ).rows[0]!;
    return { people: row.people, repeats: row.total - row.people, machines: row.machines };
  }

  /** Who a send of the issue reaches now, counted from the subscribers, the suppressed addresses and the deliveries. */
  async function audienceCounted(issueId: string, newsletterId: string) {
    const db = t.server.database.db;
    const suppressed = sql`(select lower(b.email) from mail_bounces b join newsletters n on n.publisher_id = b.publisher_id
      where n.id = ${newsletterId} and b.suppressed_at is not null)`;
    const unsent = (medium: string) =>
      sql`not exists (select 1 from issue_deliveries d where d.issue_id = ${issueId} and d.medium = ${medium} and d.subscriber_id = s.id)`;
    return (
      await sql<{ email: number; notification: number; suppressed: number; subscribers: number }>`
        select count(*) filter (where s.medium = 'email' and lower(s.email) not in ${suppressed} and ${unsent('email')})::int as email,
          count(*) filter (where s.medium = 'notification' and ${unsent('notification')})::int as notification,
          count(*) filter (where s.medium = 'email' and lower(s.email) in ${suppressed})::int as suppressed,
          count(*) filter (where s.medium = 'email')::int as subscribers
        from subscribers s where s.newsletter_id = ${newsletterId}`.execute(db)
    ).rows[0]!;
  }

  it('has e-mailed demo issues with people, repeats and machines to count', () => {
    expect(published.filter((issue) => issue.emailed).length).toBeGreaterThan(1);
  });

  it('answers opens, clicks, their repeats and the machine share alike on the list, the issue call, the series and the pies', async () => {
    const lifetime = { startAt: '2000-01-01T00:00:00.000Z', endAt: new Date(Date.now() + 86_400_000).toISOString() };
    for (const issue of published) {
      const [opens, clicks] = await Promise.all([counted(issue.id, 'open'), counted(issue.id, 'click')]);
      const listed = (await get<Issue[]>(`/issues/list?newsletter=${issue.newsletter_id}&status.published=true&limit=100`)).find(
        (each) => each._id === issue.id,
      )!;
      const fetched = await get<Issue>(`/issues/list/${issue.id}?updateStats=true`);
      const item = await get<Issue>(`/issues/${issue.id}?updateStats=true`);
      const results = fetched.results!;

      // People, each copy once; machines by copy; the share of machines the one figure.
      expect(results).toMatchObject({ opens: opens.people, machineOpens: opens.machines, clickers: clicks.people, machineClickers: clicks.machines });
      expect(results.machineOpenShare).toBe(opens.people + opens.machines ? opens.machines / (opens.people + opens.machines) : null);
      expect(results.machineClickShare).toBe(clicks.people + clicks.machines ? clicks.machines / (clicks.people + clicks.machines) : null);
      expect(listed.results).toEqual(results);
      expect(item.results).toEqual(results);
      // The spec's stats: the unique figures are the people, the totals add only their repeats, the machines are the results'.
      expect(fetched.stats).toMatchObject({
        uniqueOpens: opens.people,
        totalOpens: opens.people + opens.repeats,
        machineOpens: opens.machines,
        uniqueClicks: clicks.people,
        totalClicks: clicks.people + clicks.repeats,
        machineClicks: clicks.machines,
      });
      expect(item.stats).toEqual(fetched.stats);

      // The chart of the issue's whole life sums to the same people, repeats and machines: its notes are the results'.
      const series = await post<{ values: Record<string, { value: number; total: number; machine: number }[]> }>('/statistics/generate', {
        model: 'Issue',
        parent: issue.id,
        methods: ['Opens', 'Clicks'],
        date: lifetime,
        datespan: 'monthly',
      });
      const summed = (points: { value: number; total: number; machine: number }[] = []): Counted => {
        const people = points.reduce((sum, point) => sum + point.value, 0);
        return {
          people,
          repeats: points.reduce((sum, point) => sum + point.total, 0) - people,
          machines: points.reduce((sum, point) => sum + point.machine, 0),
        };
      };
      expect(summed(series.values['opens.total'])).toEqual(opens);
      expect(summed(series.values['clicks.total'])).toEqual(clicks);

      // The pies (by source and device, the issue's whole life) split the same figures.
      for (const [type, expected] of [
        ['open', opens],
        ['click', clicks],
      ] as const) {
        const { result } = await post<{ result: { total: number; unique: number; machineUnique: number }[] }>('/analytics/filter', {
          source: 'events',
          filter: { type, contentIds: [issue.id], contentTypes: ['issue'], groupBy: ['source', 'device'], date: lifetime },
        });
        const people = result.reduce((sum, row) => sum + row.unique, 0);
        expect({
          people,
          repeats: result.reduce((sum, row) => sum + row.total, 0) - people,
          machines: result.reduce((sum, row) => sum + row.machineUnique, 0),
        }).toEqual(expected);
      }
    }
  });

  it("answers the audience of a send as one count: the preflight's, the newsletter's e-mail subscribers less the suppressed, the progress's and the results' copies", async () => {
    const db = t.server.database.db;
    // A suppressed subscriber of each newsletter, so that the audience and the subscribers differ as they do after bounces.
    const newsletterIds = [...new Set(published.map((issue) => issue.newsletter_id))];
    for (const newsletterId of newsletterIds)
      await sql`insert into mail_bounces (publisher_id, email, kind, suppressed_at, updated_at)
        select n.publisher_id, lower(s.email), 'hard', now(), now() from subscribers s join newsletters n on n.id = s.newsletter_id
        where s.newsletter_id = ${newsletterId} and s.medium = 'email' order by s.email limit 1
        on conflict do nothing`.execute(db);
    const drafts = (
      await sql<{ id: string; newsletter_id: string }>`
        select distinct on (newsletter_id) id, newsletter_id from issues
        where newsletter_id = any(${newsletterIds}::text[]) and not published and emailed_at is null order by newsletter_id, id`.execute(db)
    ).rows;
    expect(drafts.length).toBeGreaterThan(0);
    for (const issue of [...published, ...drafts]) {
      const expected = await audienceCounted(issue.id, issue.newsletter_id);
      const preflight = await get<{ recipients: { email: number; notification: number }; suppressed: number }>(`/issues/preflight/${issue.id}`);
      expect(preflight.recipients).toEqual({ email: expected.email, notification: expected.notification });
      expect(preflight.suppressed).toBe(expected.suppressed);
      expect(expected.suppressed).toBeGreaterThan(0);
    }
    for (const issue of drafts) {
      // Before a send: the newsletter's e-mail subscribers, the home's BY E-MAIL, are the audience and the suppressed addresses.
      const preflight = await get<{ recipients: { email: number; notification: number }; suppressed: number }>(`/issues/preflight/${issue.id}`);
      const timeline = await get<{ type: string; medium: string; value: number }[]>(`/newsletters/list/${issue.newsletter_id}/stats`);
      const latest = (medium: string) => timeline.filter((point) => point.type === 'subscribers' && point.medium === medium).at(-1)!.value;
      expect(latest('email')).toBe(preflight.recipients.email + preflight.suppressed);
      expect(latest('notification')).toBe(preflight.recipients.notification);
      const newsletter = await get<{ stats: { subscribers: number } }>(`/newsletters/list/${issue.newsletter_id}`);
      expect(newsletter.stats.subscribers).toBe(preflight.recipients.email + preflight.suppressed + preflight.recipients.notification);
    }
    for (const issue of published.filter((each) => each.emailed)) {
      // After a send: its progress counts the copies its results count.
      const progress = await get<{ email: { total: number; sent: number } }>(`/issues/deliveries/${issue.id}`);
      const { results } = await get<Issue>(`/issues/list/${issue.id}?updateStats=true`);
      expect(progress.email.sent).toBe(results!.sent);
    }
  });
});
