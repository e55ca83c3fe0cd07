/**
 * The apps' calls (issue 15 point 1): subscribing with double opt-in (source ios or android,
 * counted with the landing form against constants.audience.subscribeLimit per client address),
 * and unsubscribing with the personal token of the e-mails, with a reason. Both are public: the
 * reader has no account, and the unsubscribe token is signed. Their messages are the reader's: in
 * the newsletter's language.
 */
import { invalid, notFound } from '../../../core/server/errors';
import type { PluginApi } from '../../../core/server/plugins/contract';
import { findNewsletter } from '../../../core/server/store';
import { constants } from '../../../core/shared/config';
import { reasonOf } from './reasons';
import { changeSubscription, findSubscribableNewsletter, type SubscribersDb } from './store';
import { subscribeFieldsOf } from './reader-look';
import { checkSubscribeInput, type Subscriptions } from './subscriptions';
import { subscriberEndpoints } from '../endpoints';
import { readerText } from './reader-words';

export function registerAppRoutes(api: PluginApi, db: SubscribersDb, subscriptions: Subscriptions): void {
  api.serve(subscriberEndpoints.subscribe, {
    public: true,
    summary:
      "An app's subscribe (double opt-in): a confirmation e-mail goes to the address; the subscription is made when its link is opened. Answers { data: { status: 'pending' }, msg } whether or not the address subscribes; 429 { msg } past constants.audience.subscribeLimit per client address.",
    async handler(request) {
      await subscriptions.countRequest(request.ip);
      const { body } = request;
      const newsletter = await findSubscribableNewsletter(db, body.newsletter);
      if (!newsletter) throw notFound('Newsletter not found.');
      // The name and city as the newsletter's web design asks for them, as on its pages' form.
      const checked = checkSubscribeInput(body, await subscribeFieldsOf(api, newsletter.id), newsletter.lang);
      if (!checked.ok) throw invalid(checked.message, checked.path);
      await subscriptions.request(newsletter, checked, body.source);
      return { data: { status: 'pending' as const }, msg: readerText(newsletter.lang, 'Click the link we sent to your inbox to confirm your subscription.') };
    },
  });

  api.serve(subscriberEndpoints.unsubscribe, {
    public: true,
    summary:
      "An app's unsubscribe with the personal token of the e-mails (/u/{token}), a source (ios, android) and an optional reason (a preset, or any text as 'other'). 404 when the token is unknown or the subscription has ended.",
    async handler(request) {
      const { token, source, reason } = request.body;
      const subscriberId = api.links.verify(token);
      const subscriber = subscriberId
        ? await db.selectFrom('subscribers').select(['id', 'newsletter_id']).where('id', '=', subscriberId).executeTakeFirst()
        : undefined;
      if (!subscriber) throw notFound('This link is not valid, or the subscription has ended.');
      const ended = await changeSubscription(db, {
        type: 'unsubscription',
        newsletterId: subscriber.newsletter_id,
        subscriber: { id: subscriber.id },
        source,
        // No reason given: kept as 'other', as a one-click unsubscribe is (unsubscribe-page.ts).
        reason: reason === undefined ? constants.audience.otherReason : reasonOf(reason, reason),
      });
      if (!ended) throw notFound('This link is not valid, or the subscription has ended.');
      const newsletter = await findNewsletter(db, subscriber.newsletter_id);
      return { data: { status: 'unsubscribed' as const }, msg: readerText(newsletter?.lang ?? '', 'Your subscription has ended.') };
    },
  });
}
