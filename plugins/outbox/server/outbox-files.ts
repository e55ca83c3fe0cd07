/**
 * Reads the outbox a page at a time. The mail adapter writes each message as
 * `<capture time>-<id>.json` (core/server/services/mail.ts), so the sorted names are the order
 * of capture and the count is the number of names: a page reads only its own files, not the
 * thousands a busy outbox holds. What a list shows of a message (its summary) is kept in memory
 * by file name, since a captured file never changes, so a search reads each file once.
 * A message is found only among the names listed, by the id in its name: nothing a caller sends
 * becomes part of a path.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { outboxDir, type OutboxEntry } from '../../../core/server/services/mail';
import type { OutboxMessage, OutboxSummary } from '../messages';

/** The mail adapter's name: the ISO time with ':' and '.' as '-', then the message's UUID. */
const entryName = /^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z-([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.json$/;

export interface OutboxPage {
  items: OutboxSummary[];
  count: number;
}

/** Files read at once while a search goes through the outbox. */
const readsAtOnce = 16;

export function createOutboxReader(dataDir: string) {
  const dir = outboxDir(dataDir);
  const summaries = new Map<string, OutboxSummary>();

  /** The outbox's file names, newest first (none when nothing was ever captured). */
  async function names(): Promise<string[]> {
    let found: string[];
    try {
      found = await readdir(dir);
    } catch {
      return [];
    }
    const listed = found
      .filter((name) => entryName.test(name))
      .sort()
      .reverse();
    // The adapter prunes old files: forget their summaries.
    if (summaries.size > listed.length) {
      const current = new Set(listed);
      for (const name of summaries.keys()) if (!current.has(name)) summaries.delete(name);
    }
    return listed;
  }

  /** The entry in a file; undefined when it was pruned meanwhile or is still being written. */
  async function entryOf(name: string): Promise<OutboxEntry | undefined> {
    try {
      return JSON.parse(await readFile(join(dir, name), 'utf8')) as OutboxEntry;
    } catch {
      return undefined;
    }
  }

  async function summaryOf(name: string): Promise<OutboxSummary | undefined> {
    const known = summaries.get(name);
    if (known) return known;
    const entry = await entryOf(name);
    if (!entry) return undefined;
    const summary: OutboxSummary = {
      _id: idOf(name)!,
      // A file cut short or edited by hand still lists (and searches) without failing the page.
      from: String(entry.from ?? ''),
      to: String(entry.to ?? ''),
      subject: String(entry.subject ?? ''),
      date: String(entry.date ?? ''),
      size: Buffer.byteLength(String(entry.html ?? entry.text ?? '')),
    };
    summaries.set(name, summary);
    return summary;
  }

  const summariesOf = async (chosen: string[]) => (await Promise.all(chosen.map(summaryOf))).filter((summary) => summary !== undefined);

  return {
    /** One page, newest first; a search (to or subject, any case) stops counting at `countCap` matches. */
    async list(options: { page: number; limit: number; search?: string; countCap: number }): Promise<OutboxPage> {
      const { page, limit, countCap } = options;
      const all = await names();
      const offset = page * limit;
      const search = options.search?.trim();
      if (!search) return { items: await summariesOf(all.slice(offset, offset + limit)), count: all.length };
      const matchesSearch = searchMatcher(search);
      const matches: OutboxSummary[] = [];
      for (let start = 0; start < all.length && matches.length < countCap; start += readsAtOnce) {
        for (const summary of await summariesOf(all.slice(start, start + readsAtOnce))) {
          if (matchesSearch(summary.to) || matchesSearch(summary.subject)) matches.push(summary);
        }
      }
      return { items: matches.slice(offset, offset + limit), count: Math.min(matches.length, countCap) };
    },

    /** A captured message by its id, or undefined when the outbox has no such message (any more). */
    async find(id: string): Promise<OutboxMessage | undefined> {
      const name = (await names()).find((candidate) => idOf(candidate) === id);
      const entry = name ? await entryOf(name) : undefined;
      if (!entry) return undefined;
      return {
        _id: id,
        from: entry.from,
        to: entry.to,
        subject: entry.subject,
        date: entry.date,
        text: entry.text ?? '',
        html: entry.html ?? null,
        headers: entry.headers ?? {},
      };
    },

    /** How many messages the outbox holds. */
    async count(): Promise<number> {
      return (await names()).length;
    },
  };
}

/**
 * Whether a text holds the search, in any case: Turkish case ('SAYISI' is 'sayısı') or the
 * usual one ('INFO@' is 'info@'), since addresses are rarely Turkish and subjects often are.
 */
function searchMatcher(search: string): (text: string) => boolean {
  const plain = search.toLowerCase();
  const turkish = search.toLocaleLowerCase('tr');
  return (text) => text.toLowerCase().includes(plain) || text.toLocaleLowerCase('tr').includes(turkish);
}

function idOf(name: string): string | undefined {
  return entryName.exec(name)?.[1];
}
