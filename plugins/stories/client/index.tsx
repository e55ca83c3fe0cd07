import { lazy } from 'react';
import { lazyPanel } from '../../../core/client/lazy-panel';
import { clientPlugin } from '../../../core/client/registry';
import manifest from '../plugin';

const StoriesPage = lazy(() => import('./StoriesPage'));

export default clientPlugin(manifest, {
  routes: [
    { path: '/stories', page: StoriesPage, requires: 'stories.list' },
    { path: '/newsletters/show/:newsletterId/stories', page: StoriesPage, requires: 'stories.list' },
    { path: '/stories/create/?', page: lazy(() => import('./NewStoryPage')), requires: 'stories.create' },
    // /stories/create/{newsletterId}/{type} and /stories/edit/{storyId}/{page?}: one route, so the
    // editor of a new story goes on when its address becomes /stories/edit/{id} (StoryEditorPage).
    { path: '/stories/:mode/:first/:second?', page: lazy(() => import('./StoryEditorPage')), requires: 'stories.create', chrome: 'bare' },
  ],
  createActions: {
    'new-story': { label: 'New Story', icon: 'Articles', requires: 'stories.create', to: () => '/stories/create/' },
  },
  panels: {
    'draft-stories': lazyPanel('newsletter', 'Draft stories', () => import('./DraftStoriesPanel'), { requires: 'stories.list', size: { w: 12, h: 5 } }),
  },
});
