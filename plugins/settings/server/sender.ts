/**
 * Who a newsletter's mail comes from (issue 29). The From name is the newsletter's title unless one
 * is set. The From address is MAIL_FROM's unless the newsletter set one and its owner confirmed it
 * by opening the link sent to it, so nobody can send as an address they do not read. The Reply-To
 * is set or none. Every mail a newsletter sends (issues, tests, subscription confirmations,
 * welcomes) uses it; the envelope sender stays MAIL_FROM's address, where bounces come back.
 */
import type { MailAddress } from '../../../core/server/services/mime-template';
import type { LinkSigner } from '../../../core/server/signed-links';
import { clock } from '../../../core/server/clock';
import { saveSettingsColumns, type SettingsDb } from './store';

export interface SenderSettings {
  /** '' : the newsletter's title. */
  name: string;
  /** The confirmed address; '': MAIL_FROM's. */
  email: string;
  /** An address waiting for its owner to open the link sent to it; '' when none. */
  pendingEmail: string;
  /** '': replies go to the From address. */
  replyTo: string;
}

/** What a newsletter's messages carry. */
export interface NewsletterSender {
  from: MailAddress;
  replyTo?: string;
}

export async function findSenderSettings(db: SettingsDb, newsletterId: string): Promise<SenderSettings> {
  const row = await db
    .selectFrom('newsletter_settings')
    .select(['sender_name', 'sender_email', 'sender_email_pending', 'reply_to'])
    .where('newsletter_id', '=', newsletterId)
    .executeTakeFirst();
  return { name: row?.sender_name ?? '', email: row?.sender_email ?? '', pendingEmail: row?.sender_email_pending ?? '', replyTo: row?.reply_to ?? '' };
}

export function senderOf(settings: SenderSettings, newsletterTitle: string, fallback: MailAddress): NewsletterSender {
  return {
    from: { name: settings.name || newsletterTitle, address: settings.email || fallback.address },
    ...(settings.replyTo ? { replyTo: settings.replyTo } : {}),
  };
}

/** The sender's settings as newsletter_settings columns. */
function senderColumns(settings: SenderSettings) {
  return { sender_name: settings.name, sender_email: settings.email, sender_email_pending: settings.pendingEmail, reply_to: settings.replyTo };
}

/** Stores the sender's settings, making the newsletter's settings row when it has none. */
export function saveSenderSettings(db: SettingsDb, newsletterId: string, settings: SenderSettings): Promise<void> {
  return saveSettingsColumns(db, newsletterId, senderColumns(settings));
}

/**
 * Makes the waiting address the confirmed one, if it is still the one waiting, in one statement:
 * a click that races the director's edit (another address, or none) confirms nothing, and the
 * name and Reply-To the edit saved stay as saved. Answers whether it did.
 */
export async function confirmPendingSender(db: SettingsDb, newsletterId: string, email: string): Promise<boolean> {
  if (!email) return false;
  const updated = await db
    .updateTable('newsletter_settings')
    .set({ sender_email: email, sender_email_pending: '', updated_at: clock.now() })
    .where('newsletter_id', '=', newsletterId)
    .where('sender_email_pending', '=', email)
    .executeTakeFirst();
  return updated.numUpdatedRows > 0n;
}

/** The confirmation link's token: the newsletter and the address, signed ('~' parts: an address holds dots, so it travels encoded). */
export function senderToken(links: LinkSigner, newsletterId: string, email: string): string {
  return links.sign(['sender', newsletterId, Buffer.from(email).toString('base64url')].join('~'));
}

/** What a confirmation token names, or null for a forged or foreign one. */
export function readSenderToken(links: LinkSigner, token: string): { newsletterId: string; email: string } | null {
  const [kind, newsletterId, email, ...rest] = links.verify(token)?.split('~') ?? [];
  if (kind !== 'sender' || !newsletterId || !email || rest.length) return null;
  return { newsletterId, email: Buffer.from(email, 'base64url').toString('utf8') };
}

/** What the settings form asks of the sender. */
export interface SenderEdit {
  name: string;
  email: string;
  replyTo: string;
  /** Send the waiting address its link again. */
  resend?: boolean;
}

const sameAddress = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * The sender after an edit, and the address a confirmation link goes to (null: none). A new
 * address waits for its link; the confirmed one (or an empty one, MAIL_FROM's) needs none and
 * drops what waited.
 */
export function editedSender(current: SenderSettings, edit: SenderEdit): { settings: SenderSettings; confirmTo: string | null } {
  const email = edit.email.trim();
  const kept = { name: edit.name.trim(), replyTo: edit.replyTo.trim() };
  if (!email || sameAddress(email, current.email)) return { settings: { ...kept, email: email && current.email, pendingEmail: '' }, confirmTo: null };
  const waiting = current.pendingEmail && sameAddress(email, current.pendingEmail);
  return { settings: { ...kept, email: current.email, pendingEmail: email }, confirmTo: waiting && !edit.resend ? null : email };
}
