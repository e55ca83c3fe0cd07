/**
 * One run of an import, as its parts see it (contract.ts ImportContext): the report they write to,
 * the counts, the idempotence memory, the history's earliest date, and the progress. Rows and
 * counts the parts add one by one are kept a moment and saved together (every
 * constants.imports.progressEveryMs, and at the end); the member lists save theirs a batch at a
 * time with the batch's memory, in one transaction (`commitBatch`), so that a run restarted after
 * a crash neither loses nor counts twice what it reported.
 */
import { inTransaction } from '../../../core/server/db/database';
import type { PluginApi } from '../../../core/server/plugins/contract';
import { constants } from '../../../core/shared/config';
import type { CountName, ImportContext, ImportSource, ItemKind, ReportRow } from './contract';
import { addReportRows, importsDb, recall, remember, saveProgress, type Counts, type ImportsDb, type Remembered } from './store';

const noCounts = (): Counts => ({ stories: 0, issues: 0, subscribers: 0, paid: 0, skipped: 0 });

/** A report row and what it counts, saved only when the row is new to the report. */
export interface CountedRow {
  row: ReportRow;
  counts: CountName[];
}

export interface Run extends ImportContext {
  /** What earlier runs (this import's own before a restart among them) made of these items. */
  recall(kind: ItemKind, keys: readonly string[]): Promise<Map<string, Remembered>>;
  /** Saves a batch's rows (counting those new to the report) and what its items became, in one transaction. */
  commitBatch(rows: readonly CountedRow[], memory: { kind: ItemKind; entries: { key: string; targetId: string }[] }): Promise<void>;
  /** The files to read come to `bytes` (the progress's whole); `bytes` more of them were read. */
  plan(bytes: number): void;
  read(bytes: number): void;
  /** The earliest date `history` was told, if any. */
  earliest(): Date | null;
  /** Saves what is kept: rows, counts, progress. */
  flush(): Promise<void>;
}

export function startRun(
  api: PluginApi,
  record: { id: string; source: ImportSource; publisherId: string; newsletterId: string; dryRun: boolean },
  signal: AbortSignal,
): Run {
  const db: ImportsDb = importsDb(api.db);
  const { id: importId, newsletterId } = record;
  let rows: ReportRow[] = [];
  let counts = noCounts();
  let readBytes = 0;
  let totalBytes = 0;
  let earliest: Date | null = null;
  let savedAt = Date.now(); // real time: how often to save, not a date of the import
  let saving: Promise<void> = Promise.resolve();

  const progress = () => (totalBytes > 0 ? Math.min(1, readBytes / totalBytes) : 0);

  /** Saves what is kept, one save at a time. */
  const flush = () => {
    saving = saving.then(async () => {
      const pendingRows = rows;
      const pendingCounts = counts;
      rows = [];
      counts = noCounts();
      savedAt = Date.now();
      await inTransaction(db, async (tx) => {
        await addReportRows(tx, importId, pendingRows);
        await saveProgress(tx, importId, pendingCounts, progress());
      });
    });
    return saving;
  };
  const flushWhenDue = () => (Date.now() - savedAt >= constants.imports.progressEveryMs || rows.length >= 1000 ? flush() : Promise.resolve());

  return {
    api,
    importId,
    source: record.source,
    publisherId: record.publisherId,
    newsletterId,
    dryRun: record.dryRun,
    signal,
    report: {
      async add(row) {
        rows.push(row);
        await flushWhenDue();
      },
      count(name, by = 1) {
        counts[name] += by;
      },
    },
    async taken(kind, key) {
      return (await recall(db, newsletterId, kind, [key])).get(key)?.targetId;
    },
    async remember(kind, key, targetId) {
      if (!record.dryRun) await remember(db, newsletterId, importId, kind, [{ key, targetId }]);
    },
    history(date) {
      if (!Number.isNaN(date.getTime()) && (!earliest || date < earliest)) earliest = date;
    },
    recall: (kind, keys) => recall(db, newsletterId, kind, keys),
    async commitBatch(batch, memory) {
      await flush();
      await inTransaction(db, async (tx) => {
        const added = await addReportRows(
          tx,
          importId,
          batch.map((item) => item.row),
        );
        const batchCounts = noCounts();
        for (const index of added) for (const name of batch[index]!.counts) batchCounts[name]++;
        await saveProgress(tx, importId, batchCounts, progress());
        if (!record.dryRun) await remember(tx, newsletterId, importId, memory.kind, memory.entries);
      });
      savedAt = Date.now();
    },
    plan(bytes) {
      totalBytes = bytes;
    },
    read(bytes) {
      readBytes += bytes;
    },
    earliest: () => earliest,
    flush,
  };
}
