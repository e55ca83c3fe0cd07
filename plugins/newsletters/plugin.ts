/**
 * Newsletters and publishers: the newsletter lists, the publish and feature switches, the dashboards' panels, tags.
 * One newsletter carries its testers (settings) and its subscriber timeline (subscribers).
 */
import { definePlugin } from '../../core/shared/plugin';

export default definePlugin({
  id: 'newsletters',
  title: 'Newsletters',
  requires: ['settings', 'subscribers'],
  permissions: ['newsletters.publish', 'newsletters.feature', 'tags.list'],
});
