import { lazy } from 'react';
import { lazyPanel } from '../../../core/client/lazy-panel';
import { clientPlugin } from '../../../core/client/registry';
import manifest from '../plugin';

export default clientPlugin(manifest, {
  routes: [{ path: '/newsletters/show/:newsletterId/subscribers', page: lazy(() => import('./SubscribersPage')), requires: 'subscribers.list' }],
  panels: {
    'weekly-spotlight': lazyPanel('newsletter', 'Weekly Spotlight', () => import('./WeeklySpotlightPanel'), {
      requires: 'subscribers.list',
      size: { w: 12, h: 5 },
    }),
  },
});
