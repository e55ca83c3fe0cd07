/** The newsletters plugin's tables as Kysely sees them (newsletters itself is a core table). */
import type { ColumnType } from 'kysely';

export interface TagsTable {
  publisher_id: string;
  name: string;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

// A type (not an interface), so that Kysely's withTables<...>() accepts it.
export type NewsletterTables = {
  tags: TagsTable;
};

// The plugin's tables in the core's registry: `ownTables(db, 'newsletters')` opens a handle with them.
declare module '../../../core/server/db/tables' {
  interface PluginTables {
    newsletters: NewsletterTables;
  }
}
