/** A LiveIssue's state as React state. */
import { useSyncExternalStore } from 'react';
import type { LiveIssue, LiveState } from './live-issue';

export function useLiveState(live: LiveIssue): LiveState {
  return useSyncExternalStore(
    (listener) => live.subscribe(listener),
    () => live.current,
  );
}
