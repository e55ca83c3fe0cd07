/**
 * The events a process answered and has not written to the database yet, kept on disk as they
 * come (issue 59): a pixel or a redirect answers at once and its event is written with the next
 * batch (recorder.ts), so a process killed between the two would lose up to a batch of events.
 * Each event is appended to the process's open segment, a file of JSON lines, before the answer
 * goes; a write to the operating system survives the process (not the machine: like the quick
 * commit, decision 0011). The recorder seals the segment when it takes its events for a batch,
 * and the batch records the segment's id in audience_journal_segments in its own transaction, so
 * that a segment is counted once: after the write its file goes; a segment whose file outlived its
 * write (a kill between the two) is found written and only removed.
 *
 * A process's segments are in a folder named by its process id under DATA_DIR/tracking-journal;
 * the segments of a process that is gone (this one before a restart, or another that shared the
 * folder) are taken up by `left`, the open one included. A process is known gone by its id on this
 * machine, so a data folder is one machine's (processes on several machines have one each, as
 * docs/operations.md says: files go to a bucket).
 */
import { randomUUID } from 'node:crypto';
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import type { AudienceEvent } from './recorder';

export interface Journal {
  /** Appends an event to the open segment, before its call answers. */
  append(event: AudienceEvent): void;
  /** Closes the open segment (the events appended since the last seal) and answers its id; null when it holds none. */
  seal(): string | null;
  /** Removes segments whose events are written. */
  written(ids: string[]): void;
  /** The segments of processes that are gone, each with its events, taken over by this one. */
  left(): { id: string; events: AudienceEvent[] }[];
}

const segmentFile = (folder: string, id: string) => join(folder, `${id}.jsonl`);

/** Whether a process of this id is running here (a journal's owner that may still write to it). */
function running(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The journal of this process (`owner`: of the process with that id, for tests of one that died). */
export function openJournal(dataDir: string, owner = process.pid): Journal {
  const root = join(dataDir, 'tracking-journal');
  const own = join(root, String(owner));
  // A process that had this id before (a restart that drew the same id) left these.
  const inherited = existsSync(own) ? readdirSync(own).filter((file) => file.endsWith('.jsonl')) : [];
  mkdirSync(own, { recursive: true });
  let open: { id: string; fd: number } | null = null;

  const eventOf = (line: string): AudienceEvent | null => {
    try {
      const event = JSON.parse(line) as AudienceEvent & { at: string };
      return { ...event, at: new Date(event.at) };
    } catch {
      // The last line of a segment whose process died in the middle of writing it.
      return null;
    }
  };

  return {
    append(event) {
      open ??= (() => {
        const id = randomUUID();
        return { id, fd: openSync(segmentFile(own, id), 'a') };
      })();
      writeSync(open.fd, `${JSON.stringify(event)}\n`);
    },
    seal() {
      if (!open) return null;
      closeSync(open.fd);
      const { id } = open;
      open = null;
      return id;
    },
    written(ids) {
      for (const id of ids) rmSync(segmentFile(own, id), { force: true });
    },
    left() {
      const ids = inherited.splice(0).map((name) => name.slice(0, -'.jsonl'.length));
      for (const folderName of readdirSync(root)) {
        const pid = Number(folderName);
        if (!Number.isInteger(pid) || pid === owner || running(pid)) continue;
        // Taken into this process's folder: `written` removes them, and should this process die
        // before, they are left again.
        const folder = join(root, folderName);
        for (const name of readdirSync(folder).filter((file) => file.endsWith('.jsonl'))) {
          renameSync(join(folder, name), join(own, name));
          ids.push(name.slice(0, -'.jsonl'.length));
        }
        rmSync(folder, { recursive: true, force: true });
      }
      return ids.map((id) => ({
        id,
        events: readFileSync(segmentFile(own, id), 'utf8')
          .split('\n')
          .filter(Boolean)
          .map(eventOf)
          .filter((event): event is AudienceEvent => event !== null),
      }));
    },
  };
}
