import { lazyPanel } from '../../../core/client/lazy-panel';
import { clientPlugin } from '../../../core/client/registry';
import manifest from '../plugin';

const requires = 'newsletters.list';

export default clientPlugin(manifest, {
  panels: {
    greeting: lazyPanel('newsletter', 'Greeting', () => import('./GreetingPanel'), { requires, size: { w: 24, h: 2 }, lead: true }),
    'newsletter-card': lazyPanel('newsletter', 'Newsletter', () => import('./NewsletterCardPanel'), { requires, size: { w: 12, h: 4 } }),
    'publisher-card': lazyPanel('publisher', 'Publisher', () => import('./PublisherCardPanel'), { requires, size: { w: 12, h: 4 } }),
    'publisher-newsletters': lazyPanel('publisher', 'Newsletters', () => import('./PublisherNewslettersPanel'), { requires, size: { w: 12, h: 6 } }),
    updates: lazyPanel('publisher', 'Updates', () => import('./UpdatesPanel'), { requires, size: { w: 12, h: 4 } }),
    meme: lazyPanel('publisher', 'Meme of the Week', () => import('./MemePanel'), { requires, size: { w: 12, h: 6 } }),
  },
});
