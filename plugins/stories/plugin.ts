/** Stories: bullets and articles, their editor with autosave and live sync, statuses and publication, lists and the public story page. */
import { definePlugin } from '../../core/shared/plugin';

export default definePlugin({
  id: 'stories',
  title: 'Stories',
  // subscribers: the reader pages' frame with its subscribe form (its public entry).
  requires: ['newsletters', 'images', 'episodes', 'settings', 'subscribers'],
  permissions: [
    'stories.list',
    'stories.create',
    'stories.update',
    'stories.accept',
    'stories.draft',
    'stories.delete',
    'stories.move',
    'stories.publish',
    'stories.cancel',
    'stories.feature',
    'stories.tag',
    'stories.interest',
  ],
  menuItems: {
    stories: { label: 'Stories', icon: 'Articles', to: '/newsletters/show/:scope/stories', requires: 'stories.list', scopes: ['newsletter'] },
  },
});
