/** The notifications dropdown of the top bar's bell (NotificationsBell.tsx), loaded when it first opens. */
import { Callout, DefaultButton, DirectionalHint, IconButton, Link, Spinner, SpinnerSize, Stack, Text, Toggle } from '@fluentui/react';
import type { RefObject } from 'react';
import type { Notification } from '../../../schemas/generated/entities/notification';
import { useCan } from '../../../core/client/permissions';
import { t } from '../../../core/client/words';
import { NotificationItem } from './NotificationItem';
import type { NotificationList } from './notification-list';

/** The empty list's text, English here and shown through `t`. */
export const emptyText = "You don't have any new notifications yet.";

export interface NotificationsPanelProps {
  target: RefObject<HTMLDivElement | null>;
  list: NotificationList;
  unreadOnly: boolean;
  onUnreadOnly(unreadOnly: boolean): void;
  onFollow(notification: Notification): void;
  onDismiss(): void;
  onNewAnnouncement(): void;
}

export default function NotificationsPanel({ target, list, unreadOnly, onUnreadOnly, onFollow, onDismiss, onNewAnnouncement }: NotificationsPanelProps) {
  const can = useCan();
  return (
    <Callout
      target={target}
      onDismiss={onDismiss}
      directionalHint={DirectionalHint.bottomRightEdge}
      isBeakVisible={false}
      gapSpace={8}
      preventDismissOnResize
      role="dialog"
      ariaLabel={t('Notifications')}
      setInitialFocus
    >
      <div className="mh-notifications">
        <div className="mh-notifications__header">
          <Stack horizontal verticalAlign="center" horizontalAlign="space-between">
            <Text as="h2" variant="large" styles={{ root: { fontWeight: 700, margin: 0 } }}>
              {t('Notifications')}
            </Text>
            <IconButton
              iconProps={{ iconName: 'Refresh' }}
              title={t('Refresh')}
              ariaLabel={t('Refresh')}
              onClick={() => void list.reload()}
              disabled={list.loading}
            />
          </Stack>
          <Toggle
            label={t('Only show unread')}
            inlineLabel
            checked={unreadOnly}
            onChange={(_event, checked) => onUnreadOnly(Boolean(checked))}
            styles={{ root: { margin: '4px 0 0' } }}
          />
        </div>
        {list.items.length === 0 ? (
          <div className="mh-notifications__empty">{list.loading ? <Spinner size={SpinnerSize.medium} label={t('Loading...')} /> : t(emptyText)}</div>
        ) : (
          <ul className="mh-notifications__list" aria-label={t('Notification list')} aria-busy={list.loading}>
            {list.items.map((notification) => (
              <NotificationItem
                key={notification._id}
                notification={notification}
                onOpen={() => onFollow(notification)}
                onMarkRead={() => void list.markRead(notification)}
              />
            ))}
            {list.hasMore ? (
              <li style={{ padding: 12, textAlign: 'center' }}>
                <DefaultButton text={t('Load more')} onClick={() => void list.loadMore()} />
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
                onNewAnnouncement();
              }}
            >
              {t('New announcement')}
            </Link>
          </div>
        ) : null}
      </div>
    </Callout>
  );
}
