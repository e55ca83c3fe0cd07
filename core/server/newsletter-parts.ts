/**
 * Parts of a newsletter that a plugin other than the settings keeps, carried by the newsletter's
 * own calls: its channel templates go out with GET /newsletters/update/{id} and
 * /newsletters/list/{id} and come back with PUT /newsletters/update/{id} (spec 002 section 7).
 * The plugin that keeps a part registers it (`api.newsletterParts.register(...)`); the settings
 * and newsletters plugins read and save whatever is registered, so neither imports the keeper.
 */
import type { Session } from './auth/session';

export interface NewsletterPart<Value = unknown, Checked = Value> {
  /** The field of the newsletter's body, e.g. 'channelTemplates'. */
  field: string;
  read(newsletterId: string): Promise<Value>;
  /** Refuses a value that breaks a rule (an HttpError with the spec's message); answers what to save. Saves nothing. */
  check(value: Value, context: { newsletterId: string; session: Session }): Promise<Checked> | Checked;
  save(newsletterId: string, checked: Checked): Promise<void>;
}

export interface NewsletterParts {
  register<Value, Checked>(part: NewsletterPart<Value, Checked>): void;
  /** Every registered part's value, by field. */
  read(newsletterId: string): Promise<Record<string, unknown>>;
  /**
   * Checks the parts a body carries, all of them before anything is saved, and answers the
   * function that saves them: a body refused for one part leaves every part as it was.
   */
  check(body: Record<string, unknown>, context: { newsletterId: string; session: Session }): Promise<() => Promise<void>>;
}

export function createNewsletterParts(): NewsletterParts {
  const parts = new Map<string, NewsletterPart<never, never>>();
  return {
    register(part) {
      if (parts.has(part.field)) throw new Error(`newsletter parts: ${part.field} is registered twice`);
      parts.set(part.field, part as unknown as NewsletterPart<never, never>);
    },
    async read(newsletterId) {
      const entries = await Promise.all([...parts.values()].map(async (part) => [part.field, await part.read(newsletterId)] as const));
      return Object.fromEntries(entries);
    },
    async check(body, context) {
      const saves: (() => Promise<void>)[] = [];
      for (const part of parts.values()) {
        if (body[part.field] === undefined) continue;
        const checked = await part.check(body[part.field] as never, context);
        saves.push(() => part.save(context.newsletterId, checked as never));
      }
      return async () => {
        for (const save of saves) await save();
      };
    },
  };
}
