/** What a client sees of an import (schemas/api/import.schema.json). */
import { iso } from '../../../core/server/present';
import type { Import } from '../../../schemas/generated/api/import';
import type { ReportAction } from './contract';
import type { ImportRow } from './store';

export function presentImport(row: ImportRow, newsletterTitle: string, actions: Record<ReportAction, number>): Import {
  return {
    _id: row.id,
    source: row.source,
    newsletter: { _id: row.newsletter_id, title: newsletterTitle },
    dryRun: row.dry_run,
    state: row.state,
    counts: { stories: row.stories, issues: row.issues, subscribers: row.subscribers, paid: row.paid, skipped: row.skipped },
    actions,
    progress: Math.max(0, Math.min(1, Number(row.progress))),
    error: row.error,
    files: row.files.map((file) => ({ name: file.name, size: file.size })),
    createdAt: iso(row.created_at),
    startedAt: iso(row.started_at),
    finishedAt: iso(row.finished_at),
  };
}
