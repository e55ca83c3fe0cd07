/**
 * The analytics budget (design.md section 6, decision 0012): the calls the analytics screens make,
 * over 10,000,000 events on PostgreSQL, p99 under 100 ms at 50 concurrent clients over real HTTP;
 * the tracking addresses (open pixel, click redirect) under 5 ms p99, and no event lost under a
 * burst. The events are generated in SQL for the demo newsletters (a year of issues and their
 * stories, opens, clicks and reads by source, a tenth of them machines), and the rollups are built
 * from them as the recorder keeps them, so the two agree. Every load's clients run in a process of
 * their own (list-load.ts), and each answer is timed in the server too (request read to response
 * written): in a burst the clients' wait is mostly the queue in front of the server, and the
 * server's own time is what the tracking budget holds it to. On PostgreSQL when BENCH_DATABASE_URL (or TEST_DATABASE_URL) is
 * set; otherwise on PGlite with fewer events, printed and not budgeted, and the figures say so.
 */
import type { IncomingMessage, Server as HttpServer, ServerResponse } from 'node:http';
import { sql, type Kysely } from 'kysely';
import type { CoreTables } from '../../core/server/db/tables';
import { constants } from '../../core/shared/config';
import { tracking } from '../../plugins/stories/server/public';
import { startTestServer, type TestServer } from '../api/server';
import { baselinePaths, beside, registerBaselineRoutes } from './baseline';
import { benchDatabase, benchSettings, clients, pauseMs, percentile, runInOwnProcess, runLoad, type Load, type Mix } from './list-load';

export const analyticsBudgetP99 = 100;
export const trackingBudgetP99 = 5;
const dayMs = 86_400_000;
const callsPerClient = 20;
/** The tracking load: a hundred readers at once, paced as the list benches (about 400 requests a second), then in a burst. */
const trackingClients = 100;
const burstRequests = 20_000;
/** A copy's hand-over, well before the bench: the tracking calls count as people, not prefetching. */
const handedOverDaysAgo = 3;
/** A real browser: an agent a scanner would not send. */
const browser = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';

/** Per demo newsletter, largest first: issues in the year and the subscribers who open them. */
const shapes = [
  { issues: 150, audience: 40_000 },
  { issues: 75, audience: 20_000 },
  { issues: 52, audience: 10_000 },
  { issues: 26, audience: 5_000 },
];
const storiesPerIssue = 3;
/** Links in each issue's e-mail: two in the intro, then two in each story. */
const linksPerIssue = 2 + 2 * storiesPerIssue;

export interface TrackingFigures {
  mixes: TimedMix[];
  /** An empty handler on the same server (baseline.ts), under the paced load and the burst: the baselines. */
  baselines: { paced: TimedMix; burst: TimedMix };
  requests: number;
  /** Events written for the bench's copies after the flush, and how many of them count as people. */
  written: number;
  people: number;
}

export interface AnalyticsFigures {
  engine: string;
  /** The budgets are PostgreSQL's (design.md section 6); on PGlite the figures are printed only, but no event may be lost. */
  budgeted: boolean;
  events: number;
  fillSeconds: number;
  subscriptionEvents: number;
  mixes: TimedMix[];
  /** The trivial query's route (baseline.ts) under the same load as the calls, with the same token. */
  baseline: TimedMix;
  tracking: TrackingFigures;
  totalSeconds: number;
}

interface Filled {
  events: number;
  subscriptionEvents: number;
  seconds: number;
  newsletterId: string;
  /** A recent issue of the largest newsletter: the content screens, the click map and the tracking calls. */
  issue: { id: string; createdAt: Date };
}

type Db = Kysely<CoreTables>;

/**
 * Fills audience_events with `total` generated events in a few large statements (one slice of the
 * issues each, two at once on PostgreSQL), each statement also adding its events to the rollups
 * exactly as the recorder would have, arriving in time order. `audience_seen` is kept only for the
 * issue the tracking calls reach; the rest of it only matters to events still to come.
 */
