/** The newsletters plugin's own queries: the tags in use. The newsletter records are the core's (core/server/store.ts). */
import type { Kysely } from 'kysely';
import { ownTables, type Handle } from '../../../core/server/db/database';
import type { CoreTables } from '../../../core/server/db/tables';
import type { NewsletterTables } from './tables';

export type NewslettersDb = Kysely<CoreTables & NewsletterTables>;

const tagsDb = (db: Handle): NewslettersDb => ownTables(db, 'newsletters');

/** The tags a publisher's content uses, alphabetically. */
export async function listTags(db: Handle, publisherId: string): Promise<string[]> {
  const rows = await tagsDb(db).selectFrom('tags').select('name').where('publisher_id', '=', publisherId).orderBy('name').execute();
  return rows.map((row) => row.name);
}

/** Records tags as in use by a publisher (known ones are kept as they are). */
export async function addTags(db: Handle, publisherId: string, names: string[]): Promise<void> {
  const unique = [...new Set(names.map((name) => name.trim()).filter(Boolean))];
  if (unique.length === 0) return;
  await tagsDb(db)
    .insertInto('tags')
    .values(unique.map((name) => ({ publisher_id: publisherId, name })))
    .onConflict((conflict) => conflict.columns(['publisher_id', 'name']).doNothing())
    .execute();
}
