/** Notifications: the top bar's dropdown, read state, announcements and the admins' announcement form. */
import { definePlugin } from '../../core/shared/plugin';

export default definePlugin({
  id: 'notifications',
  title: 'Notifications',
  permissions: ['notifications.list', 'announcements.create'],
});
