/** The dashboards' own panels (greeting, newsletter and publisher cards, the publisher's newsletters, updates, meme) and the public /n/ and /p/ pages. */
import { definePlugin } from '../../core/shared/plugin';

export default definePlugin({
  id: 'dashboards',
  title: 'Dashboards',
  // The landing page shows the subscribers plugin's subscribe form and the cover of the web design
  // (newsletters' newsletterLook); the newsletter card and the publisher's newsletters read the
  // newsletters plugin's calls.
  requires: ['subscribers', 'newsletters'],
  permissions: [],
});
