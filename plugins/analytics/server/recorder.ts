/**
 * Events are answered at once and written a moment later: a tracking call only adds to a buffer
 * (the pixel and the redirect stay well under 5 ms), and the buffer is written every
 * `constants.tracking.flushMs`, or when it holds `flushRows`, in one transaction that appends the
 * events and adds them to the rollups. Unique figures come from `audience_seen`: the first time a
 * subscriber (or, for a page, an address) is seen for a content counts once, and for its group of
 * copies too when its token named one (a subject test's variant: audience_group_uniques). Each
 * event is in the process's journal on disk before its call answers (journal.ts), so a process
 * killed before the write loses none: the journal's segments are written once, after a restart or
 * by another process.
 */
import { sql } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import { constants } from '../../../core/shared/config';
import { quickCommit } from '../../../core/server/db/quick-commit';
import type { Device, Source } from './classify';
import type { Journal } from './journal';
import type { AnalyticsDb } from './tables';

export type EventType = 'open' | 'click' | 'read';

export interface AudienceEvent {
  at: Date;
  type: EventType;
  contentType: 'issue' | 'story';
  contentId: string;
  newsletterId: string;
  subscriberId: string | null;
  source: Source;
  /** From the user agent (classify.ts deviceOf). */
  device: Device;
  machine: boolean;
  reason: string;
  ipHash: string;
  position: number | null;
  durationMs: number | null;
  /** A click on a link inside a story counts for that story as well. */
  storyId: string | null;
  /** The group of copies the event's copy belongs to (a subject test's variant), from its token. */
  copyGroup: number | null;
}

export interface Recorder {
  record(event: AudienceEvent): Promise<void>;
  /** Writes what is buffered now (tests, shutdown). */
  flush(): Promise<void>;
  /** Writes the journal's segments that processes now gone left unwritten (journal.ts); answers how many events they held. */
  takeUpLeft(): Promise<number>;
  close(): Promise<void>;
}

/** One count of an event for one content (an issue click inside a story is two). */
interface Unit {
  contentId: string;
  contentType: 'issue' | 'story';
  newsletterId: string;
  type: EventType;
  date: string;
  source: Source;
  device: Device;
  machine: boolean;
  who: string;
  durationMs: number;
  /** The content the event arrived for (the newsletter's figures count only these). */
  primary: boolean;
  /** The copy's group, for the content the event arrived for. */
  copyGroup: number | null;
}

const dayOf = (at: Date) => at.toISOString().slice(0, 10);

/** How long a written segment's id is kept: far longer than a dead process's journal waits to be taken up. */
const segmentDays = 7;

export function createRecorder(db: AnalyticsDb, log: FastifyBaseLogger, journal?: Journal): Recorder {
  let buffer: AudienceEvent[] = [];
  /** The journal's segments holding the buffer's events. */
  let segments: string[] = [];
  let writing: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | null = null;
  let closed = false;

  const schedule = () => {
    if (timer || closed) return;
    timer = setTimeout(() => {
      timer = null;
      void flush();
    }, constants.tracking.flushMs);
    timer.unref();
  };

  // One write at a time, in arrival order; a failed write keeps its events for the next one.
  function flush(): Promise<void> {
    writing = writing.then(async () => {
      // The buffer and the segment sealed with it hold the same events (nothing runs between).
      const sealed = journal?.seal();
      if (sealed) segments.push(sealed);
      if (buffer.length === 0) return;
      const batch = buffer;
      const batchSegments = segments;
      buffer = [];
      segments = [];
      try {
        await writeEvents(db, batch, batchSegments);
        journal?.written(batchSegments);
      } catch (error) {
        log.error({ err: error, events: batch.length }, 'audience events not written; kept for the next try');
        buffer = batch.concat(buffer);
        segments = batchSegments.concat(segments);
        schedule();
      }
    });
    return writing;
  }

  return {
    async record(event) {
      journal?.append(event);
      buffer.push(event);
      // Past the bound (the database is slow), the caller waits for the write instead of growing memory.
      if (buffer.length >= constants.tracking.bufferMax) return flush();
      if (buffer.length >= constants.tracking.flushRows) void flush();
      else schedule();
    },
    flush,
    async takeUpLeft() {
      if (!journal) return 0;
      let events = 0;
      for (const segment of journal.left()) {
        // Written already when its process died between the write and the file's removal.
        if (await writeEvents(db, segment.events, [segment.id])) events += segment.events.length;
        journal.written([segment.id]);
      }
      await sql`delete from audience_journal_segments where written_at < now() - make_interval(days => ${segmentDays})`.execute(db);
      return events;
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      await flush();
    },
  };
}

