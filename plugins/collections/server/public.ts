/** What other plugins may use of collections on the server: a collection as a card shows it (the editor's embed of a /c/ link). */
import { ownTables, type Handle } from '../../../core/server/db/database';
import type { CollectionRow } from './tables';

export type CollectionCard = Pick<CollectionRow, 'id' | 'publisher_id' | 'title' | 'description' | 'image' | 'slug' | 'color' | 'published'>;

/** A collection by its id or its slug (its public page's key), published or not. */
export function findCollectionCard(db: Handle, slugOrId: string): Promise<CollectionCard | undefined> {
  return ownTables(db, 'collections')
    .selectFrom('collections')
    .select(['id', 'publisher_id', 'title', 'description', 'image', 'slug', 'color', 'published'])
    .where((eb) => eb.or([eb('id', '=', slugOrId), eb('slug', '=', slugOrId.toLowerCase())]))
    .executeTakeFirst();
}
