/**
 * GET/POST /newsletters/create (spec 002 section 7), the creation wizard's calls: a blank
 * newsletter and what the wizard offers, and the new newsletter, unpublished, in the caller's
 * publisher. The record's own fields (title, subtitle, key, cover, lang, description, colours) are
 * the newsletters plugin's; what other plugins add (the design plugin: the wizard's rules, the
 * channel templates, the settings the newsletter starts with) comes through creation.ts. Every
 * contribution checks the body before anything is saved, and the record and every contribution are
 * saved in one transaction.
 */
import { callerPublisher } from '../../../core/server/auth/session';
import { inTransaction } from '../../../core/server/db/database';
import { invalid } from '../../../core/server/errors';
import type { PluginApi } from '../../../core/server/plugins/contract';
import { insertNewsletter, keyInUse } from '../../../core/server/store';
import { constants } from '../../../core/shared/config';
import type { DesignNewsletterCreated } from '../../../schemas/generated/api/design-newsletter-created';
import type { DesignNewsletterForm } from '../../../schemas/generated/api/design-newsletter-form';
import { newsletterEndpoints } from '../endpoints';
import { newsletterKeyTaken } from '../rules';
import { blankContributions, checkNewsletterCreation, createdContributions } from './creation';

const { langs } = constants.design;

/** The record's own fields in a blank newsletter, which a body that leaves one out keeps. */
const blankRecord = {
  title: '',
  subtitle: '',
  key: '',
  description: '',
  image: '',
  lang: langs[0]!,
  color: constants.layout.accent,
  textColor: '#201f1e',
};

export function registerNewsletterCreateRoutes(api: PluginApi): void {
  const db = api.db;

  api.serve(newsletterEndpoints.blank, {
    requires: 'newsletters.create',
    summary:
      "The wizard's start: data.body a blank newsletter, data.data what it offers (interests, langs with the default first, the default e-mail design and its fonts, example channel templates).",
    async handler() {
      const contributed = await blankContributions(api);
      return {
        data: {
          body: { ...blankRecord, ...contributed.body } as DesignNewsletterForm['body'],
          data: { langs, ...contributed.data } as DesignNewsletterForm['data'],
        },
      };
    },
  });

  api.serve(newsletterEndpoints.create, {
    requires: 'newsletters.create',
    summary:
      "Creates an unpublished newsletter in the caller's publisher: the wizard's CREATE sends its identity, and whatever else is given (interests with the description, colours, welcome e-mail, channel templates) is checked by the wizard's rules, with their messages, and kept. Answers data {_id, design.email, image}.",
    async handler(request, _reply, session) {
      const body = request.body;
      // Every contribution checks what it keeps of the body (the wizard's rules) before anything is saved.
      const saveContributions = await checkNewsletterCreation(api, body, { session });
      const key = body.key.trim().toLowerCase();
      if (await keyInUse(db, 'newsletters', key)) throw invalid(newsletterKeyTaken(key), 'key');
      const id = await inTransaction(db, async (tx) => {
        const newsletterId = await insertNewsletter(tx, {
          publisherId: callerPublisher(session),
          title: body.title.trim(),
          subtitle: body.subtitle.trim(),
          description: (body.description ?? blankRecord.description).trim(),
          image: body.image.trim(),
          color: (body.color ?? blankRecord.color).toLowerCase(),
          textColor: (body.textColor ?? blankRecord.textColor).toLowerCase(),
          key,
          lang: body.lang ?? blankRecord.lang,
        });
        // Another call made a newsletter with this key since the check: the unique index decided.
        if (!newsletterId) throw invalid(newsletterKeyTaken(key), 'key');
        await saveContributions(tx, newsletterId);
        return newsletterId;
      });
      const created = (await createdContributions(api, id)) as Partial<DesignNewsletterCreated>;
      return { data: { _id: id, image: body.image.trim(), ...created }, msg: 'Newsletter created.' };
    },
  });
}