function unitsOf(event: AudienceEvent): Unit[] {
  const unit: Unit = {
    contentId: event.contentId,
    contentType: event.contentType,
    newsletterId: event.newsletterId,
    type: event.type,
    date: dayOf(event.at),
    source: event.source,
    device: event.device,
    machine: event.machine,
    who: event.subscriberId ?? `ip:${event.ipHash}`,
    durationMs: event.durationMs ?? 0,
    primary: true,
    copyGroup: event.copyGroup,
  };
  return event.storyId ? [unit, { ...unit, contentId: event.storyId, contentType: 'story', primary: false, copyGroup: null }] : [unit];
}

export const seenKind = (unit: Pick<Unit, 'type' | 'machine'>) => (unit.machine ? `${unit.type}~m` : unit.type);

/** Adds `pairs` to audience_seen; answers the keys that were new. */
async function firstSeen(db: AnalyticsDb, pairs: Map<string, { contentId: string; kind: string; who: string }>): Promise<Set<string>> {
  if (pairs.size === 0) return new Set();
  const rows = [...pairs.values()].sort((a, b) => (a.contentId + a.kind + a.who < b.contentId + b.kind + b.who ? -1 : 1));
  const inserted = await sql<{ content_id: string; kind: string; who: string }>`
    insert into audience_seen (content_id, kind, who)
    select * from unnest(${rows.map((row) => row.contentId)}::text[], ${rows.map((row) => row.kind)}::text[], ${rows.map((row) => row.who)}::text[])
    on conflict do nothing
    returning content_id, kind, who`.execute(db);
  return new Set(inserted.rows.map((row) => `${row.content_id}|${row.kind}|${row.who}`));
}

interface Counts {
  total: number;
  uniques: number;
  machine: number;
  machineUniques: number;
  durationMs: number;
}
const zero = (): Counts => ({ total: 0, uniques: 0, machine: 0, machineUniques: 0, durationMs: 0 });

/**
 * Writes a batch of events in one transaction, with the ids of the journal's segments that hold
 * them; answers false, writing nothing, when those segments were written before.
 */
