import { lazy } from 'react';
import { lazyPanel } from '../../../core/client/lazy-panel';
import { clientPlugin } from '../../../core/client/registry';
import type { ScopeType } from '../../../core/shared/plugin';
import manifest from '../plugin';

/** The same panel on both dashboards. */
const tipsPanel = (dashboard: ScopeType) =>
  lazyPanel(dashboard, 'Tips and Tricks', () => import('./TipsPanel'), { requires: 'resources.list', size: { w: 24, h: 7 } });

export default clientPlugin(manifest, {
  routes: [
    { path: '/resources/list', page: lazy(() => import('./ResourcesListPage')), requires: 'resources.list' },
    { path: '/resources/show/:resourceId', page: lazy(() => import('./ResourceDetailPage')), requires: 'resources.list' },
  ],
  panels: {
    'tips-and-tricks': tipsPanel('newsletter'),
    'publisher-tips-and-tricks': tipsPanel('publisher'),
  },
});
