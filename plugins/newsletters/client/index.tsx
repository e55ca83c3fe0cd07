import { lazy } from 'react';
import { provide } from '../../../core/client/refs';
import { clientPlugin } from '../../../core/client/registry';
import manifest from '../plugin';
import { newsletterStatusRef } from './public';

const NewslettersPage = lazy(() => import('./NewslettersPage'));

export default clientPlugin(manifest, {
  // Outside the shell, as the spec lists them; /newsletters/list keeps to the current publisher.
  routes: [
    { path: '/newsletters/', page: NewslettersPage, requires: 'newsletters.list', chrome: 'bare' },
    { path: '/newsletters/list', page: NewslettersPage, requires: 'newsletters.list', chrome: 'bare' },
  ],
  // The Published and Featured switches call this plugin's routes; Newsletter Credentials (settings) shows them.
  provides: [
    provide(
      newsletterStatusRef,
      lazy(() => import('./StatusSwitches')),
    ),
  ],
});