async function fill(db: Db, total: number, postgres: boolean): Promise<Filled> {
  const began = performance.now();
  const newsletters = await db
    .selectFrom('newsletters')
    .select(['id', 'publisher_id', 'key'])
    .orderBy(sql`coalesce((select count from subscriber_counts where newsletter_id = newsletters.id), 0)`, 'desc')
    .orderBy('key')
    .execute();
  const editor = await db.selectFrom('users').select('id').where('email', '=', 'editor@masthead.local').executeTakeFirstOrThrow();
  const plan = newsletters.map((newsletter, index) => {
    const shape = shapes[Math.min(index, shapes.length - 1)]!;
    return { ...newsletter, ...shape, spacing: 365 / shape.issues };
  });
  const slices = postgres ? 10 : 2;

  // The demo's rollups were made without events: the bench's are made from its events only.
  for (const table of ['audience_daily', 'audience_newsletter_daily', 'audience_link_counts', 'audience_seen', 'audience_events'])
    await sql`delete from ${sql.table(table)}`.execute(db);

  // A year of published issues, each with its stories, its links and its share of the events.
  await sql`
    create table bench_issues as
    select id, newsletter_id, publisher_id, key, j, audience, published_at,
      round(${total}::float8 * weight / sum(weight) over ())::integer as events,
      array[${sql.join(Array.from({ length: storiesPerIssue }, (_, k) => sql`md5('bench-story-' || id || '-' || ${k})::uuid::text`))}] as stories,
      (row_number() over (order by weight desc) % ${slices})::integer as slice
    from (
      select md5('bench-issue-' || n.key || '-' || j)::uuid::text as id, n.id as newsletter_id, n.publisher_id, n.key, j, n.audience,
        now() - (j + 0.4) * n.spacing * interval '1 day' as published_at, n.audience * (0.7 + 0.6 * random()) as weight
      from json_to_recordset(${JSON.stringify(plan)}::json) as n (id text, publisher_id text, key text, issues integer, audience integer, spacing float8)
      cross join lateral generate_series(0, n.issues - 1) as j
    ) s`.execute(db);
  await sql`
    insert into issues (id, newsletter_id, publisher_id, key, subject, preview, slug, intro_id, intro_html, intro_text,
      draft, ready, accepted, published, emailed, sent, published_at, emailed_at, created_at, updated_at)
    select id, newsletter_id, publisher_id, 'bench-' || key || '-' || j, 'Sayı ' || j, 'Günün özeti', 'bench-' || key || '-' || j,
      md5('bench-intro-' || id)::uuid::text, '<p>Günaydın!</p>', 'Günaydın!',
      false, true, true, true, true, true, published_at, published_at, published_at - interval '1 day', published_at
    from bench_issues`.execute(db);
  await sql`
    insert into stories (id, newsletter_id, publisher_id, type, body_html, body_text, draft, ready, accepted, published, owner_id, issue_id,
      created_at, updated_at, published_at)
    select story, newsletter_id, publisher_id, 'bullet', '<p>Haber ' || k || '</p>', 'Haber ' || k, false, true, true, true, ${editor.id}, id,
      published_at - interval '1 day', published_at, published_at
    from bench_issues cross join lateral unnest(stories) with ordinality as s (story, k)`.execute(db);
  await sql`insert into audience_contents (content_id, content_type, newsletter_id) select id, 'issue', newsletter_id from bench_issues`.execute(db);
  await sql`
    insert into audience_links (content_id, position, url, story_id)
    select id, p, 'https://example.com/' || key || '/' || j || '/' || p, case when p >= 2 then stories[1 + (p - 2) / 2] end
    from bench_issues cross join lateral generate_series(0, ${linksPerIssue - 1}) as p`.execute(db);
  await sql`
    create table bench_newsletter_parts (newsletter_id text, type text, date date, source text, total integer, uniques integer,
      machine integer, machine_uniques integer, duration_ms bigint)`.execute(db);

  const newsletterId = plan[0]!.id;
  const target = (
    await sql<{
      id: string;
      stories: string[];
      published_at: Date;
    }>`select id, stories, published_at from bench_issues where newsletter_id = ${newsletterId} and j = 1`.execute(db)
  ).rows[0]!;
  const targetContents = [target.id, ...target.stories];

  let events = 0;
  const next = { slice: 0 };
  const worker = async () => {
    for (let slice = next.slice++; slice < slices; slice = next.slice++) {
      const written = await fillSlice(db, slice, targetContents, postgres);
      events += written;
    }
  };
  await Promise.all(Array.from({ length: postgres ? 2 : 1 }, worker));

  await sql`
    insert into audience_newsletter_daily (newsletter_id, type, date, source, total, uniques, machine, machine_uniques, duration_ms)
    select newsletter_id, type, date, source, sum(total), sum(uniques), sum(machine), sum(machine_uniques), sum(duration_ms)
    from bench_newsletter_parts group by newsletter_id, type, date, source`.execute(db);
  await sql`drop table bench_newsletter_parts`.execute(db);
  await sql`drop table bench_issues`.execute(db);

  const subscriptionEvents = await fillSubscriptions(db, plan);
  // Settled as a table of this size would be in use: vacuumed (no autovacuum pass over it while
  // the calls are measured), its statistics fresh, its writes on disk.
  for (const table of [
    'audience_events',
    'audience_daily',
    'audience_newsletter_daily',
    'audience_link_counts',
    'audience_links',
    'audience_contents',
    'audience_seen',
    'issues',
    'stories',
  ])
    await sql`vacuum (analyze) ${sql.table(table)}`.execute(db);
  // (A checkpoint needs a superuser or pg_checkpoint; without it the writes settle on their own.)
  if (postgres) await sql`checkpoint`.execute(db).catch(() => undefined);
  return {
    events,
    subscriptionEvents,
    seconds: (performance.now() - began) / 1000,
    newsletterId,
    issue: { id: target.id, createdAt: new Date(new Date(target.published_at).getTime() - dayMs) },
  };
}

