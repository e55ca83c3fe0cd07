/** Resources: the built-in guidance library ('Tips & Tricks') and the external knowledge links. */
import { definePlugin } from '../../core/shared/plugin';

export default definePlugin({
  id: 'resources',
  title: 'Resources',
  permissions: ['resources.list'],
  menuItems: {
    'knowledge-base': { label: 'Sender Guidelines', icon: 'Mail', link: 'knowledgeBase', requires: 'resources.list' },
    'writing-guide': { label: 'Writing Guide', icon: 'EditNote', link: 'writingGuide', requires: 'resources.list' },
    'tips-and-tricks': { label: 'Tips & Tricks', icon: 'Lightbulb', to: '/resources/list', requires: 'resources.list' },
  },
});
