/**
 * The top bar's notifications (spec 002 section 2.13): a bell with the unread count opening a
 * dropdown with 'Only show unread', Refresh, the list and the empty text. A click marks the
 * notification read and follows its url: https in a new window, anything else in the console.
 * Online, the server's 'notification' event refreshes it. The dropdown is NotificationsPanel.tsx.
 */
import { IconButton } from '@fluentui/react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useAtomValue } from 'jotai';
import { useLocation } from 'wouter';
import type { Notification } from '../../../schemas/generated/entities/notification';
import { currentSocket, useConnectionStatus } from '../../../core/client/socket';
import { userAtom } from '../../../core/client/stores';
import { formatNumber } from '../../../core/client/format';
import { theme } from '../../../core/client/theme';
import { t } from '../../../core/client/words';
import { listen } from '../../../core/shared/events';
import { notificationEvent } from '../events';
import { isExternal, useNotificationList } from './notification-list';
import './notifications.css';

// The dropdown loads when it first opens: the shell carries the bell alone.
const NotificationsPanel = lazy(() => import('./NotificationsPanel'));

export default function NotificationsBell() {
  const [open, setOpen] = useState(false);
  const [unreadOnly, setUnreadOnly] = useState(false);
  const list = useNotificationList(unreadOnly);
  const bell = useRef<HTMLDivElement>(null);
  const [, navigate] = useLocation();
  const connection = useConnectionStatus();
  const { reload } = list;
  const userId = useAtomValue(userAtom)?._id;

  useEffect(() => {
    const socket = currentSocket();
    if (!socket || !userId) return;
    return listen(socket, notificationEvent, userId, () => void reload());
  }, [connection, reload, userId]);

  const toggle = () => {
    if (!open) void reload();
    setOpen(!open);
  };

  const follow = (notification: Notification) => {
    void list.markRead(notification);
    if (!notification.url) return;
    if (isExternal(notification.url)) {
      window.open(notification.url, '_blank', 'noopener,noreferrer');
    } else {
      setOpen(false);
      navigate(notification.url);
    }
  };

  const badge = list.unread > 99 ? `${formatNumber(99)}+` : formatNumber(list.unread);
  return (
    <div className="mh-bell" ref={bell}>
      <IconButton
        iconProps={{ iconName: 'Ringer' }}
        title={t('Notifications')}
        ariaLabel={list.unread > 0 ? t('Notifications, {count} unread', { count: formatNumber(list.unread) }) : t('Notifications')}
        onClick={toggle}
        styles={{
          root: { width: 44, height: 44 },
          icon: { fontSize: 20, color: theme.semanticColors.softText },
          rootHovered: { background: theme.palette.neutralLighter },
        }}
      />
      {list.unread > 0 ? (
        <span className="mh-bell__badge" data-testid="notifications-badge">
          {badge}
        </span>
      ) : null}
      {open ? (
        <Suspense fallback={null}>
          <NotificationsPanel
            target={bell}
            list={list}
            unreadOnly={unreadOnly}
            onUnreadOnly={setUnreadOnly}
            onFollow={follow}
            onDismiss={() => setOpen(false)}
            onNewAnnouncement={() => {
              setOpen(false);
              navigate('/announcements/create');
            }}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
