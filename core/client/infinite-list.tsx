/**
 * Lists that grow as the user scrolls (images, recordings, episodes): pages of a `{ data, count }`
 * list call, fetched one after another when the sentinel at the bottom comes into view.
 */
import { Spinner, SpinnerSize } from '@fluentui/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ListEndpoint } from '../shared/endpoints';
import { listPage } from './api';
import { handleError } from './errors';
import { t } from './words';

export type Params = Record<string, string | number | boolean | undefined>;

export interface InfiniteList<T> {
  items: T[];
  count: number;
  loading: boolean;
  hasMore: boolean;
  /** Fetches the next page (ignored while one is on its way or when all are here). */
  loadMore(): void;
  /** Starts again from the first page. */
  reload(): void;
  /** Local changes after a successful call, without fetching again. */
  update(change: (items: T[]) => T[], countChange?: number): void;
}

export function useInfiniteList<T>(endpoint: ListEndpoint<T>, params: Params, pageSize: number): InfiniteList<T> {
  const [state, setState] = useState<{ items: T[]; count: number; page: number; loading: boolean; done: boolean }>({
    items: [],
    count: 0,
    page: 0,
    loading: false,
    done: false,
  });
  const key = JSON.stringify([endpoint.path, params, pageSize]);
  const generation = useRef(0);
  const busy = useRef(false);

  const fetchPage = useCallback(
    async (page: number, run: number) => {
      busy.current = true;
      setState((current) => ({ ...current, loading: true }));
      try {
        const result = await listPage(endpoint, { ...params, page, limit: pageSize });
        if (run !== generation.current) return;
        setState((current) => {
          const items = page === 0 ? result.data : [...current.items, ...result.data];
          return { items, count: result.count, page: page + 1, loading: false, done: result.data.length < pageSize || items.length >= result.count };
        });
      } catch (error) {
        if (run !== generation.current) return;
        setState((current) => ({ ...current, loading: false, done: true }));
        await handleError(error);
      } finally {
        if (run === generation.current) busy.current = false;
      }
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` is made of every input of the load (address and query)
    [key],
  );

  const reload = useCallback(() => {
    const run = ++generation.current;
    setState({ items: [], count: 0, page: 0, loading: true, done: false });
    void fetchPage(0, run);
  }, [fetchPage]);

  useEffect(reload, [reload]);

  return {
    items: state.items,
    count: state.count,
    loading: state.loading,
    hasMore: !state.done,
    loadMore() {
      if (busy.current || state.done) return;
      void fetchPage(state.page, generation.current);
    },
    reload,
    update(change, countChange = 0) {
      setState((current) => ({ ...current, items: change(current.items), count: current.count + countChange }));
    },
  };
}

/** After a successful create: the new item first. */
export function addToList<T>(list: InfiniteList<T>, item: T): void {
  list.update((items) => [item, ...items], 1);
}

/** After a successful save: the saved item in place of its old self. */
export function replaceInList<T extends { _id: string }>(list: InfiniteList<T>, item: T): void {
  list.update((items) => items.map((other) => (other._id === item._id ? item : other)));
}

/** After a successful delete (or when an item no longer matches the list's filter): the list without it. */
export function removeFromList<T extends { _id: string }>(list: InfiniteList<T>, item: T): void {
  list.update((items) => items.filter((other) => other._id !== item._id), -1);
}

/** Put at the end of a growing list: asks for more when it scrolls into view. */
export function LoadMore({ list: source }: { list: InfiniteList<unknown> }) {
  const sentinel = useRef<HTMLDivElement>(null);
  const { loadMore, hasMore, loading } = source;
  useEffect(() => {
    const element = sentinel.current;
    if (!element || !hasMore || loading) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) loadMore();
      },
      { rootMargin: '400px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [loadMore, hasMore, loading]);
  return (
    <div ref={sentinel} style={{ minHeight: 40, display: 'flex', justifyContent: 'center', padding: 12 }}>
      {loading ? <Spinner size={SpinnerSize.medium} label={t('Loading...')} /> : null}
    </div>
  );
}
