import { lazy } from 'react';
import { clientPlugin } from '../../../core/client/registry';
import { issueAnalyticsRoute } from '../../issues/client/public';
import manifest from '../plugin';

const NewsletterAnalyticsPage = lazy(() => import('./NewsletterAnalyticsPage'));
const ContentAnalyticsPage = lazy(() => import('./ContentAnalyticsPage'));

export default clientPlugin(manifest, {
  routes: [
    { path: '/newsletters/show/:newsletterId/analytics', page: NewsletterAnalyticsPage, requires: 'statistics.list' },
    { path: '/publishers/show/:publisherId/analytics', page: lazy(() => import('./PublisherAnalyticsPage')), requires: 'statistics.list' },
    // /analytics/{type}/{typeId}, type issues or newsletters (spec 002 section 2.9).
    { path: '/analytics/newsletters/:newsletterId', page: NewsletterAnalyticsPage, requires: 'statistics.list' },
    { path: '/analytics/issues/:issueId', page: ContentAnalyticsPage, requires: 'statistics.generate' },
    // More specific than the story editor's /stories/:mode/:first/:second?, so it comes first (core/client/registry.ts).
    { ref: issueAnalyticsRoute, path: '/issues/show/:issueId/analytics', page: ContentAnalyticsPage, requires: 'statistics.generate' },
    { path: '/stories/show/:storyId/analytics', page: ContentAnalyticsPage, requires: 'statistics.generate' },
  ],
});