/**
 * One slice of the issues: their events, in time order per issue (so ids follow arrival, as the
 * recorder writes them), and in the same statement what the recorder adds to the rollups: per
 * content, day and source (a click on a story's link counts for the story too), per link, and the
 * newsletter's part (each event once), with a unique counted at the first event of a content,
 * kind (a machine's apart) and reader.
 */
async function fillSlice(db: Db, slice: number, targetContents: string[], postgres: boolean): Promise<number> {
  return db.transaction().execute(async (tx) => {
    if (postgres) {
      await sql`set local work_mem = '256MB'`.execute(tx);
      await sql`set local synchronous_commit = off`.execute(tx);
    }
    const { rows } = await sql<{ events: number }>`
      with ev as (
        insert into audience_events (at, type, content_type, content_id, newsletter_id, subscriber_id, source, machine, reason, ip_hash, position, duration_ms)
        select at, type, content_type, content_id, newsletter_id, subscriber_id, source, machine, reason, ip_hash, position, duration_ms
        from (
          select g.idx, g.published_at + make_interval(secs => g.o - g.age * floor(g.o / g.age)) as at,
            case when g.r1 < 0.6 then 'open' when g.r1 < 0.72 then 'click' else 'read' end as type,
            case when g.r1 >= 0.72 and g.r2 < 0.75 then 'story' else 'issue' end as content_type,
            case when g.r1 >= 0.72 and g.r2 < 0.75 then g.stories[1 + floor(g.r3 * ${storiesPerIssue})::integer] else g.id end as content_id,
            g.newsletter_id,
            case when g.r1 < 0.72 then md5(g.newsletter_id || '-' || g.who)::uuid::text end as subscriber_id,
            case when g.r1 < 0.6 then case when g.r2 < 0.8 then 'email' when g.r2 < 0.91 then 'ios' else 'android' end
              when g.r1 < 0.72 then 'email'
              else case when g.r5 < 0.6 then 'web' when g.r5 < 0.85 then 'ios' else 'android' end end as source,
            (g.r1 < 0.6 and g.r2 < 0.8 and g.r5 < 0.18) or (g.r1 >= 0.6 and g.r1 < 0.72 and g.r5 < 0.1) as machine,
            case when g.r1 < 0.6 and g.r2 < 0.8 and g.r5 < 0.18 then case when g.r5 < 0.15 then 'apple-privacy' else 'prefetch-proxy' end
              when g.r1 >= 0.6 and g.r1 < 0.72 and g.r5 < 0.1 then case when g.r5 < 0.06 then 'agent' else 'too-fast' end
              else '' end as reason,
            md5(case when g.r6 < 0.7 then 'ip-' || g.newsletter_id || '-' || g.who else 'ip-' || floor(g.r6 * 1000000)::integer end) as ip_hash,
            case when g.r1 >= 0.6 and g.r1 < 0.72 then floor(power(g.r3, 1.6) * ${linksPerIssue})::integer end as position,
            case when g.r1 >= 0.72 then (5000 + power(g.r7, 2) * 300000)::integer end as duration_ms
          from (
            select b.idx, b.id, b.newsletter_id, b.stories, b.published_at,
              greatest(extract(epoch from now() - b.published_at)::float8, 60) as age,
              -ln(1 - random()) * 129600 as o,
              floor(power(random(), 1.5) * b.audience)::integer as who,
              random() as r1, random() as r2, random() as r3, random() as r5, random() as r6, random() as r7
            from (select *, row_number() over (order by id) as idx from bench_issues where slice = ${slice}) b
            cross join lateral generate_series(1, b.events) as i
            offset 0
          ) g
        ) e
        order by e.idx, e.at
        returning id, at, type, content_type, content_id, newsletter_id, subscriber_id, source, machine, ip_hash, position, duration_ms
      ), units as (
        select ev.id, ev.content_id, ev.content_type, ev.newsletter_id, ev.type, (ev.at at time zone 'UTC')::date as date, ev.source, ev.machine,
          coalesce(ev.subscriber_id, 'ip:' || ev.ip_hash) as who, coalesce(ev.duration_ms, 0) as duration_ms, true as main
        from ev
        union all
        select ev.id, l.story_id, 'story', ev.newsletter_id, ev.type, (ev.at at time zone 'UTC')::date, ev.source, ev.machine,
          coalesce(ev.subscriber_id, 'ip:' || ev.ip_hash), 0, false
        from ev join audience_links l on l.content_id = ev.content_id and l.position = ev.position
        where ev.type = 'click' and l.story_id is not null
      ), flagged as (
        select *, row_number() over (partition by content_id, type, machine, who order by id) = 1 as first from units
      ), daily as (
        insert into audience_daily (content_id, type, date, source, content_type, newsletter_id, total, uniques, machine, machine_uniques, duration_ms)
        select content_id, type, date, source, min(content_type), min(newsletter_id),
          count(*) filter (where not machine), count(*) filter (where not machine and first),
          count(*) filter (where machine), count(*) filter (where machine and first), coalesce(sum(duration_ms) filter (where not machine), 0)
        from flagged group by content_id, type, date, source
      ), parts as (
        insert into bench_newsletter_parts (newsletter_id, type, date, source, total, uniques, machine, machine_uniques, duration_ms)
        select newsletter_id, type, date, source,
          count(*) filter (where not machine), count(*) filter (where not machine and first),
          count(*) filter (where machine), count(*) filter (where machine and first), coalesce(sum(duration_ms) filter (where not machine), 0)
        from flagged where main group by newsletter_id, type, date, source
      ), clicks as (
        select content_id, position, machine, coalesce(subscriber_id, 'ip:' || ip_hash) as who, ip_hash,
          row_number() over (partition by content_id, position, machine, coalesce(subscriber_id, 'ip:' || ip_hash) order by id) = 1 as first_who,
          row_number() over (partition by content_id, position, machine, ip_hash order by id) = 1 as first_ip
        from ev where type = 'click' and position is not null
      ), links as (
        insert into audience_link_counts (content_id, position, total, subscribers, ips, machine)
        select content_id, position, count(*) filter (where not machine), count(*) filter (where not machine and first_who),
          count(*) filter (where not machine and first_ip), count(*) filter (where machine)
        from clicks group by content_id, position
      ), seen as (
        insert into audience_seen (content_id, kind, who)
        select content_id, case when machine then type || '~m' else type end, who from units where content_id = any(${targetContents}::text[])
        union
        select content_id, 'link:' || position, who from clicks where not machine and content_id = any(${targetContents}::text[])
        union
        select content_id, 'ip:' || position, ip_hash from clicks where not machine and content_id = any(${targetContents}::text[])
      )
      select count(*)::integer as events from ev`.execute(tx);
    return Number(rows[0]!.events);
  });
}

