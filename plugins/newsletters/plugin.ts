/** Newsletters and publishers: the newsletter lists, the publish and feature switches, the dashboards' panels, tags. */
import { definePlugin } from '../../core/shared/plugin';

export default definePlugin({
  id: 'newsletters',
  title: 'Newsletters',
  permissions: ['newsletters.publish', 'newsletters.feature', 'tags.list'],
  schemas: ['entities/newsletter-summary', 'api/newsletter-list-query'],
});
