/** What the podcast browser's screens share: the cover, the date, the muted text and the one-call-at-a-time rule. */
import { Text } from '@fluentui/react';
import type { ReactNode } from 'react';
import { theme } from '../../../core/client/theme';
import { cardDate } from './status';

/**
 * Runs one call of the browser (its name, e.g. 'import-<id>', is `busy` meanwhile): every control
 * waits and the panel stays open until it ends; a failure goes to the shared error handler.
 */
export type RunTask = (task: string, action: () => Promise<void>) => Promise<void>;

export interface BrowserTask {
  /** The call under way, or null. */
  busy: string | null;
  run: RunTask;
}

export const dateOf = (value: string | undefined) => (value ? cardDate(value) : '');

export function Cover({ src }: { src: string }) {
  return src ? <img className="podcast-cover" src={src} alt="" loading="lazy" /> : <div className="podcast-cover" aria-hidden />;
}

/** A screen's line when it has nothing to list. */
export function Muted({ children }: { children: ReactNode }) {
  return <Text styles={{ root: { color: theme.palette.neutralSecondary } }}>{children}</Text>;
}