export async function writeEvents(db: AnalyticsDb, events: AudienceEvent[], segments: string[] = []): Promise<boolean> {
  const units = events.flatMap(unitsOf);
  return db.transaction().execute(async (tx) => {
    if (segments.length > 0) {
      const added = await sql`insert into audience_journal_segments (id) select unnest(${segments}::uuid[]) on conflict do nothing returning id`.execute(tx);
      // A batch's segments are new together, or (taken up again after a kill) written together.
      if (added.rows.length < segments.length) {
        if (added.rows.length > 0) throw new Error(`journal segments ${segments.join(', ')} were partly written`);
        return false;
      }
    }
    // On a PostgreSQL server the commit does not wait for the disk: its crash right after a pixel
    // answered costs one open, waiting at every batch would cost throughput (as sending, decision
    // 0011). PGlite dies with us, so there it waits (core/server/db/quick-commit.ts).
    await quickCommit.execute(tx);
    await sql`
      insert into audience_events (at, type, content_type, content_id, newsletter_id, subscriber_id, source, machine, reason, ip_hash, position, duration_ms)
      select * from unnest(
        ${events.map((event) => event.at.toISOString())}::timestamptz[], ${events.map((event) => event.type)}::text[],
        ${events.map((event) => event.contentType)}::text[], ${events.map((event) => event.contentId)}::text[],
        ${events.map((event) => event.newsletterId)}::text[], ${events.map((event) => event.subscriberId)}::text[],
        ${events.map((event) => event.source)}::text[], ${events.map((event) => event.machine)}::boolean[],
        ${events.map((event) => event.reason)}::text[], ${events.map((event) => event.ipHash)}::text[],
        ${events.map((event) => event.position)}::integer[], ${events.map((event) => event.durationMs)}::integer[])`.execute(tx);

    const pairs = new Map<string, { contentId: string; kind: string; who: string }>();
    const pair = (contentId: string, kind: string, who: string) => pairs.set(`${contentId}|${kind}|${who}`, { contentId, kind, who });
    for (const unit of units) pair(unit.contentId, seenKind(unit), unit.who);
    const clicks = events.filter((event) => event.type === 'click' && !event.machine && event.position !== null);
    for (const click of clicks) {
      pair(click.contentId, `link:${click.position}`, click.subscriberId ?? `ip:${click.ipHash}`);
      pair(click.contentId, `ip:${click.position}`, click.ipHash);
    }
    const fresh = await firstSeen(tx, pairs);
    // Within the batch the first of a pair takes the unique count.
    const taken = (key: string) => fresh.delete(key);

    const daily = new Map<string, Counts & Omit<Unit, 'device' | 'machine' | 'who' | 'durationMs' | 'primary' | 'copyGroup'>>();
    const groups = new Map<string, { contentId: string; copyGroup: number; kind: string; uniques: number }>();
    const byDevice = new Map<string, Counts & Omit<Unit, 'machine' | 'who' | 'durationMs' | 'primary' | 'copyGroup'>>();
    const byNewsletter = new Map<string, Counts & Pick<Unit, 'newsletterId' | 'type' | 'date' | 'source'>>();
    for (const unit of units) {
      const unique = taken(`${unit.contentId}|${seenKind(unit)}|${unit.who}`);
      // A copy seen first counts for its group too (audience_group_uniques): the same uniques, split.
      if (unique && unit.copyGroup !== null) {
        const kind = seenKind(unit);
        const groupKey = `${unit.contentId}|${unit.copyGroup}|${kind}`;
        const group = groups.get(groupKey) ?? { contentId: unit.contentId, copyGroup: unit.copyGroup, kind, uniques: 0 };
        groups.set(groupKey, group);
        group.uniques += 1;
      }
      const key = `${unit.contentId}|${unit.type}|${unit.date}|${unit.source}`;
      const day = daily.get(key) ?? {
        ...zero(),
        contentId: unit.contentId,
        contentType: unit.contentType,
        newsletterId: unit.newsletterId,
        type: unit.type,
        date: unit.date,
        source: unit.source,
      };
      daily.set(key, day);
      const deviceKey = `${key}|${unit.device}`;
      const onDevice = byDevice.get(deviceKey) ?? { ...day, ...zero(), device: unit.device };
      byDevice.set(deviceKey, onDevice);
      const targets: Counts[] = [day, onDevice];
      // The newsletter's figures count each event once.
      if (unit.primary) {
        const newsletterKey = `${unit.newsletterId}|${unit.type}|${unit.date}|${unit.source}`;
        const row = byNewsletter.get(newsletterKey) ?? { ...zero(), newsletterId: unit.newsletterId, type: unit.type, date: unit.date, source: unit.source };
        byNewsletter.set(newsletterKey, row);
        targets.push(row);
      }
      for (const target of targets) {
        if (unit.machine) {
          target.machine += 1;
          if (unique) target.machineUniques += 1;
        } else {
          target.total += 1;
          if (unique) target.uniques += 1;
          target.durationMs += unit.durationMs;
        }
      }
    }
    await upsertDaily(tx, [...daily.values()]);
    await upsertDeviceDaily(tx, [...byDevice.values()]);
    await upsertNewsletterDaily(tx, [...byNewsletter.values()]);
    await upsertGroupUniques(tx, [...groups.values()]);

    const links = new Map<string, { contentId: string; position: number; total: number; subscribers: number; ips: number; machine: number }>();
    for (const event of events.filter((item) => item.type === 'click' && item.position !== null)) {
      const key = `${event.contentId}|${event.position}`;
      const row = links.get(key) ?? { contentId: event.contentId, position: event.position!, total: 0, subscribers: 0, ips: 0, machine: 0 };
      links.set(key, row);
      if (event.machine) {
        row.machine += 1;
        continue;
      }
      row.total += 1;
      if (taken(`${event.contentId}|link:${event.position}|${event.subscriberId ?? `ip:${event.ipHash}`}`)) row.subscribers += 1;
      if (taken(`${event.contentId}|ip:${event.position}|${event.ipHash}`)) row.ips += 1;
    }
    await upsertLinks(tx, [...links.values()]);
    return true;
  });
}

