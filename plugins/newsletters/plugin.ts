/**
 * Newsletters and publishers: the newsletter lists, a new newsletter (the wizard's calls) and a
 * newsletter's own fields with what other plugins add and keep (its settings, its channel
 * templates: extension points), the publish and feature switches, the dashboards' panels, tags.
 * The newsletter record is the core's (a tenant).
 */
import { definePlugin } from '../../core/shared/plugin';

export default definePlugin({
  id: 'newsletters',
  title: 'Newsletters',
  permissions: ['newsletters.update', 'newsletters.publish', 'newsletters.feature', 'tags.list'],
});
