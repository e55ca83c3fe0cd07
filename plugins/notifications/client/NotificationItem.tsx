/** One notification: the sender's initials, subject, preview, when, and the unread dot that marks it read. */
import { Text, TooltipHost } from '@fluentui/react';
import { AvatarPicture } from '../../../core/client/layout/Avatar';
import type { Notification } from '../../../schemas/generated/entities/notification';
import './notifications.css';

const relative = new Intl.RelativeTimeFormat('tr', { numeric: 'auto' });
const steps: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 31_536_000],
  ['month', 2_592_000],
  ['week', 604_800],
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
  ['second', 1],
];

/** '3 saat önce': the browser's own Turkish, so the top bar loads no date library. */
function ago(when: Date): string {
  const seconds = Math.round((when.getTime() - Date.now()) / 1000);
  const [unit, size] = steps.find(([, length]) => Math.abs(seconds) >= length) ?? ['second', 1];
  return relative.format(Math.round(seconds / size), unit);
}

/** The platform's own notifications carry no sender. */
const platform = 'Masthead';

export function NotificationItem({ notification, onOpen, onMarkRead }: { notification: Notification; onOpen(): void; onMarkRead(): void }) {
  const sender = notification.sender?.profile.name ?? platform;
  const read = notification.status.read;
  const when = new Date(notification.createdAt);
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
            <time dateTime={notification.createdAt} title={when.toLocaleString('tr')}>
              {ago(when)}
            </time>
          </Text>
        </span>
      </button>
      {read ? (
        <span className="mh-notification__dot-space" />
      ) : (
        <TooltipHost content="Mark as read">
          <button type="button" className="mh-notification__dot" aria-label="Mark as read" onClick={onMarkRead} />
        </TooltipHost>
      )}
    </li>
  );
}