// Rows are written in key order, so that two processes adding to the same rows never deadlock.
const byKey = <T>(rows: T[], key: (row: T) => string) => rows.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));

async function upsertDaily(
  db: AnalyticsDb,
  rows: (Counts & Omit<Unit, 'device' | 'machine' | 'who' | 'durationMs' | 'primary' | 'copyGroup'>)[],
): Promise<void> {
  if (rows.length === 0) return;
  byKey(rows, (row) => `${row.contentId}|${row.type}|${row.date}|${row.source}`);
  await sql`
    insert into audience_daily (content_id, type, date, source, content_type, newsletter_id, total, uniques, machine, machine_uniques, duration_ms)
    select * from unnest(${rows.map((row) => row.contentId)}::text[], ${rows.map((row) => row.type)}::text[], ${rows.map((row) => row.date)}::date[],
      ${rows.map((row) => row.source)}::text[], ${rows.map((row) => row.contentType)}::text[], ${rows.map((row) => row.newsletterId)}::text[],
      ${rows.map((row) => row.total)}::integer[], ${rows.map((row) => row.uniques)}::integer[], ${rows.map((row) => row.machine)}::integer[],
      ${rows.map((row) => row.machineUniques)}::integer[], ${rows.map((row) => row.durationMs)}::bigint[])
    on conflict (content_id, type, date, source) do update set
      total = audience_daily.total + excluded.total, uniques = audience_daily.uniques + excluded.uniques,
      machine = audience_daily.machine + excluded.machine, machine_uniques = audience_daily.machine_uniques + excluded.machine_uniques,
      duration_ms = audience_daily.duration_ms + excluded.duration_ms`.execute(db);
}

async function upsertDeviceDaily(db: AnalyticsDb, rows: (Counts & Omit<Unit, 'machine' | 'who' | 'durationMs' | 'primary' | 'copyGroup'>)[]): Promise<void> {
  if (rows.length === 0) return;
  byKey(rows, (row) => `${row.contentId}|${row.type}|${row.date}|${row.source}|${row.device}`);
  await sql`
    insert into audience_device_daily (content_id, type, date, source, device, content_type, newsletter_id, total, uniques, machine, machine_uniques, duration_ms)
    select * from unnest(${rows.map((row) => row.contentId)}::text[], ${rows.map((row) => row.type)}::text[], ${rows.map((row) => row.date)}::date[],
      ${rows.map((row) => row.source)}::text[], ${rows.map((row) => row.device)}::text[], ${rows.map((row) => row.contentType)}::text[],
      ${rows.map((row) => row.newsletterId)}::text[], ${rows.map((row) => row.total)}::integer[], ${rows.map((row) => row.uniques)}::integer[],
      ${rows.map((row) => row.machine)}::integer[], ${rows.map((row) => row.machineUniques)}::integer[], ${rows.map((row) => row.durationMs)}::bigint[])
    on conflict (content_id, type, date, source, device) do update set
      total = audience_device_daily.total + excluded.total, uniques = audience_device_daily.uniques + excluded.uniques,
      machine = audience_device_daily.machine + excluded.machine, machine_uniques = audience_device_daily.machine_uniques + excluded.machine_uniques,
      duration_ms = audience_device_daily.duration_ms + excluded.duration_ms`.execute(db);
}

