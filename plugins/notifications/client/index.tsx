import { lazy } from 'react';
import { clientPlugin } from '../../../core/client/registry';
import manifest from '../plugin';

export default clientPlugin(manifest, {
  routes: [
    // Before the parameter: '/announcements/create' is the form, not an announcement.
    { path: '/announcements/create', page: lazy(() => import('./AnnouncementCreatePage')), requires: 'announcements.create' },
    { path: '/announcements/:announcementId', page: lazy(() => import('./AnnouncementPage')), requires: 'notifications.list' },
  ],
  topBarItems: { notifications: { component: lazy(() => import('./NotificationsBell')), requires: 'notifications.list' } },
});