/**
 * A year of subscriptions and unsubscriptions (with their reasons) for each newsletter, with the
 * daily rollup the charts read, when the subscribers plugin keeps them (migration 003).
 */
async function fillSubscriptions(db: Db, plan: { id: string; audience: number }[]): Promise<number> {
  const { rows } = await sql<{ table: string | null }>`select to_regclass('subscription_events')::text as table`.execute(db);
  if (!rows[0]?.table) return 0;
  const reasons = [...constants.audience.cancellationReasons, constants.audience.otherReason];
  const result = await sql<{ events: number }>`
    with ev as (
      insert into subscription_events (id, newsletter_id, subscriber_id, type, source, reason, created_at)
      select md5('bench-subscription-' || newsletter_id || '-' || i)::uuid::text, newsletter_id, md5(newsletter_id || '-' || i)::uuid::text,
        case when r1 < 0.78 then 'subscription' else 'unsubscription' end,
        (array['', 'email', 'web', 'ios', 'android'])[1 + floor(r2 * 5)::integer],
        case when r1 >= 0.78 then (${reasons}::text[])[1 + floor(r3 * ${reasons.length})::integer] end,
        now() - r4 * interval '365 days'
      from (
        select n.id as newsletter_id, i, random() as r1, random() as r2, random() as r3, random() as r4
        from json_to_recordset(${JSON.stringify(plan.map((item) => ({ id: item.id, audience: item.audience })))}::json) as n (id text, audience integer)
        cross join lateral generate_series(1, n.audience) as i
        offset 0
      ) g
      returning newsletter_id, type, source, created_at
    ), daily as (
      insert into subscription_daily (newsletter_id, date, type, source, count)
      select newsletter_id, (created_at at time zone 'UTC')::date, type, source, count(*) from ev group by 1, 2, 3, 4
      on conflict (newsletter_id, date, type, source) do update set count = subscription_daily.count + excluded.count
    )
    select count(*)::integer as events from ev`.execute(db);
  await sql`vacuum (analyze) subscription_events`.execute(db);
  await sql`vacuum (analyze) subscription_daily`.execute(db);
  return Number(result.rows[0]!.events);
}

