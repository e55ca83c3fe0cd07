/** The imports plugin's console: the Import page of a publisher (a director's and an admin's). */
import { lazy } from 'react';
import { clientPlugin } from '../../../core/client/registry';
import manifest from '../plugin';

export default clientPlugin(manifest, {
  routes: [{ path: '/publishers/show/:publisherId/imports', page: lazy(() => import('./ImportsPage')), requires: 'publishers.update' }],
});
