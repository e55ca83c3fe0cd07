/**
 * Parts of a newsletter that a plugin other than the settings keeps, carried by the newsletter's
 * own calls: its channel templates go out with GET /newsletters/update/{id} and
 * /newsletters/list/{id} and come back with PUT /newsletters/update/{id} (spec 002 section 7).
 * An extension point of the settings plugin (decision 0031): the plugin that keeps a part
 * contributes it (`api.extensions.add(newsletterParts, ...)`); the settings and newsletters plugins
 * read and save whatever is contributed, so neither imports the keeper.
 */
import type { Session } from '../../../core/server/auth/session';
import { extensionPoint, type Extensions } from '../../../core/server/plugins/extension-points';

export interface NewsletterPart<Value = unknown, Checked = Value> {
  /** The field of the newsletter's body, e.g. 'channelTemplates'. */
  field: string;
  read(newsletterId: string): Promise<Value>;
  /** Refuses a value that breaks a rule (an HttpError with the spec's message); answers what to save. Saves nothing. */
  check(value: Value, context: { newsletterId: string; session: Session }): Promise<Checked> | Checked;
  save(newsletterId: string, checked: Checked): Promise<void>;
}

export const newsletterParts = extensionPoint<NewsletterPart<never, never>>('settings.newsletter-parts');

/** Contributes a part; a field is kept by one plugin. */
export function addNewsletterPart<Value, Checked>(context: { extensions: Extensions }, part: NewsletterPart<Value, Checked>): void {
  if (context.extensions.all(newsletterParts).some((known) => known.field === part.field))
    throw new Error(`newsletter parts: ${part.field} is registered twice`);
  context.extensions.add(newsletterParts, part as unknown as NewsletterPart<never, never>);
}

/** Every contributed part's value, by field. */
export async function readNewsletterParts(context: { extensions: Extensions }, newsletterId: string): Promise<Record<string, unknown>> {
  const parts = context.extensions.all(newsletterParts);
  return Object.fromEntries(await Promise.all(parts.map(async (part) => [part.field, await part.read(newsletterId)] as const)));
}

/**
 * Checks the parts a body carries, all of them before anything is saved, and answers the function
 * that saves them: a body refused for one part leaves every part as it was.
 */
export async function checkNewsletterParts(
  context: { extensions: Extensions },
  body: Record<string, unknown>,
  where: { newsletterId: string; session: Session },
): Promise<() => Promise<void>> {
  const saves: (() => Promise<void>)[] = [];
  for (const part of context.extensions.all(newsletterParts)) {
    if (body[part.field] === undefined) continue;
    const checked = await part.check(body[part.field] as never, where);
    saves.push(() => part.save(where.newsletterId, checked as never));
  }
  return async () => {
    for (const save of saves) await save();
  };
}
