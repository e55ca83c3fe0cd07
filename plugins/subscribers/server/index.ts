/**
 * The subscribers plugin's server: the subscriber list, its CSV export and import, the timeline,
 * readers subscribing themselves (the landing page's form and the apps, with double opt-in and a
 * welcome e-mail) and leaving with a reason (the personal unsubscribe page, one-click, the apps),
 * every change kept as an event with its daily rollup for the analytics, and the demo subscribers.
 * The timeline goes to one newsletter's call too (the newsletters plugin's `newsletterTimeline`),
 * and the kept counts to every newsletter it answers and its list's sort (`newsletterSubscriberCounts`).
 */
import { serverPlugin } from '../../../core/server/plugins/contract';
import { leftOutOfPublisherData } from '../../../core/server/publisher-data';
import { newsletterSubscriberCounts, newsletterTimeline } from '../../newsletters/server/public';
import manifest from '../plugin';
import { registerAppRoutes } from './app-routes';
import { registerSubscriberRoutes } from './routes';
import { subscriberCounts, subscriberCountsOf, subscribersDb, weeklyTimeline } from './store';
import { registerSubscribePages } from './subscribe-page';
import { createSubscriptions } from './subscriptions';
import { registerUnsubscribePage } from './unsubscribe-page';

export default serverPlugin(manifest, {
  register(api) {
    const db = subscribersDb(api.db);
    const subscriptions = createSubscriptions(api, db);
    api.extensions.add(newsletterTimeline, (newsletterId) => weeklyTimeline(db, newsletterId));
    api.extensions.add(newsletterSubscriberCounts, { of: (newsletterIds) => subscriberCountsOf(db, newsletterIds), query: subscriberCounts(db) });
    registerSubscriberRoutes(api);
    registerUnsubscribePage(api, db);
    registerSubscribePages(api, db, subscriptions);
    registerAppRoutes(api, db, subscriptions);
    api.extensions.add(leftOutOfPublisherData, { table: 'subscription_requests', reason: 'a confirmation link belongs to the server that mailed it' });
  },
  seed: async (context) => (await import('./seed')).seedSubscribers(context),
});
