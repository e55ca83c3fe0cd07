/** The imports plugin's tables as Kysely sees them (migrations/). */
import type { ColumnType, Generated, JSONColumnType } from 'kysely';
import type { ImportFile, ImportSource, ItemKind, ReportAction } from './contract';

export type ImportState = 'queued' | 'running' | 'done' | 'failed';

export interface ImportsTable {
  id: string;
  publisher_id: string;
  newsletter_id: string;
  source: ImportSource;
  dry_run: boolean;
  /** The old site's address, where a Ghost export writes __GHOST_URL__ (migration 002). */
  site_url: ColumnType<string | null, string | null | undefined, never>;
  state: Generated<ImportState>;
  files: JSONColumnType<ImportFile[]>;
  stories: Generated<number>;
  issues: Generated<number>;
  subscribers: Generated<number>;
  paid: Generated<number>;
  skipped: Generated<number>;
  progress: Generated<number>;
  error: string | null;
  created_by: string | null;
  created_at: ColumnType<Date, Date | undefined, never>;
  started_at: Date | null;
  finished_at: Date | null;
}

export interface ImportReportRowsTable {
  import_id: string;
  seq: number;
  action: ReportAction;
  kind: ItemKind;
  ref: string;
  reason: string;
}

export interface ImportMemoryTable {
  newsletter_id: string;
  kind: ItemKind;
  key: string;
  target_id: string;
  import_id: string;
}

export type ImportTables = {
  imports: ImportsTable;
  import_report_rows: ImportReportRowsTable;
  import_memory: ImportMemoryTable;
};

declare module '../../../core/server/db/tables' {
  interface PluginTables {
    imports: ImportTables;
  }
}
