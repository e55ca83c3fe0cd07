/** What the server tells a user's consoles when a notification arrives for them (their bells refresh), declared once for both sides. */
import { roomEvent, userRoom } from '../../core/shared/events';

/** `announcement`: the announcement the notification is for, when it is one. */
export interface NotificationMessage {
  announcement?: string;
}

export const notificationEvent = roomEvent<NotificationMessage>(userRoom, 'notification');
