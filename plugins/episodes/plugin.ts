/** Episodes: a newsletter's podcast episodes, its podcast feed, and the podcast provider browser. */
import { definePlugin } from '../../core/shared/plugin';

export default definePlugin({
  id: 'episodes',
  title: 'Episodes',
  requires: ['recordings'],
  permissions: ['episodes.list', 'episodes.create'],
  menuItems: {
    episodes: { label: 'Episodes', icon: 'Headset', to: '/newsletters/show/:scope/episodes', requires: 'episodes.create', scopes: ['newsletter'] },
  },
});
