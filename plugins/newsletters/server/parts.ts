/**
 * The parts of a newsletter that plugins keep, carried by the newsletter's own calls (spec 002
 * section 7): GET /newsletters/update/{id} answers the record with every part and what the form
 * offers for them, PUT /newsletters/update/{id} checks every part the body carries and saves them,
 * and GET /newsletters/list/{id} answers the parts marked `listed`. The record is the core's (a
 * tenant); the settings plugin keeps its interests, testers, voices, welcome issue and sender, the
 * design plugin its channel templates. An extension point of the newsletters plugin (decision
 * 0031): the plugin that keeps a part contributes it (`addNewsletterPart(api, ...)`), and the
 * newsletters plugin reads, checks and saves whatever is contributed, so it imports no keeper.
 * The record and every part are saved in one transaction; what leaves the process (the sender's
 * confirmation e-mail) waits for its commit (`afterCommit`).
 */
import type { Session } from '../../../core/server/auth/session';
import type { Handle } from '../../../core/server/db/database';
import type { NewsletterRow } from '../../../core/server/db/tables';
import { extensionPoint, type Extensions } from '../../../core/server/plugins/extension-points';

export interface NewsletterPart<Value = unknown, Checked = Value> {
  /** The field of the newsletter's body, e.g. 'channelTemplates'. */
  field: string;
  read(newsletterId: string): Promise<Value>;
  /** Answered by GET /newsletters/list/{id} too (the publish panel reads the testers). */
  listed?: boolean;
  /** What the form offers for it (GET /newsletters/update/{id}'s data.data), by name: e.g. `{ voices }`. */
  offer?(newsletter: NewsletterRow): Promise<Record<string, unknown>>;
  /** Refuses a value that breaks a rule (an HttpError with the spec's message); answers what to save. Saves nothing. */
  check(value: Value, context: { newsletter: NewsletterRow; session: Session }): Promise<Checked> | Checked;
  /** Saves what `check` answered on `tx`, the transaction the record and every part are saved in: a later part's failure undoes it. */
  save(tx: Handle, newsletterId: string, checked: Checked): Promise<void>;
  /**
   * Runs once that transaction is committed, for what leaves the process (the sender's confirmation
   * e-mail), which a rollback could not take back; may answer what the call's message says.
   */
  afterCommit?(newsletterId: string, checked: Checked): Promise<string | void>;
}

export const newsletterParts = extensionPoint<NewsletterPart<never, never>>('newsletters.parts');

type Context = { extensions: Extensions };

/** Contributes a part; a field is kept by one plugin. */
export function addNewsletterPart<Value, Checked = Value>(context: Context, part: NewsletterPart<Value, Checked>): void {
  if (context.extensions.all(newsletterParts).some((known) => known.field === part.field))
    throw new Error(`newsletter parts: ${part.field} is registered twice`);
  context.extensions.add(newsletterParts, part as unknown as NewsletterPart<never, never>);
}

/** Every contributed part's value, by field (only the `listed` ones when asked). */
export async function readNewsletterParts(context: Context, newsletterId: string, only: { listed?: boolean } = {}): Promise<Record<string, unknown>> {
  const parts = context.extensions.all(newsletterParts).filter((part) => !only.listed || part.listed);
  return Object.fromEntries(await Promise.all(parts.map(async (part) => [part.field, await part.read(newsletterId)] as const)));
}

/** What the form offers for every part, by name. */
export async function newsletterOffers(context: Context, newsletter: NewsletterRow): Promise<Record<string, unknown>> {
  const offers = await Promise.all(context.extensions.all(newsletterParts).map((part) => part.offer?.(newsletter) ?? {}));
  return Object.assign({}, ...offers) as Record<string, unknown>;
}

/** The parts a body carries, checked: saved in the caller's transaction, then told of its commit. */
export interface CheckedParts {
  save(tx: Handle): Promise<void>;
  /** Answers what the last part that had something to say said. */
  afterCommit(): Promise<string | undefined>;
}

/**
 * Checks the parts a body carries, all of them before anything is saved: a body refused for one
 * part leaves every part as it was. Answers how to save them, in order, and what to run once saved.
 */
export async function checkNewsletterParts(
  context: Context,
  body: Record<string, unknown>,
  where: { newsletter: NewsletterRow; session: Session },
): Promise<CheckedParts> {
  const checked: { part: NewsletterPart<never, never>; value: never }[] = [];
  for (const part of context.extensions.all(newsletterParts)) {
    if (body[part.field] === undefined) continue;
    checked.push({ part, value: (await part.check(body[part.field] as never, where)) as never });
  }
  const newsletterId = where.newsletter.id;
  return {
    async save(tx) {
      for (const { part, value } of checked) await part.save(tx, newsletterId, value);
    },
    async afterCommit() {
      let message: string | undefined;
      for (const { part, value } of checked) message = (await part.afterCommit?.(newsletterId, value)) || message;
      return message;
    },
  };
}
