/**
 * What other plugins may use of the settings plugin's server: the interests stories are filed
 * under, a newsletter's testers, sender and welcome issue, its e-mail design (the issue e-mail renders with it, the design
 * page saves it), its landing page's cover, a new newsletter's first settings (the wizard), and its
 * voices (text to speech starts from them). The e-mail frame and the design's defaults and fonts
 * are the core's (core/server/email/, core/shared/email-design.ts).
 */
import type { Handle } from '../../../core/server/db/database';
import type { MailAddress } from '../../../core/server/services/mime-template';
import type { Interest } from '../../../schemas/generated/entities/interest';
import type { EmailDesign } from '../../../core/shared/email-design';
import { defaultVoiceSettings, type VoiceSettings, type WebDesign, type WelcomeIssue } from './defaults';
import { presentInterest } from './present';
import { findEmailDesign, findWebDesign, insertNewsletterSettings, listInterests, saveEmailDesign, saveWebDesign, settingsDb, testersOf } from './store';
import { findSenderSettings, senderOf, type NewsletterSender } from './sender';
import { storedWelcome } from './welcome';

export { voiceSource, type SpeechVoice } from './voices';
export type { NewsletterSender } from './sender';
export { defaultWebDesign, type VoiceSettings, type SubscribeFieldChoice, type WebDesign, type WelcomeIssue } from './defaults';

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

/** The newsletter's e-mail design: its saved fields over the defaults. */
export function newsletterEmailDesign(db: Handle, newsletterId: string): Promise<EmailDesign> {
  return findEmailDesign(settingsDb(db), newsletterId);
}

/** Saves the newsletter's whole e-mail design (making its settings row when it has none); a field in a shape the schema refuses is saved as its default. */
export function saveNewsletterEmailDesign(db: Handle, newsletterId: string, design: EmailDesign): Promise<void> {
  return saveEmailDesign(settingsDb(db), newsletterId, design);
}

/** The newsletter's welcome issue (sent to each new subscriber), or null while it has none with a subject. */
export async function newsletterWelcome(db: Handle, newsletterId: string): Promise<WelcomeIssue | null> {
  const row = await settingsDb(db).selectFrom('newsletter_settings').select('welcome').where('newsletter_id', '=', newsletterId).executeTakeFirst();
  return row?.welcome?.subject?.trim() ? row.welcome : null;
}

/** The newsletter's web design: its landing page's cover ('' while it has none) and what its subscribe form asks. */
export function newsletterWebDesign(db: Handle, newsletterId: string): Promise<WebDesign> {
  return findWebDesign(settingsDb(db), newsletterId);
}

/** The cover of the newsletter's landing page (its web design), or '' while it has none. */
export async function newsletterWebCover(db: Handle, newsletterId: string): Promise<string> {
  return (await findWebDesign(settingsDb(db), newsletterId)).cover;
}

/** Saves the fields of the web design given (a field left out keeps its value). */
export function saveNewsletterWebDesign(db: Handle, newsletterId: string, design: Partial<WebDesign>): Promise<void> {
  return saveWebDesign(settingsDb(db), newsletterId, design);
}

export function saveNewsletterWebCover(db: Handle, newsletterId: string, cover: string): Promise<void> {
  return saveWebDesign(settingsDb(db), newsletterId, { cover });
}

/** A new newsletter's first settings, in the transaction (`tx`) that creates it: its interests and its welcome issue (sanitized). */
export function startNewsletterSettings(
  tx: Handle,
  newsletterId: string,
  settings: { interests: string[]; welcome: { subject: string; preview: string; intro: { html: string } } },
): Promise<void> {
  return insertNewsletterSettings(settingsDb(tx), newsletterId, { interests: settings.interests, welcome: storedWelcome(settings.welcome) });
}
