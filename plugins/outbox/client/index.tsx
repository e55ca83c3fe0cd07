import { lazy } from 'react';
import { clientPlugin } from '../../../core/client/registry';
import manifest from '../plugin';

export default clientPlugin(manifest, {
  // /outbox/{id} opens one message over the list, so the browser's Back closes it.
  routes: [{ path: '/outbox/:messageId?', page: lazy(() => import('./OutboxPage')), requires: 'outbox.list' }],
});
