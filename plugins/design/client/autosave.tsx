/**
 * Saving as the user works (spec 002 section 4: design and channel edits save automatically): a
 * change is saved once the page has been quiet for a while, one save at a time, and a failed save
 * keeps the edit, reads 'Not Saved' and is tried again with the next change (design.md section 4).
 * What counts as a change is a different value (compared as JSON), so loading the page, or taking
 * back what the server stored, saves nothing.
 */
import { Text } from '@fluentui/react';
import { useEffect, useRef, useState } from 'react';
import { handleError } from '../../../core/client/errors';
import { theme } from '../../../core/client/theme';
import { t } from '../../../core/client/words';

/**
 * idle: nothing changed since loading; pending: a change waits for the quiet; blocked: a change
 * that may not be sent yet (the page shows why); saving, saved, failed: the last save.
 */
export type SaveState = 'idle' | 'pending' | 'blocked' | 'saving' | 'saved' | 'failed';

export interface AutosaveOptions<T> {
  /** The value as edited; null while it loads. */
  value: T | null;
  /** How long after the last change the save starts. */
  delayMs: number;
  /** Stores the value; answers what was stored. */
  save(value: T): Promise<T>;
  /** What was stored for `sent` (the page may take it back, e.g. new ids). */
  onSaved?(stored: T, sent: T): void;
  /** True while the value must not be sent (an invalid colour, a duplicate channel). */
  blocked?: boolean;
}

export function useAutosave<T>({ value, delayMs, save, onSaved, blocked = false }: AutosaveOptions<T>): SaveState {
  const [state, setState] = useState<SaveState>('idle');
  /** What the server holds, as JSON: a value equal to it needs no save. */
  const stored = useRef<string | null>(null);
  const latest = useRef(value);
  latest.current = value;
  const calls = useRef({ save, onSaved });
  calls.current = { save, onSaved };
  /** The save under way: the next one starts after it, so they reach the server in order. */
  const running = useRef<Promise<void>>(Promise.resolve());
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  /** A change waits for the quiet (its timer may be restarted, but it is owed a save). */
  const waiting = useRef(false);
  const mounted = useRef(true);

  const json = value === null ? null : JSON.stringify(value);
  if (stored.current === null && json !== null) stored.current = json;

  const saveLatest = () => {
    waiting.current = false;
    running.current = running.current.then(async () => {
      const sent = latest.current;
      if (sent === null || JSON.stringify(sent) === stored.current) return;
      if (mounted.current) setState('saving');
      try {
        const answer = await calls.current.save(sent);
        stored.current = JSON.stringify(answer);
        if (!mounted.current) return;
        calls.current.onSaved?.(answer, sent);
        // A change made meanwhile is still owed its own save.
        setState(waiting.current ? 'pending' : 'saved');
      } catch (error) {
        if (mounted.current) setState('failed');
        await handleError(error);
      }
    });
  };

  // A new value (by content) restarts the wait; saveLatest reads the value and the calls through refs.
  useEffect(() => {
    if (json === null) return;
    if (json === stored.current || blocked) {
      waiting.current = false;
      // Taken back to what is stored: nothing is owed. A blocked change waits for the user.
      if (blocked && json !== stored.current) setState('blocked');
      else setState((current) => (current === 'idle' || current === 'saving' ? current : 'saved'));
      return;
    }
    setState('pending');
    waiting.current = true;
    timer.current = setTimeout(saveLatest, delayMs);
    return () => clearTimeout(timer.current);
  }, [json, blocked, delayMs]);

  // Leaving the page does not drop a change that is still waiting for the quiet.
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      if (waiting.current) saveLatest();
    };
  }, []);

  // A value that differs from what the server holds is owed a save from the render that shows it:
  // the effect above starts the wait only after the screen has changed, and until then the page
  // would read 'Saved' (and let a reload drop the change without asking).
  const owed = json !== null && json !== stored.current && !blocked;
  const shown: SaveState = owed && (state === 'saved' || state === 'idle') ? 'pending' : state;

  // Closing the tab with a change not yet stored asks first.
  const unsaved = shown === 'pending' || shown === 'saving' || shown === 'blocked' || shown === 'failed';
  useEffect(() => {
    if (!unsaved) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved]);

  return shown;
}

/** What the status says in each state (English: shown through `t`). */
const labels: Record<SaveState, string> = {
  idle: '',
  pending: 'Saving...',
  saving: 'Saving...',
  saved: 'Saved',
  blocked: 'Not Saved',
  failed: 'Not Saved',
};

/** 'Saving...', 'Saved' or 'Not Saved', announced politely. */
export function SaveStatus({ state }: { state: SaveState }) {
  const problem = state === 'blocked' || state === 'failed';
  return (
    <Text
      role="status"
      data-testid="save-status"
      data-state={state}
      styles={{ root: { fontWeight: 600, color: problem ? theme.semanticColors.errorText : theme.semanticColors.bodySubtext } }}
    >
      {labels[state] ? t(labels[state]) : ''}
    </Text>
  );
}
