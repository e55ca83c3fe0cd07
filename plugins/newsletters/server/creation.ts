/**
 * What other plugins add to a new newsletter (GET/POST /newsletters/create, the creation wizard's
 * calls): the newsletters plugin makes the record from its own fields (create-routes.ts), and each
 * contribution gives the blank newsletter its part and what the wizard offers, checks what a body
 * carries of it and saves it in the transaction that makes the record. The design plugin, whose
 * console the wizard is, contributes the wizard's rules, the channel templates, and the settings
 * the newsletter starts with (interests, welcome e-mail, e-mail design). An extension point of the
 * newsletters plugin (decision 0031), beside the parts of an existing newsletter (parts.ts).
 */
import type { Session } from '../../../core/server/auth/session';
import type { Handle } from '../../../core/server/db/database';
import { extensionPoint, type Extensions } from '../../../core/server/plugins/extension-points';
import type { NewsletterCreateBody } from '../../../schemas/generated/api/newsletter-create';

export interface NewsletterCreation<Checked = unknown> {
  /** What the blank newsletter has of it (GET /newsletters/create's data.body) and what the wizard offers (data.data), by name. */
  blank(): Promise<{ body: Record<string, unknown>; data: Record<string, unknown> }>;
  /** Refuses a body that breaks a rule (an HttpError with the spec's messages); answers what to save. Saves nothing. */
  check(body: NewsletterCreateBody, context: { session: Session }): Promise<Checked> | Checked;
  /** Saves what `check` answered for the new newsletter, on `tx`: the transaction that makes it. */
  save(tx: Handle, newsletterId: string, checked: Checked): Promise<void>;
  /** What POST /newsletters/create answers of it besides the new newsletter's id and cover, by name (the e-mail design). */
  created?(newsletterId: string): Promise<Record<string, unknown>>;
}

export const newsletterCreation = extensionPoint<NewsletterCreation<never>>('newsletters.creation');

type Context = { extensions: Extensions };

export function addNewsletterCreation<Checked>(context: Context, creation: NewsletterCreation<Checked>): void {
  context.extensions.add(newsletterCreation, creation as unknown as NewsletterCreation<never>);
}

const merged = (records: Record<string, unknown>[]) => Object.assign({}, ...records) as Record<string, unknown>;

/** Every contribution's part of the blank newsletter and what it offers, merged. */
export async function blankContributions(context: Context): Promise<{ body: Record<string, unknown>; data: Record<string, unknown> }> {
  const blanks = await Promise.all(context.extensions.all(newsletterCreation).map((creation) => creation.blank()));
  return { body: merged(blanks.map((blank) => blank.body)), data: merged(blanks.map((blank) => blank.data)) };
}

/**
 * Checks the body with every contribution, all before anything is saved, and answers the function
 * that saves them in the transaction making newsletter `newsletterId`.
 */
export async function checkNewsletterCreation(
  context: Context,
  body: NewsletterCreateBody,
  where: { session: Session },
): Promise<(tx: Handle, newsletterId: string) => Promise<void>> {
  const checked: { creation: NewsletterCreation<never>; value: never }[] = [];
  for (const creation of context.extensions.all(newsletterCreation)) checked.push({ creation, value: (await creation.check(body, where)) as never });
  return async (tx, newsletterId) => {
    for (const { creation, value } of checked) await creation.save(tx, newsletterId, value);
  };
}

/** What every contribution answers of the new newsletter, merged. */
export async function createdContributions(context: Context, newsletterId: string): Promise<Record<string, unknown>> {
  return merged(await Promise.all(context.extensions.all(newsletterCreation).map((creation) => creation.created?.(newsletterId) ?? {})));
}
