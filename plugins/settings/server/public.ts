/** What other plugins may use of the settings plugin's server: the interests stories are filed under, a newsletter's testers. */
import type { Db } from '../../../core/server/db/database';
import type { Interest } from '../../../schemas/generated/entities/interest';
import { presentInterest } from './present';
import { listInterests, settingsDb } from './store';

export async function interests(db: Db): Promise<Interest[]> {
  return (await listInterests(settingsDb(db))).map(presentInterest);
}

/** The staff who receive a newsletter's test e-mails: user ids, sorted as the settings answer them. */
export async function newsletterTesters(db: Db, newsletterId: string): Promise<string[]> {
  const rows = await settingsDb(db).selectFrom('newsletter_testers').select('user_id').where('newsletter_id', '=', newsletterId).execute();
  return rows.map((row) => row.user_id).sort();
}
