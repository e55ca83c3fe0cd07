/**
 * What other plugins may use of the settings plugin's server: the interests stories are filed
 * under, a newsletter's testers and welcome issue, its e-mail design (the issue e-mail renders with it, the design
 * page saves it) with the defaults and the fonts it offers.
 */
import type { Db } from '../../../core/server/db/database';
import type { Interest } from '../../../schemas/generated/entities/interest';
import type { EmailDesign, WelcomeIssue } from './defaults';
import { presentInterest } from './present';
import { findEmailDesign, listInterests, saveEmailDesign, settingsDb } from './store';

export { defaultEmailDesign, emailFonts, withDefaultDesign, type EmailDesign, type EmailFont, type WelcomeIssue } from './defaults';

export async function interests(db: Db): Promise<Interest[]> {
  return (await listInterests(settingsDb(db))).map(presentInterest);
}

/** The staff who receive a newsletter's test e-mails: user ids, sorted as the settings answer them. */
export async function newsletterTesters(db: Db, newsletterId: string): Promise<string[]> {
  const rows = await settingsDb(db).selectFrom('newsletter_testers').select('user_id').where('newsletter_id', '=', newsletterId).execute();
  return rows.map((row) => row.user_id).sort();
}

/** The newsletter's e-mail design: its saved fields over the defaults. */
export function newsletterEmailDesign(db: Db, newsletterId: string): Promise<EmailDesign> {
  return findEmailDesign(settingsDb(db), newsletterId);
}

/** Saves the newsletter's whole e-mail design (making its settings row when it has none); a field in a shape the schema refuses is saved as its default. */
export function saveNewsletterEmailDesign(db: Db, newsletterId: string, design: EmailDesign): Promise<void> {
  return saveEmailDesign(settingsDb(db), newsletterId, design);
}

/** The newsletter's welcome issue (sent to each new subscriber), or null while it has none with a subject. */
export async function newsletterWelcome(db: Db, newsletterId: string): Promise<WelcomeIssue | null> {
  const row = await settingsDb(db).selectFrom('newsletter_settings').select('welcome').where('newsletter_id', '=', newsletterId).executeTakeFirst();
  return row?.welcome?.subject?.trim() ? row.welcome : null;
}
