/**
 * The demo's devices: each of the demo contents' daily figures shared out among desktops, phones
 * and tablets, as readers of a newsletter use them (an e-mail read on a phone about half the time,
 * an app always on a phone or a tablet). Each share is the difference of two floors of the running
 * share, so the devices add up to the day's figure exactly.
 */
import { sql } from 'kysely';
import type { AnalyticsDb } from './tables';

/** [source, device, running share before, running share after]. */
const shares: [string, string, number, number][] = [
  ['email', 'desktop', 0, 0.42],
  ['email', 'mobile', 0.42, 0.92],
  ['email', 'tablet', 0.92, 1],
  ['web', 'desktop', 0, 0.55],
  ['web', 'mobile', 0.55, 0.93],
  ['web', 'tablet', 0.93, 1],
  ['ios', 'mobile', 0, 0.85],
  ['ios', 'tablet', 0.85, 1],
  ['android', 'mobile', 0, 0.9],
  ['android', 'tablet', 0.9, 1],
];

export async function seedDevices(db: AnalyticsDb): Promise<void> {
  const part = (column: string) => sql`(floor(daily.${sql.raw(column)} * share.upto) - floor(daily.${sql.raw(column)} * share.below))::integer`;
  await sql`
    insert into audience_device_daily (content_id, type, date, source, device, content_type, newsletter_id, total, uniques, machine, machine_uniques, duration_ms)
    select daily.content_id, daily.type, daily.date, daily.source, share.device, daily.content_type, daily.newsletter_id,
      ${part('total')}, ${part('uniques')}, ${part('machine')}, ${part('machine_uniques')},
      (floor(daily.duration_ms * share.upto) - floor(daily.duration_ms * share.below))::bigint
    from audience_daily daily
    join unnest(${shares.map((row) => row[0])}::text[], ${shares.map((row) => row[1])}::text[], ${shares.map((row) => row[2])}::float8[],
      ${shares.map((row) => row[3])}::float8[]) as share (source, device, below, upto) on share.source = daily.source
    where not exists (
      select 1 from audience_device_daily kept
      where kept.content_id = daily.content_id and kept.type = daily.type and kept.date = daily.date and kept.source = daily.source)
    on conflict do nothing`.execute(db);
}
