import { lazy } from 'react';
import { clientPlugin } from '../../../core/client/registry';
import manifest from '../plugin';

export default clientPlugin(manifest, {
  panels: {
    greeting: {
      dashboard: 'newsletter',
      title: 'Greeting',
      component: lazy(() => import('./GreetingPanel')),
      requires: 'newsletters.list',
      size: { w: 24, h: 2 },
      lead: true,
    },
    'newsletter-card': {
      dashboard: 'newsletter',
      title: 'Newsletter',
      component: lazy(() => import('./NewsletterCardPanel')),
      requires: 'newsletters.list',
      size: { w: 12, h: 4 },
    },
    'publisher-card': {
      dashboard: 'publisher',
      title: 'Publisher',
      component: lazy(() => import('./PublisherCardPanel')),
      requires: 'newsletters.list',
      size: { w: 12, h: 4 },
    },
    'publisher-newsletters': {
      dashboard: 'publisher',
      title: 'Newsletters',
      component: lazy(() => import('./PublisherNewslettersPanel')),
      requires: 'newsletters.list',
      size: { w: 12, h: 6 },
    },
    updates: { dashboard: 'publisher', title: 'Updates', component: lazy(() => import('./UpdatesPanel')), requires: 'newsletters.list', size: { w: 12, h: 4 } },
    meme: {
      dashboard: 'publisher',
      title: 'Meme of the Week',
      component: lazy(() => import('./MemePanel')),
      requires: 'newsletters.list',
      size: { w: 12, h: 6 },
    },
  },
});
