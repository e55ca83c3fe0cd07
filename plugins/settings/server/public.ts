/** What other plugins may use of the settings plugin's server: the interests stories are filed under. */
import type { Db } from '../../../core/server/db/database';
import type { Interest } from '../../../schemas/generated/entities/interest';
import { presentInterest } from './present';
import { listInterests, settingsDb } from './store';

export async function interests(db: Db): Promise<Interest[]> {
  return (await listInterests(settingsDb(db))).map(presentInterest);
}
