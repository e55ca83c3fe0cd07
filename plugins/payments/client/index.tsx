/** The payments plugin's console: Earnings, and the Stripe keys' and prices' cards of the Credentials pages. */
import { lazy } from 'react';
import { provide } from '../../../core/client/refs';
import { clientPlugin } from '../../../core/client/registry';
import { newsletterSettingsCardRef, publisherSettingsCardRef } from '../../settings/client/public';
import manifest from '../plugin';

export default clientPlugin(manifest, {
  routes: [{ path: '/publishers/show/:publisherId/earnings', page: lazy(() => import('./EarningsPage')), requires: 'publishers.update' }],
  provides: [
    // Publisher Credentials is a director's and an admin's page (publishers.update), as the keys are.
    provide(
      publisherSettingsCardRef,
      lazy(() => import('./StripeKeysCard')),
    ),
    // Newsletter Credentials is also an editor's: the card shows them the prices read-only.
    provide(
      newsletterSettingsCardRef,
      lazy(() => import('./PlansCard')),
    ),
  ],
});
