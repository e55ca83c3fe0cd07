/** One notification: the sender's initials, title, text, when, and the unread dot that marks it read. */
import { Persona, PersonaSize, Text, TooltipHost } from '@fluentui/react';
import { formatDistanceToNowStrict } from 'date-fns';
import { tr } from 'date-fns/locale';
import type { Notification } from '../../../schemas/generated/entities/notification';
import './notifications.css';

/** The platform's own notifications carry no sender. */
const platform = { name: 'Masthead', initials: 'M' };

export function NotificationItem({ notification, onOpen, onMarkRead }: { notification: Notification; onOpen(): void; onMarkRead(): void }) {
  const sender = notification.sender ?? platform;
  const when = new Date(notification.createdAt);
  return (
    <li className={`mh-notification${notification.read ? '' : ' mh-notification--unread'}`} data-testid="notification">
      <button type="button" className="mh-notification__open" onClick={onOpen} title={notification.link}>
        <Persona imageInitials={sender.initials} text={sender.name} size={PersonaSize.size32} hidePersonaDetails aria-hidden />
        <span className="mh-notification__body">
          <Text className="mh-notification__title" block>{notification.title}</Text>
          {notification.text ? <Text className="mh-notification__text" variant="small" block>{notification.text}</Text> : null}
          <Text className="mh-notification__time" variant="xSmall" block>
            <time dateTime={notification.createdAt} title={when.toLocaleString('tr')}>{formatDistanceToNowStrict(when, { addSuffix: true, locale: tr })}</time>
          </Text>
        </span>
      </button>
      {notification.read ? (
        <span className="mh-notification__dot-space" />
      ) : (
        <TooltipHost content="Mark as read">
          <button type="button" className="mh-notification__dot" aria-label="Mark as read" onClick={onMarkRead} />
        </TooltipHost>
      )}
    </li>
  );
}
