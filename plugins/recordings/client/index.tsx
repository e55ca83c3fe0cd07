import { lazy } from 'react';
import { clientPlugin } from '../../../core/client/registry';
import manifest from '../plugin';

export default clientPlugin(manifest, {
  routes: [{ path: '/newsletters/show/:newsletterId/recordings', page: lazy(() => import('./RecordingsPage')), requires: 'recordings.create' }],
});
