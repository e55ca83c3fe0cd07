import { lazy } from 'react';
import { clientPlugin } from '../../../core/client/registry';
import manifest from '../plugin';

export default clientPlugin(manifest, {
  routes: [
    { path: '/newsletters/show/:newsletterId/settings/team', page: lazy(() => import('./NewsletterTeamPage')), requires: 'team.list' },
    { path: '/publishers/show/:publisherId/settings/team', page: lazy(() => import('./PublisherTeamPage')), requires: 'publishers.update' },
  ],
});