/** What each client asks once before a load in its own process, untimed, to open its connection: a pixel that counts nothing (no copy). */
const warmUpPath = '/t/o/warm-up';
const warmUp = (origin: string) => ({ url: `${origin}${warmUpPath}`, status: 200 });

export interface TimedMix extends Mix {
  /** The server's own answer time (no client, no wait in the socket): p50 and p99. */
  serverP50: number;
  serverP99: number;
}

/** Times each answer in the server while `run` runs: from the request read to the response written. */
async function timedInServer(server: HttpServer, run: () => Promise<Mix>): Promise<TimedMix> {
  const answers: number[] = [];
  const timer = (request: IncomingMessage, response: ServerResponse) => {
    if (request.url === warmUpPath) return;
    const started = performance.now();
    response.once('finish', () => answers.push(performance.now() - started));
  };
  server.prependListener('request', timer);
  try {
    const mix = await run();
    answers.sort((a, b) => a - b);
    return { ...mix, serverP50: percentile(answers, 50), serverP99: percentile(answers, 99) };
  } finally {
    server.off('request', timer);
  }
}

const startOfDay = (ms: number) => new Date(Math.floor(ms / dayMs) * dayMs);
/** Monday 00:00 UTC of the week holding `ms`. */
const startOfWeek = (ms: number) => {
  const day = startOfDay(ms);
  return new Date(day.getTime() - ((day.getUTCDay() + 6) % 7) * dayMs);
};

