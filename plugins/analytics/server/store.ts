/**
 * The analytics queries. They read the rollups only (audience_daily per content,
 * audience_device_daily per content and device, audience_newsletter_daily per newsletter,
 * audience_link_counts per link), never the events, so
 * an answer costs the same with ten events or ten million.
 */
import { sql } from 'kysely';
import type { ContentStats, ContentType } from '../../stories/server/public';
import { issuesHolding } from '../../stories/server/public';
import type { Device, Source } from './classify';
import type { EventType } from './recorder';
import type { AnalyticsDb } from './tables';

export type Span = 'day' | 'week' | 'month';

export interface SeriesRow {
  date: string | null;
  source: Source | null;
  /** Only when grouped by device. */
  device?: Device | null;
  content_id: string | null;
  context_id: string | null;
  total: number;
  unique: number;
  machine: number;
  machineUnique: number;
  /** Reads: the average time in view of a person's read, in seconds. */
  averageDuration: number;
}

export interface SeriesQuery {
  type: EventType;
  /** Issues or stories: their own rollup. Without them, the newsletters' rollup. */
  contentIds?: string[];
  contentTypes?: ContentType[];
  newsletterIds: string[];
  startAt: Date;
  endAt: Date;
  groupBy: ('date' | 'source' | 'device' | 'content_id' | 'context_id')[];
  span: Span;
}

const day = (date: Date) => date.toISOString().slice(0, 10);

/** Totals of one event type grouped as asked: by span start, source, content or newsletter. */
export async function eventSeries(db: AnalyticsDb, query: SeriesQuery): Promise<SeriesRow[]> {
  const group = (key: SeriesQuery['groupBy'][number]) => query.groupBy.includes(key);
  // Devices are kept per content only (migrations/002_devices.sql).
  const byContent = Boolean(query.contentIds?.length) || group('content_id') || group('device');
  const table = group('device') ? sql.raw('audience_device_daily') : byContent ? sql.raw('audience_daily') : sql.raw('audience_newsletter_daily');
  const dateExpr = sql`to_char(date_trunc(${query.span}, date), 'YYYY-MM-DD')`;
  const filters = [
    sql`type = ${query.type}`,
    sql`date between ${day(query.startAt)}::date and ${day(query.endAt)}::date`,
    sql`newsletter_id = any(${query.newsletterIds}::text[])`,
  ];
  if (query.contentIds?.length) filters.push(sql`content_id = any(${query.contentIds}::text[])`);
  if (byContent && query.contentTypes?.length) filters.push(sql`content_type = any(${query.contentTypes}::text[])`);
  const { rows } = await sql<
    Sums & {
      date: string | null;
      source: Source | null;
      device: Device | null;
      content_id: string | null;
      context_id: string | null;
    }
  >`
    select ${group('date') ? dateExpr : sql`null`} as date,
      ${group('source') ? sql`source` : sql`null`} as source,
      ${group('content_id') ? sql`content_id` : sql`null`} as content_id,
      ${group('context_id') ? sql`newsletter_id` : sql`null`} as context_id,
      ${group('device') ? sql`device` : sql`null`} as device,
      coalesce(sum(total), 0) as total, coalesce(sum(uniques), 0) as uniques, coalesce(sum(machine), 0) as machine,
      coalesce(sum(machine_uniques), 0) as machine_uniques, coalesce(sum(duration_ms), 0) as duration_ms
    from ${table}
    where ${sql.join(filters, sql` and `)}
    group by 1, 2, 3, 4, 5
    order by 1, 2, 3, 4, 5`.execute(db);
  return rows.filter(hasEvents).map((row) => ({
    date: row.date,
    source: row.source,
    ...(group('device') ? { device: row.device } : {}),
    content_id: row.content_id,
    context_id: row.context_id,
    ...sums(row),
  }));
}

interface Sums {
  total: string;
  uniques: string;
  machine: string;
  machine_uniques: string;
  duration_ms: string;
}

const hasEvents = (row: Sums) => Number(row.total) + Number(row.machine) > 0;

const sums = (row: Sums) => ({
  total: Number(row.total),
  unique: Number(row.uniques),
  machine: Number(row.machine),
  machineUnique: Number(row.machine_uniques),
  averageDuration: Number(row.total) > 0 ? Math.round(Number(row.duration_ms) / Number(row.total) / 1000) : 0,
});

/**
 * The statistics call's audience series in one statement: opens by span and by source, clicks by
 * span, as eventSeries reads each, grouping sets over the same rows of one rollup. For contents
 * whose opens and clicks are counted on the same ids (newsletters, publishers, issues).
 */
