/**
 * The tracking journal (issue 59, plugins/analytics/server/journal.ts): the events a process
 * answered but had not written when it died are written once by the next process that looks,
 * those of a batch it sealed and of the segment still open alike; a segment whose write committed
 * before its file could go is not counted again; and a process's own journal empties as it writes.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openJournal } from '../../plugins/analytics/server/journal';
import { createRecorder, writeEvents, type AudienceEvent } from '../../plugins/analytics/server/recorder';
import { enginesFor, startTestServer, type TestServer } from './server';

const databases = enginesFor('every engine');
const log = pino({ level: 'silent' });

/** The id of a process that has ended. */
const deadPid = () => spawnSync(process.execPath, ['-e', '']).pid;

describe.each(databases)('the tracking journal on %s', (kind) => {
  let t: TestServer;
  const dir = mkdtempSync(join(tmpdir(), 'masthead-journal-'));
  let contentId = 0;

  beforeAll(async () => {
    t = await startTestServer(kind);
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const db = () => t.server.database.db;
  /** `count` opens of a content of its own, by as many readers. */
  const opens = (count: number): AudienceEvent[] => {
    contentId++;
    return Array.from({ length: count }, (_, index) => ({
      at: new Date(),
      type: 'open',
      contentType: 'issue',
      contentId: `gunluk-${kind}-${contentId}`,
      newsletterId: 'gunluk-bulten',
      subscriberId: `okur-${index}`,
      source: 'email',
      device: 'mobile',
      machine: false,
      reason: '',
      ipHash: 'ip',
      position: null,
      durationMs: null,
      storyId: null,
      copyGroup: null,
    }));
  };
  const counted = async (events: AudienceEvent[]) => {
    const id = events[0]!.contentId;
    const { rows } = await sql<{ events: number; uniques: number }>`select
        (select count(*)::int from audience_events where content_id = ${id}) as events,
        (select coalesce(sum(uniques), 0)::int from audience_daily where content_id = ${id} and type = 'open') as uniques`.execute(db());
    return rows[0]!;
  };
  const files = (pid: number) => {
    const folder = join(dir, 'tracking-journal', String(pid));
    return existsSync(folder) ? readdirSync(folder) : [];
  };

  it('writes once what a process that died had answered: a sealed batch and the open segment alike', async () => {
    const pid = deadPid();
    const dead = openJournal(dir, pid);
    const sealed = opens(30);
    // The process took these for a batch and died before its transaction committed...
    for (const event of sealed) dead.append(event);
    expect(dead.seal()).not.toBeNull();
    // ...and had answered these since.
    const open = opens(12);
    for (const event of open) dead.append(event);
    expect(files(pid)).toHaveLength(2);

    const recorder = createRecorder(db(), log, openJournal(dir));
    expect(await recorder.takeUpLeft()).toBe(42);
    expect(await counted(sealed)).toEqual({ events: 30, uniques: 30 });
    expect(await counted(open)).toEqual({ events: 12, uniques: 12 });
    expect(files(pid)).toEqual([]);
    // Nothing is left for the next look.
    expect(await recorder.takeUpLeft()).toBe(0);
    expect(await counted(sealed)).toEqual({ events: 30, uniques: 30 });
    await recorder.close();
  });

  it('does not count again a segment whose write committed before its file went', async () => {
    const pid = deadPid();
    const dead = openJournal(dir, pid);
    const events = opens(8);
    for (const event of events) dead.append(event);
    const id = dead.seal()!;
    // The batch committed; the process died before it removed the file.
    expect(await writeEvents(db(), events, [id])).toBe(true);
    const recorder = createRecorder(db(), log, openJournal(dir));
    expect(await recorder.takeUpLeft()).toBe(0);
    expect(await counted(events)).toEqual({ events: 8, uniques: 8 });
    expect(files(pid)).toEqual([]);
    await recorder.close();
  });

  it("keeps each event in the process's journal until its batch is written, then removes it", async () => {
    const recorder = createRecorder(db(), log, openJournal(dir));
    const events = opens(5);
    for (const event of events) await recorder.record(event);
    expect(files(process.pid)).toHaveLength(1);
    await recorder.flush();
    expect(files(process.pid)).toEqual([]);
    expect(await counted(events)).toEqual({ events: 5, uniques: 5 });
    await recorder.close();
  });
});
