import { lazy } from 'react';
import { clientPlugin } from '../../../core/client/registry';
import manifest from '../plugin';

const NewslettersPage = lazy(() => import('./NewslettersPage'));

export default clientPlugin(manifest, {
  // Outside the shell, as the spec lists them; /newsletters/list keeps to the current publisher.
  routes: [
    { path: '/newsletters/', page: NewslettersPage, requires: 'newsletters.list', chrome: 'bare' },
    { path: '/newsletters/list', page: NewslettersPage, requires: 'newsletters.list', chrome: 'bare' },
  ],
});