async function upsertNewsletterDaily(db: AnalyticsDb, rows: (Counts & Pick<Unit, 'newsletterId' | 'type' | 'date' | 'source'>)[]): Promise<void> {
  if (rows.length === 0) return;
  byKey(rows, (row) => `${row.newsletterId}|${row.type}|${row.date}|${row.source}`);
  await sql`
    insert into audience_newsletter_daily (newsletter_id, type, date, source, total, uniques, machine, machine_uniques, duration_ms)
    select * from unnest(${rows.map((row) => row.newsletterId)}::text[], ${rows.map((row) => row.type)}::text[], ${rows.map((row) => row.date)}::date[],
      ${rows.map((row) => row.source)}::text[], ${rows.map((row) => row.total)}::integer[], ${rows.map((row) => row.uniques)}::integer[],
      ${rows.map((row) => row.machine)}::integer[], ${rows.map((row) => row.machineUniques)}::integer[], ${rows.map((row) => row.durationMs)}::bigint[])
    on conflict (newsletter_id, type, date, source) do update set
      total = audience_newsletter_daily.total + excluded.total, uniques = audience_newsletter_daily.uniques + excluded.uniques,
      machine = audience_newsletter_daily.machine + excluded.machine, machine_uniques = audience_newsletter_daily.machine_uniques + excluded.machine_uniques,
      duration_ms = audience_newsletter_daily.duration_ms + excluded.duration_ms`.execute(db);
}

async function upsertGroupUniques(db: AnalyticsDb, rows: { contentId: string; copyGroup: number; kind: string; uniques: number }[]): Promise<void> {
  if (rows.length === 0) return;
  byKey(rows, (row) => `${row.contentId}|${String(row.copyGroup).padStart(2, '0')}|${row.kind}`);
  await sql`
    insert into audience_group_uniques (content_id, copy_group, kind, uniques)
    select * from unnest(${rows.map((row) => row.contentId)}::text[], ${rows.map((row) => row.copyGroup)}::smallint[], ${rows.map((row) => row.kind)}::text[],
      ${rows.map((row) => row.uniques)}::integer[])
    on conflict (content_id, copy_group, kind) do update set uniques = audience_group_uniques.uniques + excluded.uniques`.execute(db);
}

async function upsertLinks(
  db: AnalyticsDb,
  rows: { contentId: string; position: number; total: number; subscribers: number; ips: number; machine: number }[],
): Promise<void> {
  if (rows.length === 0) return;
  byKey(rows, (row) => `${row.contentId}|${String(row.position).padStart(6, '0')}`);
  await sql`
    insert into audience_link_counts (content_id, position, total, subscribers, ips, machine)
    select * from unnest(${rows.map((row) => row.contentId)}::text[], ${rows.map((row) => row.position)}::integer[], ${rows.map((row) => row.total)}::integer[],
      ${rows.map((row) => row.subscribers)}::integer[], ${rows.map((row) => row.ips)}::integer[], ${rows.map((row) => row.machine)}::integer[])
    on conflict (content_id, position) do update set
      total = audience_link_counts.total + excluded.total, subscribers = audience_link_counts.subscribers + excluded.subscribers,
      ips = audience_link_counts.ips + excluded.ips, machine = audience_link_counts.machine + excluded.machine`.execute(db);
}