export async function measureAnalytics(): Promise<AnalyticsFigures> {
  const began = performance.now();
  const kind = benchDatabase();
  const postgres = kind === 'postgres';
  // PGlite is one WebAssembly process: ten million events would take most of an hour there.
  const total = Number(process.env.BENCH_EVENTS ?? (postgres ? 10_000_000 : 500_000));
  const t = await startTestServer(kind, benchSettings, { prepare: registerBaselineRoutes });
  try {
    const db = t.server.database.db;
    const filled = await fill(db, total, postgres);
    const { issue, newsletterId } = filled;
    const token = await t.login('director@masthead.local');
    const address = await t.server.app.listen({ port: 0, host: '127.0.0.1' });

    const now = Date.now();
    const range = (start: Date, spanType?: 'day' | 'week') => ({
      startAt: start.toISOString(),
      endAt: new Date(now).toISOString(),
      ...(spanType ? { spanType, spanInterval: 1 } : {}),
    });
    const weeks = range(startOfWeek(now - 11 * 7 * dayMs), 'week');
    const days = range(startOfDay(now - 13 * dayMs), 'day');
    const lifetime = range(issue.createdAt);
    const auth = { authorization: `Bearer ${token}` };
    const post = (path: string, body: unknown) => () => ({ url: `${address}/api${path}`, method: 'POST' as const, body, headers: auth, status: 200 });
    const filter = (body: object) => post('/analytics/filter', { source: 'events', filter: body });
    const calls: [string, Load['call']][] = [
      [
        'statistics: newsletter, weekly',
        post('/statistics/generate', {
          model: 'Newsletter',
          parent: newsletterId,
          methods: ['Opens', 'Clicks', 'Subscriptions'],
          date: weeks,
          datespan: 'weekly',
        }),
      ],
      [
        'statistics: issue, daily',
        post('/statistics/generate', { model: 'Issue', parent: issue.id, methods: ['Opens', 'Clicks'], date: days, datespan: 'daily' }),
      ],
      ['open by source (issue)', filter({ type: 'open', contentIds: [issue.id], contentTypes: ['issue'], groupBy: 'source', date: lifetime })],
      ['open by date (newsletter)', filter({ type: 'open', contextIds: [newsletterId], groupBy: 'date', date: weeks })],
      ['read by date (issue)', filter({ type: 'read', contentIds: [issue.id], contentTypes: ['issue'], groupBy: 'date', date: days })],
      ['clickmap (issue)', filter({ type: 'clickmap', contentIds: [issue.id], contentTypes: ['issue'] })],
      ['cancellation, this week', filter({ type: 'cancellation', cancellation: { date: range(startOfWeek(now)), cancellableIds: [newsletterId] } })],
      ['subscription by source', filter({ type: 'subscription', subscription: { date: weeks, subscribableId: newsletterId, groupBy: 'source' } })],
      ['subscriber', filter({ type: 'subscriber', subscriber: { newsletterIds: [newsletterId], date: weeks } })],
      ['issue with updateStats', () => ({ url: `${address}/api/issues/list/${issue.id}?updateStats=true`, headers: auth, status: 200 })],
    ];
    const baselineCall: Load['call'] = () => ({
      url: `${address}${baselinePaths.query}`,
      method: 'POST',
      body: { source: 'events' },
      headers: auth,
      status: 200,
    });
    // Warm the connection pool and the caches first.
    for (const [name, call] of [...calls, ['baseline', baselineCall] as const]) await runLoad({ name, clients, perClient: 2, pauseMs: 0, call });
    const baseline = await timedInServer(t.server.app.server, () =>
      runInOwnProcess({ name: 'baseline: select 1', clients, perClient: callsPerClient, pauseMs, call: baselineCall }, warmUp(address)),
    );
    const mixes: TimedMix[] = [];
    for (const [name, call] of calls)
      mixes.push(await timedInServer(t.server.app.server, () => runInOwnProcess({ name, clients, perClient: callsPerClient, pauseMs, call }, warmUp(address))));

    const tracking = await measureTracking(t.server, address, db, issue.id);
    return {
      engine: postgres ? 'PostgreSQL' : "PGlite (no BENCH_DATABASE_URL: not the budget's 10,000,000 on PostgreSQL; printed, not budgeted)",
      budgeted: postgres,
      events: filled.events,
      fillSeconds: filled.seconds,
      subscriptionEvents: filled.subscriptionEvents,
      mixes,
      baseline,
      tracking,
      totalSeconds: (performance.now() - began) / 1000,
    };
  } finally {
    await t.close();
  }
}

