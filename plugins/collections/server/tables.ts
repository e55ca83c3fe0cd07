/** The collections plugin's tables as Kysely sees them. */
import type { ColumnType, Selectable } from 'kysely';
import type { ChildrenRef } from '../rules';

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
type Flag = ColumnType<boolean, boolean | undefined, boolean>;

export type OwnerModel = 'Newsletter' | 'Publisher';

export interface CollectionsTable {
  id: string;
  publisher_id: string;
  owner_id: string;
  owner_model: OwnerModel;
  title: string;
  description: string;
  image: string;
  slug: string;
  key: string;
  children_ref: ChildrenRef;
  /** The items' ids in order, as JSON. */
  children: string;
  published: Flag;
  featured: Flag;
  indexed: Flag;
  published_at: Date | null;
  color: ColumnType<string, string | undefined, string>;
  lang: ColumnType<string, string | undefined, string>;
  creator_id: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

// A type (not an interface), so that Kysely's withTables<...>() accepts it.
export type CollectionTables = { collections: CollectionsTable };

export type CollectionRow = Selectable<CollectionsTable>;

// The plugin's tables in the core's registry: `ownTables(db, 'collections')` opens a handle with them.
declare module '../../../core/server/db/tables' {
  interface PluginTables {
    collections: CollectionTables;
  }
}
