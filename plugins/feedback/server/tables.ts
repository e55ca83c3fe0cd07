/** The feedback plugin's table as Kysely sees it. */
import type { ColumnType } from 'kysely';

export type FeedbackType = 'feedback' | 'bug' | 'feature';
export type FeedbackStatus = 'new' | 'seen' | 'done';

export interface FeedbackTable {
  id: string;
  type: FeedbackType;
  product: string;
  title: string;
  description: string;
  email: string;
  user_id: string | null;
  status: ColumnType<FeedbackStatus, FeedbackStatus | undefined, FeedbackStatus>;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

// A type (not an interface), so that Kysely's withTables<...>() accepts it.
export type FeedbackTables = {
  feedback: FeedbackTable;
};

// The plugin's tables in the core's registry: `ownTables(db, 'feedback')` opens a handle with them.
declare module '../../../core/server/db/tables' {
  interface PluginTables {
    feedback: FeedbackTables;
  }
}