/**
 * The open pixel and the click redirect, with real copy tokens of the tracked issue (readers the
 * bench makes up, handed over days ago, so they count as people): paced for the latency budget,
 * then a burst of each; after a flush, every request must have written its event.
 */
async function measureTracking(server: TestServer['server'], address: string, db: Db, issueId: string): Promise<TrackingFigures> {
  const hub = tracking(server.context);
  if (!hub) throw new Error('the analytics plugin is not tracking');
  const handedOver = new Date(Date.now() - handedOverDaysAgo * dayMs);
  const tokens = new Map<string, string>();
  const copy = (reader: string) => {
    let token = tokens.get(reader);
    if (!token) tokens.set(reader, (token = hub.copyToken(issueId, reader, handedOver)));
    return token;
  };
  const headers = { 'user-agent': browser };
  const pixel = (prefix: string) => (client: number, index: number) => ({
    url: `${address}/t/o/${copy(`${prefix}-${client}-${index % 5}`)}`,
    headers,
    status: 200,
  });
  // One link per copy: clicks on different links of one copy within seconds would be a scanner's.
  const click = (prefix: string) => (client: number, index: number) => {
    const reader = (client * 7 + index) % 2000;
    return { url: `${address}/t/c/${copy(`${prefix}-${reader}`)}/${reader % linksPerIssue}`, headers, status: 302 };
  };
  const perBurstClient = Math.ceil(burstRequests / trackingClients);
  const loads: Load[] = [
    { name: 'open pixel', clients: trackingClients, perClient: callsPerClient, pauseMs, call: pixel('bench-paced') },
    { name: 'click redirect', clients: trackingClients, perClient: callsPerClient, pauseMs, call: click('bench-paced') },
    { name: 'open pixel, burst', clients: trackingClients, perClient: perBurstClient, pauseMs: 0, call: pixel('bench-burst') },
    { name: 'click redirect, burst', clients: trackingClients, perClient: perBurstClient, pauseMs: 0, call: click('bench-burst') },
  ];
  // Warm the server first (the issue's newsletter is then in memory); the counted events come after.
  await runLoad({ ...loads[0]!, name: 'warm-up', call: pixel('bench-warm'), perClient: 2, pauseMs: 0 });
  await runLoad({ ...loads[1]!, name: 'warm-up', call: click('bench-warm'), perClient: 2, pauseMs: 0 });
  await hub.flush();
  // The baselines: the same loads on an empty handler of the same server, just before.
  const empty = () => ({ url: `${address}${baselinePaths.empty}`, headers, status: 200 });
  const baselines = {
    paced: await timedInServer(server.app.server, () => runInOwnProcess({ ...loads[0]!, name: 'baseline: empty handler', call: empty }, warmUp(address))),
    burst: await timedInServer(server.app.server, () =>
      // A quarter of the burst's requests from the same clients: enough for its rate and p99, and short.
      runInOwnProcess({ ...loads[2]!, name: 'baseline: empty handler, burst', perClient: Math.ceil(perBurstClient / 4), call: empty }, warmUp(address)),
    ),
  };
  const counted = Number((await sql<{ id: string | null }>`select max(id) as id from audience_events`.execute(db)).rows[0]?.id ?? 0);
  const mixes: TimedMix[] = [];
  for (const load of loads) mixes.push(await timedInServer(server.app.server, () => runInOwnProcess(load, warmUp(address))));
  await hub.flush();
  const { rows } = await sql<{ written: number; people: number }>`
    select count(*)::integer as written, (count(*) filter (where not machine))::integer as people from audience_events
    where id > ${counted} and content_id = ${issueId} and subscriber_id like 'bench-%'`.execute(db);
  return { mixes, baselines, requests: mixes.reduce((sum, mix) => sum + mix.requests, 0), written: rows[0]!.written, people: rows[0]!.people };
}

