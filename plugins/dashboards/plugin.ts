/** The dashboards' own panels (greeting, newsletter and publisher cards, the publisher's newsletters, updates, meme) and the public /n/ and /p/ pages. */
import { definePlugin } from '../../core/shared/plugin';

export default definePlugin({
  id: 'dashboards',
  title: 'Dashboards',
  // The publisher's public page orders its newsletters by newsletters.subscriber_count, which the subscribers plugin adds;
  // the landing page shows the cover the settings keep.
  requires: ['subscribers', 'settings'],
  permissions: [],
});
