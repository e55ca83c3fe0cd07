/** Team: a newsletter's editors and authors, a publisher's directors; assign, invite, edit, remove. */
import { definePlugin } from '../../core/shared/plugin';

export default definePlugin({
  id: 'team',
  title: 'Team',
  requires: ['settings'],
  permissions: ['team.list', 'team.manage'],
  menuItems: {
    'newsletter-team': { label: 'Team', icon: 'People', to: '/newsletters/show/:scope/settings/team', requires: 'team.list', scopes: ['newsletter'] },
    'publisher-team': { label: 'Team', icon: 'People', to: '/publishers/show/:scope/settings/team', requires: 'publishers.update', scopes: ['publisher'] },
  },
});
