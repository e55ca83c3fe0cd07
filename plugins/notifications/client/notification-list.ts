/**
 * The bell's list: the caller's notifications (all, or only the unread ones), the unread count
 * for the badge, and marking one read (removed from an only-unread list, spec 002 section 4).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Notification } from '../../../schemas/generated/entities/notification';
import { call } from '../../../core/client/api';
import { handleError } from '../../../core/client/errors';
import { constants } from '../../../core/shared/config';
import { notificationEndpoints } from '../endpoints';

export interface NotificationList {
  items: Notification[];
  count: number;
  unread: number;
  loading: boolean;
  hasMore: boolean;
  reload(): Promise<void>;
  loadMore(): Promise<void>;
  markRead(notification: Notification): Promise<void>;
}

const pageSize = constants.pageSizes.notifications;

export function useNotificationList(unreadOnly: boolean): NotificationList {
  const [state, setState] = useState<{ items: Notification[]; count: number; unread: number; loading: boolean }>({
    items: [],
    count: 0,
    unread: 0,
    loading: false,
  });
  const generation = useRef(0);

  const fetchPage = useCallback(
    async (page: number) => {
      return call(notificationEndpoints.list, { query: { page, limit: pageSize, ...(unreadOnly ? { unread: true } : {}) } });
    },
    [unreadOnly],
  );

  const reload = useCallback(async () => {
    const run = ++generation.current;
    setState((current) => ({ ...current, loading: true }));
    try {
      const answer = await fetchPage(0);
      if (run === generation.current) setState({ items: answer.data, count: answer.count, unread: answer.unread, loading: false });
    } catch (error) {
      if (run === generation.current) setState((current) => ({ ...current, loading: false }));
      await handleError(error);
    }
  }, [fetchPage]);

  useEffect(() => {
    void reload();
  }, [reload]);

  const loadMore = async () => {
    const run = generation.current;
    try {
      const answer = await fetchPage(Math.ceil(state.items.length / pageSize));
      if (run !== generation.current) return;
      setState((current) => {
        const known = new Set(current.items.map((item) => item._id));
        return { ...current, items: [...current.items, ...answer.data.filter((item) => !known.has(item._id))], count: answer.count, unread: answer.unread };
      });
    } catch (error) {
      await handleError(error);
    }
  };

  const markRead = async (notification: Notification) => {
    if (notification.status.read) return;
    try {
      await call(notificationEndpoints.read, { params: { id: notification._id } });
      setState((current) => ({
        ...current,
        items: unreadOnly
          ? current.items.filter((item) => item._id !== notification._id)
          : current.items.map((item) => (item._id === notification._id ? { ...item, status: { ...item.status, read: true } } : item)),
        count: unreadOnly ? current.count - 1 : current.count,
        unread: Math.max(0, current.unread - 1),
      }));
    } catch (error) {
      await handleError(error);
    }
  };

  return { ...state, hasMore: state.items.length < state.count, reload, loadMore, markRead };
}

/** An url containing https:// opens in a new window (spec 002 section 2.13); anything else is an in-app route. */
export function isExternal(url: string): boolean {
  return url.includes('https://');
}
