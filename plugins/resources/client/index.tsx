import { lazy } from 'react';
import { clientPlugin } from '../../../core/client/registry';
import manifest from '../plugin';

export default clientPlugin(manifest, {
  routes: [
    { path: '/resources/list', page: lazy(() => import('./ResourcesListPage')), requires: 'resources.list' },
    { path: '/resources/show/:resourceId', page: lazy(() => import('./ResourceDetailPage')), requires: 'resources.list' },
  ],
  panels: {
    'tips-and-tricks': {
      dashboard: 'newsletter',
      title: 'Tips and Tricks',
      component: lazy(() => import('./TipsPanel')),
      requires: 'resources.list',
      size: { w: 24, h: 7 },
    },
    'publisher-tips-and-tricks': {
      dashboard: 'publisher',
      title: 'Tips and Tricks',
      component: lazy(() => import('./TipsPanel')),
      requires: 'resources.list',
      size: { w: 24, h: 7 },
    },
  },
});
