/**
 * What an import's parts share: the run they work for (its publisher, newsletter, whether it is a
 * dry run), the report they write to, and the memory of what earlier runs took, which makes an
 * import idempotent (a second run finds every item already taken and adds nothing) and resumable
 * (a run restarted after a crash goes over its files again and skips what it already took).
 *
 * The runner (runner.ts) reads the uploaded files and hands each part its files: subscribers.ts
 * the member and audience lists, posts/ the posts and pages. Each part streams its input: nothing
 * holds a whole file in memory.
 */
import type { PluginApi } from '../../../core/server/plugins/contract';

export type ImportSource = 'ghost' | 'substack' | 'mailchimp' | 'beehiiv';

/** What the report says happened to one item of the source. */
export type ReportAction = 'taken' | 'changed' | 'skipped' | 'failed';

/** What an item is, as the report names it. */
export type ItemKind = 'story' | 'issue' | 'subscriber' | 'image' | 'redirect' | 'file';

export interface ReportRow {
  action: ReportAction;
  kind: ItemKind;
  /** Where the item is in the source, as a publisher finds it there: 'members.csv row 12', 'post "hello-world"'. */
  ref: string;
  /** Why, in a sentence: 'Unsubscribed in Mailchimp: imported as unsubscribed, never mailed.' */
  reason: string;
}

/** The figures the import answers, counted as the parts go. */
export type CountName = 'stories' | 'issues' | 'subscribers' | 'paid' | 'skipped';

export interface ImportReport {
  /** Adds a row to the report (kept in the database; the API answers the report's rows a page at a time). */
  add(row: ReportRow): Promise<void>;
  count(name: CountName, by?: number): void;
}

/** One uploaded file, stored on disk while the import runs; read it with a stream. */
export interface ImportFile {
  /** The name it was uploaded with ('members.csv', 'my-site.ghost.2026-01-01.json', 'export.zip'). */
  name: string;
  /** Absolute path of the stored copy. */
  path: string;
  size: number;
}

export interface ImportContext {
  api: PluginApi;
  importId: string;
  source: ImportSource;
  publisherId: string;
  newsletterId: string;
  /** A dry run reads and checks everything and writes only its report: no story, subscriber or asset. */
  dryRun: boolean;
  report: ImportReport;
  /** Aborted when the run's deadline passes or the server closes: stop at the next item. */
  signal: AbortSignal;
  /**
   * What an earlier run of any import into this newsletter made of the source's item `key` (the
   * source's own id: a Ghost post id, a Substack post id, an e-mail address), or undefined.
   */
  taken(kind: ItemKind, key: string): Promise<string | undefined>;
  /** Remembers that the source's item `key` became `targetId` (a story id, an issue id, a subscriber id). */
  remember(kind: ItemKind, key: string, targetId: string): Promise<void>;
  /**
   * The date of an item the import brings (a post's publication, a member's subscription): the
   * newsletter's history starts at the earliest, so its created_at moves back to it after the run
   * (analytics ranges start at a newsletter's created_at).
   */
  history(date: Date): void;
}
