/**
 * The statistics fetches of one screen start constants.statistics.fetchSpacingMs apart (spec 002
 * sections 4 and 9), the part highest on the screen first (its `place`), else in the order asked;
 * each chart shows a skeleton meanwhile. A screen holds one queue (`FetchQueueProvider`); its
 * charts ask through `useQueued`.
 */
import { createContext, useContext, useEffect, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { useParams } from 'wouter';
import { handleError } from '../../../core/client/errors';
import { constants } from '../../../core/shared/config';

const aborted = () => new DOMException('The screen no longer needs this fetch.', 'AbortError');

interface Job {
  /** Its part's place on the screen, top first: the first visible figure is not kept behind the page. */
  place: number;
  /** The order it was asked in, among equal places. */
  asked: number;
  signal?: AbortSignal;
  start(): void;
  drop(): void;
}

export class FetchQueue {
  private waiting: Job[] = [];
  private asked = 0;
  /** A turn is coming: the spacing after the last start, or the moment after a fetch was asked. */
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly spacingMs: number) {}

  /**
   * Runs `fetch` at its turn: the waiting fetch highest on the screen (the smallest `place`, then
   * the first asked) goes next, so a chart at the top never waits for one below it that asked first
   * (children's effects run before their parent's). A fetch whose signal is aborted before it
   * starts (its chart has gone or asks something else now) is dropped without taking a turn.
   */
  run<T>(fetch: () => Promise<T>, signal?: AbortSignal, place = 0): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const job: Job = {
        place,
        asked: this.asked++,
        signal,
        start: () => void fetch().then(resolve, reject),
        drop: () => reject(aborted()),
      };
      if (signal?.aborted) return job.drop();
      signal?.addEventListener('abort', () => this.drop(job), { once: true });
      this.waiting.push(job);
      // Not at once: every fetch a render asks for is waiting when the turn picks one.
      this.timer ??= setTimeout(() => this.turn(), 0);
    });
  }

  private drop(job: Job): void {
    const index = this.waiting.indexOf(job);
    if (index < 0) return;
    this.waiting.splice(index, 1);
    job.drop();
  }

  /**
   * Starts the first waiting fetch, then waits the spacing before the next turn: a timer, not the
   * time of day, which may be set back or on (or faked by a test) meanwhile.
   */
  private turn(): void {
    this.timer = undefined;
    const next = this.waiting.reduce<Job | undefined>(
      (first, job) => (!first || job.place < first.place || (job.place === first.place && job.asked < first.asked) ? job : first),
      undefined,
    );
    if (!next) return;
    this.waiting.splice(this.waiting.indexOf(next), 1);
    next.start();
    this.timer = setTimeout(() => this.turn(), this.spacingMs);
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

/**
 * Where a part stands on an analytics screen, top first: a fetch's `place`. The heading and the
 * publisher's table, then the charts in their order (charts + their index), then the parts below
 * them (average views, latest issues, cancellations).
 */
export const places = { head: 0, charts: 10, below: 100 } as const;

/** `at`: when the answer was in (the page's clock, performance.now()), from which a part's first figure is timed. */
export type Queued<T> = { status: 'waiting' } | { status: 'ready'; data: T; at?: number } | { status: 'failed' };

/** Makes one call at its turn in the screen's queue. */
export type Next = <R>(fetch: () => Promise<R>) => Promise<R>;

/**
 * What `load` answers, loaded again whenever `key` changes (a new range, a refresh). `load` makes
 * each of its calls through `next`, so every call takes its turn; null: nothing to load yet. A
 * failure goes to the shared handler, or is only logged where the spec says so (average views).
 * `place`: where the part stands on the screen (`places`): the higher, the sooner its turn.
 */
export function useQueued<T>(
  load: ((next: Next) => Promise<T>) | null,
  key: string,
  onFailure: 'handle' | 'log' = 'handle',
  place: number = places.head,
): Queued<T> {
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
    const next: Next = (fetch) => queue.run(fetch, controller.signal, place);
    setState({ status: 'waiting' });
    loadAll(next).then(
      (data) => !controller.signal.aborted && setState({ status: 'ready', data, at: performance.now() }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setState({ status: 'failed' });
        if (onFailure === 'log') console.warn('analytics', key, error);
        else void handleError(error);
      },
    );
    return () => controller.abort();
  }, [queue, key, ready, onFailure, place]);

  return state;
}
