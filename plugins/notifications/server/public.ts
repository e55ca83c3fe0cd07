/**
 * What other plugins may use: notify users (a published issue, an invitation accepted...). Online
 * users' bells refresh through the realtime event.
 */
import { ownTables } from '../../../core/server/db/database';
import type { PluginApi } from '../../../core/server/plugins/contract';
import { notificationEvent } from '../events';
import { insertNotifications, type NewNotification } from './store';

export async function notify(api: PluginApi, notifications: NewNotification[]): Promise<string[]> {
  const ids = await insertNotifications(ownTables(api.db, 'notifications'), notifications);
  for (const userId of new Set(notifications.map((notification) => notification.userId))) api.realtime.emit(notificationEvent, userId, {});
  return ids;
}
