/**
 * The top bar's notifications (spec 002 section 2.13): a bell with the unread count opening a
 * dropdown with 'Only show unread', Refresh, the list and the empty text. A click marks the
 * notification read and follows its url: https in a new window, anything else in the console.
 * Online, the server's 'notification' event refreshes it.
 */
import { Callout, DefaultButton, DirectionalHint, IconButton, Link, Spinner, SpinnerSize, Stack, Text, Toggle } from '@fluentui/react';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import type { Notification } from '../../../schemas/generated/entities/notification';
import { useCan } from '../../../core/client/permissions';
import { currentSocket, useConnectionStatus } from '../../../core/client/socket';
import { theme } from '../../../core/client/theme';
import { NotificationItem } from './NotificationItem';
import { isExternal, useNotificationList } from './notification-list';
import './notifications.css';

export const emptyText = "You don't have any new notifications yet.";

export default function NotificationsBell() {
  const [open, setOpen] = useState(false);
  const [unreadOnly, setUnreadOnly] = useState(false);
  const list = useNotificationList(unreadOnly);
  const bell = useRef<HTMLDivElement>(null);
  const [, navigate] = useLocation();
  const can = useCan();
  const connection = useConnectionStatus();
  const { reload } = list;

  useEffect(() => {
    const socket = currentSocket();
    if (!socket) return;
    const onNotification = () => void reload();
    socket.on('notification', onNotification);
    return () => {
      socket.off('notification', onNotification);
    };
  }, [connection, reload]);

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

  const badge = list.unread > 99 ? '99+' : String(list.unread);
  return (
    <div className="mh-bell" ref={bell}>
      <IconButton
        iconProps={{ iconName: 'Ringer' }}
        title="Notifications"
        ariaLabel={list.unread > 0 ? `Notifications, ${list.unread} unread` : 'Notifications'}
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
        <Callout
          target={bell}
          onDismiss={() => setOpen(false)}
          directionalHint={DirectionalHint.bottomRightEdge}
          isBeakVisible={false}
          gapSpace={8}
          preventDismissOnResize
          role="dialog"
          ariaLabel="Notifications"
          setInitialFocus
        >
          <div className="mh-notifications">
            <div className="mh-notifications__header">
              <Stack horizontal verticalAlign="center" horizontalAlign="space-between">
                <Text as="h2" variant="large" styles={{ root: { fontWeight: 700, margin: 0 } }}>
                  Notifications
                </Text>
                <IconButton iconProps={{ iconName: 'Refresh' }} title="Refresh" ariaLabel="Refresh" onClick={() => void reload()} disabled={list.loading} />
              </Stack>
              <Toggle
                label="Only show unread"
                inlineLabel
                checked={unreadOnly}
                onChange={(_event, checked) => setUnreadOnly(Boolean(checked))}
                styles={{ root: { margin: '4px 0 0' } }}
              />
            </div>
            {list.items.length === 0 ? (
              <div className="mh-notifications__empty">{list.loading ? <Spinner size={SpinnerSize.medium} label="Loading..." /> : emptyText}</div>
            ) : (
              <ul className="mh-notifications__list" aria-label="Notification list" aria-busy={list.loading}>
                {list.items.map((notification) => (
                  <NotificationItem
                    key={notification._id}
                    notification={notification}
                    onOpen={() => follow(notification)}
                    onMarkRead={() => void list.markRead(notification)}
                  />
                ))}
                {list.hasMore ? (
                  <li style={{ padding: 12, textAlign: 'center' }}>
                    <DefaultButton text="Load more" onClick={() => void list.loadMore()} />
                  </li>
                ) : null}
              </ul>
            )}
            {can('announcements.create') ? (
              <div className="mh-notifications__footer">
                <Link
                  href="/announcements/create"
                  onClick={(event) => {
                    event.preventDefault();
                    setOpen(false);
                    navigate('/announcements/create');
                  }}
                >
                  New announcement
                </Link>
              </div>
            ) : null}
          </div>
        </Callout>
      ) : null}
    </div>
  );
}
