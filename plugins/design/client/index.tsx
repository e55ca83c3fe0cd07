import { lazy } from 'react';
import { newsletterCreateRoute } from '../../../core/client/refs';
import { clientPlugin } from '../../../core/client/registry';
import manifest from '../plugin';

export default clientPlugin(manifest, {
  routes: [
    // The wizard is a page of its own, outside the shell: a director with one scope starts there.
    {
      ref: newsletterCreateRoute,
      path: '/newsletters/create',
      page: lazy(() => import('./wizard/NewsletterWizardPage')),
      requires: 'newsletters.create',
      chrome: 'bare',
    },
    { path: '/newsletters/show/:newsletterId/channels', page: lazy(() => import('./ChannelTemplatesPage')), requires: 'newsletters.update' },
    { path: '/newsletters/show/:newsletterId/email-design', page: lazy(() => import('./EmailDesignPage')), requires: 'newsletters.update' },
    { path: '/newsletters/show/:newsletterId/web-design', page: lazy(() => import('./WebDesignPage')), requires: 'newsletters.update' },
  ],
});
