/** Episodes: a newsletter's podcast episodes, its podcast feed, and the podcast provider browser. */
import { definePlugin } from '../../core/shared/plugin';

export default definePlugin({
  id: 'episodes',
  title: 'Episodes',
  after: ['recordings'],
  permissions: ['episodes.list', 'episodes.create'],
  schemas: [
    'entities/episode', 'entities/podcast', 'entities/podcast-episode', 'entities/podcast-feed',
    'api/episode-list-query', 'api/episode-create', 'api/episode-update', 'api/podcast-import', 'api/podcast-feed-create',
  ],
  menuItems: {
    episodes: { label: 'Episodes', icon: 'Headset', to: '/newsletters/show/:scope/episodes', requires: 'episodes.create', scopes: ['newsletter'] },
  },
});
