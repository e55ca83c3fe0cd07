/**
 * Analytics: opens, clicks and reads as they happen (tracked links, the open pixel, the read
 * beacon of the public pages), machine activity told apart, daily rollups, the statistics and
 * analytics calls, and the charts of newsletters, publishers, issues and stories.
 */
import { definePlugin } from '../../core/shared/plugin';

export default definePlugin({
  id: 'analytics',
  title: 'Analytics',
  // Issues and stories are what is read and clicked (the click map renders an issue); subscribers
  // give the timeline, the subscriptions by source and the cancellations; newsletters the scopes.
  requires: ['issues', 'stories', 'subscribers', 'newsletters'],
  permissions: ['statistics.list', 'statistics.generate'],
  menuItems: {
    analytics: { label: 'Analytics', icon: 'BarChartVertical', to: '/newsletters/show/:scope/analytics', requires: 'statistics.list', scopes: ['newsletter'] },
    'publisher-analytics': {
      label: 'Analytics',
      icon: 'BarChartVertical',
      to: '/publishers/show/:scope/analytics',
      requires: 'statistics.list',
      scopes: ['publisher'],
    },
  },
});
