/** One notification: the sender's initials, subject, preview, when, and the unread dot that marks it read. */
import { Text, TooltipHost } from '@fluentui/react';
import { useFormat } from '../../../core/client/format-dates';
import { AvatarPicture } from '../../../core/client/layout/Avatar';
import { t } from '../../../core/client/words';
import type { Notification } from '../../../schemas/generated/entities/notification';
import './notifications.css';

/** The platform's own notifications carry no sender. */
const platform = 'Masthead';

export function NotificationItem({ notification, onOpen, onMarkRead }: { notification: Notification; onOpen(): void; onMarkRead(): void }) {
  const sender = notification.sender?.profile.name ?? platform;
  const read = notification.status.read;
  const when = new Date(notification.createdAt);
  // '3 saat önce' or '3 hours ago': the console's language, not the browser's.
  const format = useFormat();
  return (
    <li className={`mh-notification${read ? '' : ' mh-notification--unread'}`} data-testid="notification">
      <button type="button" className="mh-notification__open" onClick={onOpen} title={notification.url}>
        <AvatarPicture text={sender} size={32} />
        <span className="mh-notification__body">
          <Text className="mh-notification__title" block>
            {notification.subject}
          </Text>
          {notification.preview ? (
            <Text className="mh-notification__text" variant="small" block>
              {notification.preview}
            </Text>
          ) : null}
          <Text className="mh-notification__time" variant="xSmall" block>
            <time dateTime={notification.createdAt} title={format.dateTime(when)}>
              {format.relative(when)}
            </time>
          </Text>
        </span>
      </button>
      {read ? (
        <span className="mh-notification__dot-space" />
      ) : (
        <TooltipHost content={t('Mark as read')}>
          <button type="button" className="mh-notification__dot" aria-label={t('Mark as read')} onClick={onMarkRead} />
        </TooltipHost>
      )}
    </li>
  );
}
