/** The analytics plugin's tables as Kysely sees them (migrations 001 to 004). */
import type { Generated, Kysely } from 'kysely';
import type { CoreTables } from '../../../core/server/db/tables';

export interface AudienceLinksTable {
  content_id: string;
  position: number;
  url: string;
  story_id: string | null;
}

interface Counts {
  total: Generated<number>;
  uniques: Generated<number>;
  machine: Generated<number>;
  machine_uniques: Generated<number>;
  duration_ms: Generated<string>;
}

export interface AudienceDailyTable extends Counts {
  content_id: string;
  type: string;
  date: string;
  source: string;
  content_type: string;
  newsletter_id: string;
}

export interface AudienceDeviceDailyTable extends AudienceDailyTable {
  device: string;
}

export interface AudienceNewsletterDailyTable extends Counts {
  newsletter_id: string;
  type: string;
  date: string;
  source: string;
}

export interface AudienceLinkCountsTable {
  content_id: string;
  position: number;
  total: Generated<number>;
  subscribers: Generated<number>;
  ips: Generated<number>;
  machine: Generated<number>;
}

/** Who was counted once among each group of an issue's copies (migration 003: a subject test's variants). */
export interface AudienceGroupUniquesTable {
  content_id: string;
  copy_group: number;
  kind: string;
  uniques: number;
}

/** The tracking journal's segments whose events are written (migration 004, journal.ts). */
export interface AudienceJournalSegmentsTable {
  id: string;
  written_at: Generated<Date>;
}

export interface AudienceContentsTable {
  content_id: string;
  content_type: string;
  newsletter_id: string;
}

export type AnalyticsTables = {
  audience_contents: AudienceContentsTable;
  audience_links: AudienceLinksTable;
  audience_daily: AudienceDailyTable;
  audience_device_daily: AudienceDeviceDailyTable;
  audience_newsletter_daily: AudienceNewsletterDailyTable;
  audience_link_counts: AudienceLinkCountsTable;
  audience_group_uniques: AudienceGroupUniquesTable;
  audience_journal_segments: AudienceJournalSegmentsTable;
};

export type AnalyticsDb = Kysely<CoreTables & AnalyticsTables>;

// The plugin's tables in the core's registry: `ownTables(db, 'analytics')` opens a handle with them.
declare module '../../../core/server/db/tables' {
  interface PluginTables {
    analytics: AnalyticsTables;
  }
}
