/**
 * GET/PUT /newsletters/update/{id} (spec section 7): the newsletter's own fields (title, subtitle,
 * description, cover, colours, key), which the core keeps, with the parts plugins keep (parts.ts:
 * the settings plugin's interests, testers, voices, welcome issue and sender; the design plugin's
 * channel templates) and what the form offers for them. Every part is checked before anything is
 * saved, then the record and every part are saved in one transaction, and what a part sends out
 * (the sender's confirmation link) goes once it is committed. The status is not changed here: the
 * publish and feature switches are routes.ts's.
 */
import { inTransaction } from '../../../core/server/db/database';
import { invalid } from '../../../core/server/errors';
import type { PluginApi } from '../../../core/server/plugins/contract';
import { keyInUse, updateNewsletter } from '../../../core/server/store';
import type { NewsletterRow } from '../../../core/server/db/tables';
import type { SettingsNewsletterForm } from '../../../schemas/generated/api/settings-newsletter-form';
import type { Newsletter } from '../../../schemas/generated/entities/newsletter';
import { newsletterEndpoints } from '../endpoints';
import { newsletterKeyTaken } from '../rules';
import { checkNewsletterParts, newsletterOffers, readNewsletterParts } from './parts';
import { reachableNewsletter } from './policy';
import { presentOneNewsletter } from './present';

export function registerNewsletterUpdateRoutes(api: PluginApi): void {
  const db = api.db;

  /** The newsletter as the form reads it: its own fields and every part plugins keep. */
  const presented = async (row: NewsletterRow): Promise<Newsletter> => {
    const [summary, parts] = await Promise.all([presentOneNewsletter(api, row), readNewsletterParts(api, row.id)]);
    return { ...summary, ...parts };
  };

  api.serve(newsletterEndpoints.form, {
    requires: 'newsletters.update',
    summary:
      "A newsletter's settings (data.body: its own fields with the parts plugins keep, the settings' and channelTemplates) with what the form offers (data.data): every interest, the publisher's staff as possible testers, the voices.",
    async handler(request, _reply, session) {
      const row = await reachableNewsletter(db, request.params.id, session);
      const [body, offered] = await Promise.all([presented(row), newsletterOffers(api, row)]);
      return { data: { body, data: offered as SettingsNewsletterForm['data'] } };
    },
  });

  api.serve(newsletterEndpoints.update, {
    requires: 'newsletters.update',
    summary:
      "Saves a newsletter's settings, and its channel templates when the body carries them. Interests: at most constants.limits.interestsMax, and only an admin may change them (401 'Required role Admin, current role: {ROLE}'). The welcome intro is sanitized. Status is not changed here.",
    async handler(request, _reply, session) {
      const current = await reachableNewsletter(db, request.params.id, session);
      const body = request.body;
      const key = body.key.trim().toLowerCase();
      if (await keyInUse(db, 'newsletters', key, current.id)) throw invalid(newsletterKeyTaken(key), 'key');
      // Every part is checked before anything is saved: a refused body leaves the newsletter as it was.
      const parts = await checkNewsletterParts(api, body as unknown as Record<string, unknown>, { newsletter: current, session });
      // One transaction: a part that fails to save leaves the record and the parts saved before it as they were.
      await inTransaction(db, async (tx) => {
        await updateNewsletter(tx, current.id, {
          title: body.title.trim(),
          subtitle: body.subtitle.trim(),
          description: body.description?.trim() ?? current.description,
          image: body.image.trim(),
          color: body.color.toLowerCase(),
          text_color: body.textColor.toLowerCase(),
          key,
        });
        await parts.save(tx);
      });
      // What leaves the process waits for the commit, and may have something to say (the sender's confirmation link).
      const msg = (await parts.afterCommit()) ?? 'OK';
      return { data: await presented(await reachableNewsletter(db, current.id, session)), msg };
    },
  });
}
