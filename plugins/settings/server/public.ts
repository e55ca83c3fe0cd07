/**
 * What other plugins may use of the settings plugin's server: the newsletter's settings, which its
 * Credentials page sets: the interests stories are filed under, its testers, sender and welcome
 * issue, a new newsletter's first settings (the wizard), and its voices (text to speech starts from
 * them; the speech plugin offers them through `voiceSource`). Nothing else: the e-mail frame and
 * the e-mail design's defaults are the core's (core/server/email/, core/shared/email-design.ts),
 * the e-mail and web design the design plugin's, read through the newsletters plugin's
 * `newsletterLook`, and a newsletter key's lookup the newsletters plugin's (decision 0051, fourth step).
 */
import type { Handle } from '../../../core/server/db/database';
import type { MailAddress } from '../../../core/server/services/mime-template';
import type { Interest } from '../../../schemas/generated/entities/interest';
import { defaultVoiceSettings, type VoiceSettings, type WelcomeIssue } from './defaults';
import { presentInterest } from './present';
import { insertNewsletterSettings, listInterests, settingsDb, testersOf } from './store';
import { findSenderSettings, senderOf, type NewsletterSender } from './sender';
import { storedWelcome } from './welcome';

export { voiceSource, type SpeechVoice } from './voices';
export type { NewsletterSender } from './sender';
export type { VoiceSettings, WelcomeIssue } from './defaults';

export async function interests(db: Handle): Promise<Interest[]> {
  return (await listInterests(settingsDb(db))).map(presentInterest);
}

/** The staff who receive a newsletter's test e-mails: user ids, sorted as the settings answer them. */
export function newsletterTesters(db: Handle, newsletterId: string): Promise<string[]> {
  return testersOf(settingsDb(db), newsletterId);
}

/** Who the newsletter's mail comes from, and where replies go (sender.ts); `fallback` is MAIL_FROM. */
export async function newsletterSender(db: Handle, newsletter: { id: string; title: string }, fallback: MailAddress): Promise<NewsletterSender> {
  return senderOf(await findSenderSettings(settingsDb(db), newsletter.id), newsletter.title, fallback);
}

/** The newsletter's voices for articles and bullets (spec 002 section 3): saved, or the defaults. */
export async function newsletterVoiceSettings(db: Handle, newsletterId: string): Promise<VoiceSettings> {
  const row = await settingsDb(db).selectFrom('newsletter_settings').select('voice_settings').where('newsletter_id', '=', newsletterId).executeTakeFirst();
  return row?.voice_settings ?? defaultVoiceSettings;
}

/** The newsletter's welcome issue (sent to each new subscriber), or null while it has none with a subject. */
export async function newsletterWelcome(db: Handle, newsletterId: string): Promise<WelcomeIssue | null> {
  const row = await settingsDb(db).selectFrom('newsletter_settings').select('welcome').where('newsletter_id', '=', newsletterId).executeTakeFirst();
  return row?.welcome?.subject?.trim() ? row.welcome : null;
}

/** A new newsletter's first settings, in the transaction (`tx`) that creates it: its interests and its welcome issue (sanitized). */
export function startNewsletterSettings(
  tx: Handle,
  newsletterId: string,
  settings: { interests: string[]; welcome: { subject: string; preview: string; intro: { html: string } } },
): Promise<void> {
  return insertNewsletterSettings(settingsDb(tx), newsletterId, { interests: settings.interests, welcome: storedWelcome(settings.welcome) });
}