const ms = (value: number) => `${value.toFixed(1).padStart(7)} ms`;
/** A baseline: its clients' figures and the server's own answer time. */
const baselineLine = (mix: TimedMix) =>
  `  ${mix.name.padEnd(30)} p50 ${ms(mix.p50)}  p99 ${ms(mix.p99)}  ${mix.perSecond.toFixed(0).padStart(6)} calls/s` +
  `  (server p50 ${mix.serverP50.toFixed(2)} ms, p99 ${mix.serverP99.toFixed(2)} ms)`;
/**
 * One mix beside its baseline: the clients' figures, marked when over, then the server's own
 * answer time, marked when it is the budget and over; a burst's rate as a share of the baseline's.
 */
const line = (mix: TimedMix, baseline: TimedMix, clientOver: boolean, serverOver = false) =>
  `  ${mix.name.padEnd(30)} p50 ${beside(mix.p50, baseline.p50, 'ms', 1, 10)}  p99 ${beside(mix.p99, baseline.p99, 'ms', 1, 10)}` +
  `  ${mix.paced ? `${mix.perSecond.toFixed(0).padStart(6)} calls/s` : beside(mix.perSecond, baseline.perSecond, 'calls/s', 0)}${clientOver ? '  OVER BUDGET' : ''}` +
  `  (server p50 ${beside(mix.serverP50, baseline.serverP50, 'ms', 2)}, p99 ${beside(mix.serverP99, baseline.serverP99, 'ms', 2)})${serverOver ? '  OVER BUDGET' : ''}`;

/** Prints the figures like the other bench lines; answers whether a budget was missed. */
export function printAnalytics(figures: AnalyticsFigures): boolean {
  let failed = false;
  console.log(
    `Analytics calls over ${figures.events.toLocaleString('en')} events on ${figures.engine} (filled with their rollups and ${figures.subscriptionEvents.toLocaleString('en')} subscription events in ${figures.fillSeconds.toFixed(0)} s), ${clients} clients (${pauseMs} ms between calls on average); budget p99 ${analyticsBudgetP99} ms`,
  );
  console.log(`  baseline: POST ${baselinePaths.query}, one \`select 1\` behind the same sign-in check, same clients and load`);
  console.log(baselineLine(figures.baseline));
  for (const mix of figures.mixes) {
    const over = figures.budgeted && mix.p99 > analyticsBudgetP99;
    console.log(line(mix, figures.baseline, over));
    if (over) failed = true;
  }
  const tracking = figures.tracking;
  console.log(
    `Tracking addresses, ${trackingClients} clients in a process of their own (paced: ${pauseMs} ms between requests on average, as the list benches; burst: ${burstRequests.toLocaleString('en')} requests, each client's next as soon as its answer came); budget p99 ${trackingBudgetP99} ms, no event lost`,
  );
  console.log(`  baseline: GET ${baselinePaths.empty}, an empty handler on the same server, same clients and loads (its burst a quarter as long)`);
  console.log(baselineLine(tracking.baselines.paced));
  console.log(baselineLine(tracking.baselines.burst));
  for (const mix of tracking.mixes) {
    // Paced, the clients' p99 is the budget. In a burst the clients' wait is the queue of a hundred
    // requests in front of one process (printed); the budget is then the server's own answer time.
    const over = figures.budgeted && (mix.paced ? mix.p99 : mix.serverP99) > trackingBudgetP99;
    console.log(line(mix, mix.paced ? tracking.baselines.paced : tracking.baselines.burst, mix.paced && over, !mix.paced && over));
    if (over) failed = true;
  }
  const lost = tracking.requests - tracking.written;
  console.log(
    `  events written after the flush: ${tracking.written.toLocaleString('en')} of ${tracking.requests.toLocaleString('en')} requests (${tracking.people.toLocaleString('en')} counted as people)${lost !== 0 ? `  ${lost > 0 ? `LOST ${lost}` : `${-lost} TOO MANY`}` : ''}`,
  );
  if (lost !== 0) failed = true;
  console.log(`  whole analytics bench: ${figures.totalSeconds.toFixed(0)} s`);
  return failed;
}
