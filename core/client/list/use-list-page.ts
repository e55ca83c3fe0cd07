/** One page of a `{ data, count }` list call, fetched again whenever what it asks for changes. */
import { useEffect, useRef, useState } from 'react';
import type { ListEndpoint } from '../../shared/endpoints';
import { listPage } from '../api';
import { handleError } from '../errors';

export type ListParams = Record<string, string | number | boolean | undefined>;

export interface ListPage<T> {
  items: T[];
  count: number;
  loading: boolean;
  /** Whether the first answer has come (so an empty list is really empty). */
  loaded: boolean;
}

export function useListPage<T>(endpoint: ListEndpoint<T>, params: ListParams, refreshKey?: unknown): ListPage<T> {
  const [state, setState] = useState<ListPage<T>>({ items: [], count: 0, loading: true, loaded: false });
  const generation = useRef(0);
  const key = JSON.stringify([endpoint.path, params]);
  useEffect(() => {
    const run = ++generation.current;
    setState((current) => ({ ...current, loading: true }));
    // An empty search is no search.
    const query = Object.fromEntries(Object.entries(params).filter(([, value]) => value !== ''));
    listPage(endpoint, query).then(
      (result) => {
        if (run === generation.current) setState({ items: result.data, count: result.count, loading: false, loaded: true });
      },
      async (error: unknown) => {
        if (run !== generation.current) return;
        // What was shown stays; the shared handler says what went wrong.
        setState((current) => ({ ...current, loading: false, loaded: true }));
        await handleError(error);
      },
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` is made of the address and every query parameter
  }, [key, refreshKey]);
  return state;
}
