/** The collections plugin's console: the wizard, the lists, a collection's dashboard and edit page, and the newsletter dashboard's 'Latest collections'. */
import { lazy } from 'react';
import { lazyPanel } from '../../../core/client/lazy-panel';
import { clientPlugin } from '../../../core/client/registry';
import manifest from '../plugin';

const CollectionsPage = lazy(() => import('./CollectionsPage'));

export default clientPlugin(manifest, {
  routes: [
    { path: '/collections', page: CollectionsPage, requires: 'collections.list' },
    { path: '/newsletters/show/:newsletterId/collections', page: CollectionsPage, requires: 'collections.list' },
    { path: '/collections/create', page: lazy(() => import('./CollectionWizardPage')), requires: 'collections.create', chrome: 'bare' },
    { path: '/collections/show/:collectionId/edit', page: lazy(() => import('./CollectionEditPage')), requires: 'collections.update' },
    { path: '/collections/show/:collectionId/:page?', page: lazy(() => import('./CollectionDashboardPage')), requires: 'collections.list' },
  ],
  panels: {
    'latest-collections': lazyPanel('newsletter', 'Latest collections', () => import('./LatestCollectionsPanel'), {
      requires: 'collections.list',
      size: { w: 12, h: 5 },
    }),
  },
});
