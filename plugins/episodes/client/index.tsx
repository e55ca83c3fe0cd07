import { lazy } from 'react';
import { clientPlugin } from '../../../core/client/registry';
import manifest from '../plugin';

export default clientPlugin(manifest, {
  routes: [{ path: '/newsletters/show/:newsletterId/episodes', page: lazy(() => import('./EpisodesPage')), requires: 'episodes.list' }],
});
