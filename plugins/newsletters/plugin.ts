/**
 * Newsletters and publishers: the newsletter lists, a newsletter's own fields and the parts other
 * plugins keep (its settings, its channel templates: an extension point), the publish and feature
 * switches, the dashboards' panels, tags. The newsletter record is the core's (a tenant).
 */
import { definePlugin } from '../../core/shared/plugin';

export default definePlugin({
  id: 'newsletters',
  title: 'Newsletters',
  permissions: ['newsletters.update', 'newsletters.publish', 'newsletters.feature', 'tags.list'],
});
