/** Demo data: the tags Kuzey Medya's content uses; the demo newsletters published since their creation. */
import { ownTables } from '../../../core/server/db/database';
import { markFirstPublishedAtCreation } from '../../../core/server/store';
import type { SeedContext } from '../../../core/server/plugins/contract';
import { addTags } from './store';

export const demoTags = ['ekonomi', 'etkinlik', 'gündem', 'kitap', 'kültür', 'sağlık', 'spor', 'teknoloji', 'yapay zeka', 'yerel'];

export async function seedNewsletters({ db, demo }: SeedContext): Promise<void> {
  await addTags(ownTables(db, 'newsletters'), demo.publisherId, demoTags);
  // The core seeds some newsletters published: they were, from their creation on.
  await markFirstPublishedAtCreation(db);
}
