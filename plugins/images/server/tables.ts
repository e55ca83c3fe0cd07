/** The images plugin's table as Kysely sees it. */
import type { ColumnType } from 'kysely';

export interface ImagesTable {
  id: string;
  publisher_id: string;
  uploader_id: string | null;
  path_key: string;
  small_key: string;
  medium_key: string;
  width: number;
  height: number;
  alt: string;
  source: string;
  caption: string;
  mime: string;
  size: number;
  created_at: ColumnType<Date, Date | string | undefined, never>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface ImageTables {
  images: ImagesTable;
}

// The plugin's tables in the core's registry: `ownTables(db, 'images')` opens a handle with them.
declare module '../../../core/server/db/tables' {
  interface PluginTables {
    images: ImageTables;
  }
}
