/** What other plugins may use of the episodes plugin's server: whether an episode belongs to a newsletter (a story attaches one). */
import type { Db } from '../../../core/server/db/database';
import type { EpisodeTables } from './tables';

export async function isEpisodeOf(db: Db, episodeId: string, newsletterId: string): Promise<boolean> {
  const row = await db
    .withTables<EpisodeTables>()
    .selectFrom('episodes')
    .select('id')
    .where('id', '=', episodeId)
    .where('newsletter_id', '=', newsletterId)
    .executeTakeFirst();
  return Boolean(row);
}
