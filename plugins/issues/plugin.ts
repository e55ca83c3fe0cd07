/** Issues: an intro plus stories grouped in channels, created from a channel template, edited by several people at once, listed and featured. */
import { definePlugin } from '../../core/shared/plugin';

export default definePlugin({
  id: 'issues',
  title: 'Issues',
  // Stories fill the channels (their card, their creation); newsletters hold the issue; settings give the interests.
  requires: ['stories', 'newsletters', 'settings', 'episodes'],
  permissions: ['issues.list', 'issues.create', 'issues.update', 'issues.delete', 'issues.feature', 'issues.premium'],
  menuItems: {
    issues: { label: 'Issues', icon: 'Mail', to: '/newsletters/show/:scope/issues', requires: 'issues.update', scopes: ['newsletter'] },
  },
});
