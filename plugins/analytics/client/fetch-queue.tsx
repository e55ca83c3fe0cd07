/**
 * The statistics fetches of one screen start constants.statistics.fetchSpacingMs apart (spec 002
 * sections 4 and 9), in the order the charts ask; each chart shows that it waits meanwhile. A
 * screen holds one queue (`FetchQueueProvider`); its charts ask through `useQueued`.
 */
import { createContext, useContext, useEffect, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { useParams } from 'wouter';
import { handleError } from '../../../core/client/errors';
import { constants } from '../../../core/shared/config';

const aborted = () => new DOMException('The screen no longer needs this fetch.', 'AbortError');

export class FetchQueue {
  /** When the next fetch may start. */
  private nextStart = 0;
  /** The turn of the last fetch asked: the next one waits for it, so the order is kept. */
  private last: Promise<unknown> = Promise.resolve();

  constructor(private readonly spacingMs: number) {}

  /**
   * Runs `fetch` at its turn. A fetch whose signal is aborted before it starts (its chart has gone
   * or asks something else now) is dropped without taking a turn.
   */
  run<T>(fetch: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    const turn = this.last.then(async () => {
      // Until the clock says so: a timer may fire a little early. The page's own clock, which only
      // moves forward: the time of day may be set back or on (or faked by a test) meanwhile.
      for (let wait = this.nextStart - performance.now(); wait > 0 && !signal?.aborted; wait = this.nextStart - performance.now()) {
        await new Promise((resolve) => setTimeout(resolve, wait));
      }
      if (signal?.aborted) return false;
      this.nextStart = performance.now() + this.spacingMs;
      return true;
    });
    this.last = turn;
    return turn.then((go) => (go ? fetch() : Promise.reject(aborted())));
  }
}

const QueueContext = createContext<FetchQueue | null>(null);

/** One queue for everything below: mount it once per screen. */
export function FetchQueueProvider({ children }: { children: ReactNode }) {
  const [queue] = useState(() => new FetchQueue(constants.statistics.fetchSpacingMs));
  return <QueueContext.Provider value={queue}>{children}</QueueContext.Provider>;
}

/** A page of one record named by the address (`param`): a queue of its own for each record it shows. */
export function queuedPage<K extends string>(param: K, Screen: ComponentType<Record<K, string>>) {
  return function QueuedPage() {
    const id = useParams()[param] ?? '';
    const props = { [param]: id } as Record<K, string>;
    return (
      <FetchQueueProvider key={id}>
        <Screen {...props} />
      </FetchQueueProvider>
    );
  };
}

export type Queued<T> = { status: 'waiting' } | { status: 'ready'; data: T } | { status: 'failed' };

/** Makes one call at its turn in the screen's queue. */
export type Next = <R>(fetch: () => Promise<R>) => Promise<R>;

/**
 * What `load` answers, loaded again whenever `key` changes (a new range, a refresh). `load` makes
 * each of its calls through `next`, so every call takes its turn; null: nothing to load yet. A
 * failure goes to the shared handler, or is only logged where the spec says so (average views).
 */
export function useQueued<T>(load: ((next: Next) => Promise<T>) | null, key: string, onFailure: 'handle' | 'log' = 'handle'): Queued<T> {
  const queue = useContext(QueueContext);
  if (!queue) throw new Error('useQueued needs a FetchQueueProvider');
  const [state, setState] = useState<Queued<T>>({ status: 'waiting' });
  const latest = useRef(load);
  latest.current = load;
  const ready = load !== null;

  useEffect(() => {
    const loadAll = latest.current;
    if (!ready || !loadAll) return;
    const controller = new AbortController();
    const next: Next = (fetch) => queue.run(fetch, controller.signal);
    setState({ status: 'waiting' });
    loadAll(next).then(
      (data) => !controller.signal.aborted && setState({ status: 'ready', data }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setState({ status: 'failed' });
        if (onFailure === 'log') console.warn('analytics', key, error);
        else void handleError(error);
      },
    );
    return () => controller.abort();
  }, [queue, key, ready, onFailure]);

  return state;
}
