import { lazy } from 'react';
import { clientPlugin } from '../../../core/client/registry';
import manifest from '../plugin';
import { newsletterSettingsRoute } from './public';

export default clientPlugin(manifest, {
  routes: [
    {
      ref: newsletterSettingsRoute,
      path: '/newsletters/show/:newsletterId/settings',
      page: lazy(() => import('./NewsletterSettingsPage')),
      requires: 'newsletters.update',
    },
    { path: '/newsletters/show/:newsletterId/settings/welcome', page: lazy(() => import('./WelcomeEditorPage')), requires: 'newsletters.update' },
    { path: '/publishers/show/:publisherId/settings', page: lazy(() => import('./PublisherSettingsPage')), requires: 'publishers.update' },
  ],
});