export async function openAndClickSeries(
  db: AnalyticsDb,
  query: Omit<SeriesQuery, 'type' | 'groupBy' | 'contentTypes'>,
): Promise<{ opens: SeriesRow[]; bySource: SeriesRow[]; clicks: SeriesRow[] }> {
  const byContent = Boolean(query.contentIds?.length);
  const filters = [
    sql`type in ('open', 'click')`,
    sql`date between ${day(query.startAt)}::date and ${day(query.endAt)}::date`,
    sql`newsletter_id = any(${query.newsletterIds}::text[])`,
  ];
  if (byContent) filters.push(sql`content_id = any(${query.contentIds}::text[])`);
  const { rows } = await sql<Sums & { type: EventType; by_date: boolean; date: string | null; source: Source | null }>`
    select type, grouping(source) = 1 as by_date, date, source,
      coalesce(sum(total), 0) as total, coalesce(sum(uniques), 0) as uniques, coalesce(sum(machine), 0) as machine,
      coalesce(sum(machine_uniques), 0) as machine_uniques, 0 as duration_ms
    from (
      select type, to_char(date_trunc(${query.span}, date), 'YYYY-MM-DD') as date, source, total, uniques, machine, machine_uniques
      from ${sql.raw(byContent ? 'audience_daily' : 'audience_newsletter_daily')}
      where ${sql.join(filters, sql` and `)}
    ) rollup
    group by grouping sets ((type, date), (type, source))
    order by type, by_date, date, source`.execute(db);
  const present = (row: (typeof rows)[number]): SeriesRow => ({
    date: row.by_date ? row.date : null,
    source: row.by_date ? null : row.source,
    content_id: null,
    context_id: null,
    ...sums(row),
  });
  const of = (type: EventType, byDate: boolean) => rows.filter((row) => row.type === type && row.by_date === byDate && hasEvents(row)).map(present);
  return { opens: of('open', true), bySource: of('open', false), clicks: of('click', true) };
}

/**
 * `updateStats=true`: the content's opens and clicks of all time, people and machines apart, as an
 * issue's results count them (plugins/issues/server/results.ts numbersOfIssue): unique opens and
 * clicks are people, each copy once; the totals add their repeats; machines count by copy.
 */
export async function contentStats(db: AnalyticsDb, content: { type: ContentType; id: string }): Promise<ContentStats> {
  // A story's opens are those of the issue it went out in.
  const opensOf = content.type === 'issue' ? content.id : (await issuesHolding(db, { ids: [content.id] }))[0];
  const { rows } = await sql<{ type: string; total: string; uniques: string; machine: string }>`
    select type, sum(total) as total, sum(uniques) as uniques, sum(machine_uniques) as machine from audience_daily
    where (content_id = ${opensOf ?? ''} and type = 'open') or (content_id = ${content.id} and type = 'click')
    group by type`.execute(db);
  const of = (type: string) => rows.find((row) => row.type === type);
  return {
    totalOpens: Number(of('open')?.total ?? 0),
    uniqueOpens: Number(of('open')?.uniques ?? 0),
    totalClicks: Number(of('click')?.total ?? 0),
    uniqueClicks: Number(of('click')?.uniques ?? 0),
    machineOpens: Number(of('open')?.machine ?? 0),
    machineClicks: Number(of('click')?.machine ?? 0),
  };
}

export interface ClickMapRow {
  url: string;
  /** The link's place in the content (0-based, document order). */
  position: number;
  total: number;
  subscribers: number;
  ip: number;
  machine: number;
}

/**
 * Each link of the content with its clicks. An issue's links are its e-mail's; a story's are the
 * links of its text in the issue it went out in, in their order there (a link repeated in a story
 * is one row).
 */
export async function clickMap(db: AnalyticsDb, content: { type: ContentType; id: string }): Promise<ClickMapRow[]> {
  const { rows } =
    content.type === 'issue'
      ? await sql<{ url: string; position: number; total: number; subscribers: number; ips: number; machine: number }>`
          select links.url, links.position, coalesce(counts.total, 0) as total, coalesce(counts.subscribers, 0) as subscribers,
            coalesce(counts.ips, 0) as ips, coalesce(counts.machine, 0) as machine
          from audience_links links
          left join audience_link_counts counts on counts.content_id = links.content_id and counts.position = links.position
          where links.content_id = ${content.id}
          order by links.position`.execute(db)
      : await sql<{ url: string; position: number; total: number; subscribers: number; ips: number; machine: number }>`
          select links.url, (row_number() over (order by min(links.position)) - 1)::integer as position,
            coalesce(sum(counts.total), 0)::integer as total, coalesce(sum(counts.subscribers), 0)::integer as subscribers,
            coalesce(sum(counts.ips), 0)::integer as ips, coalesce(sum(counts.machine), 0)::integer as machine
          from audience_links links
          left join audience_link_counts counts on counts.content_id = links.content_id and counts.position = links.position
          where links.story_id = ${content.id}
          group by links.url
          order by min(links.position)`.execute(db);
  return rows.map((row) => ({
    url: row.url,
    position: Number(row.position),
    total: Number(row.total),
    subscribers: Number(row.subscribers),
    ip: Number(row.ips),
    machine: Number(row.machine),
  }));
}
