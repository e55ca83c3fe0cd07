/**
 * How a newsletter looks to its readers: its e-mail design (every e-mail to them is made in it:
 * the issues, the subscription's messages, the sign-in link) and its web design (the landing
 * page's cover, what the subscribe form asks). An extension point of the newsletters plugin
 * (decision 0031): the design plugin, which keeps both and whose pages save them, contributes
 * them (decision 0051, fourth step); the plugins that mail readers or draw their pages read them
 * here, since they cannot require design (it requires issues). While no enabled plugin
 * contributes, every newsletter has the defaults.
 */
import type { Handle } from '../../../core/server/db/database';
import { extensionPoint, type Extensions } from '../../../core/server/plugins/extension-points';
import { defaultEmailDesign, type EmailDesign } from '../../../core/shared/email-design';
import type { SubscribeFieldChoice } from '../../../schemas/generated/api/web-design';

export type { SubscribeFieldChoice };

/** The web design: the landing page's cover ('' for none) and what the subscribe form asks besides the e-mail address. */
export interface WebDesign {
  cover: string;
  nameField: SubscribeFieldChoice;
  cityField: SubscribeFieldChoice;
}

/** A newsletter's web design before anyone set it: a name may be given, a city is not asked (decision 0038). */
export const defaultWebDesign: WebDesign = { cover: '', nameField: 'optional', cityField: 'hidden' };

export interface NewsletterLook {
  /** The newsletter's e-mail design: what was saved over the defaults. `db` is the caller's handle (a transaction too). */
  emailDesign(db: Handle, newsletterId: string): Promise<EmailDesign>;
  /** The newsletter's web design: what was saved, or the defaults. */
  webDesign(db: Handle, newsletterId: string): Promise<WebDesign>;
}

/** One source at most. */
export const newsletterLook = extensionPoint<NewsletterLook>('newsletters.look', { single: true });

/** A plugin's `api`, or its handle (a transaction) with the server's extensions. */
export type LookContext = { db: Handle; extensions: Extensions };

/** The newsletter's e-mail design: its saved fields over the defaults. */
export function newsletterEmailDesign(context: LookContext, newsletterId: string): Promise<EmailDesign> {
  const look = context.extensions.one(newsletterLook);
  return look ? look.emailDesign(context.db, newsletterId) : Promise.resolve({ ...defaultEmailDesign });
}

/** The newsletter's web design: its landing page's cover ('' while it has none) and what its subscribe form asks. */
export function newsletterWebDesign(context: LookContext, newsletterId: string): Promise<WebDesign> {
  const look = context.extensions.one(newsletterLook);
  return look ? look.webDesign(context.db, newsletterId) : Promise.resolve({ ...defaultWebDesign });
}
