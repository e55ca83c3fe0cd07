/** Small parts the speech screens share: the audio player, the status badges, the loading state. */
import { Spinner, SpinnerSize, Stack, Text } from '@fluentui/react';
import { StatusBadge } from '../../../core/client/list/StatusBadge';
import { theme } from '../../../core/client/theme';
import { resolveBadge, type ResolvedBadge } from '../../../core/shared/badges';
import { t } from '../../../core/client/words';

/**
 * Plays any audio address (spec 002 section 2.4: the generic audio player). It reads the file's
 * head before it is pressed (preload metadata: a range of the file, not the whole), so it shows the
 * length rather than 0:00.
 */
export function AudioPlayer({ url, label }: { url: string; label: string }) {
  return <audio controls preload="metadata" src={url} aria-label={label} style={{ width: '100%', maxWidth: 520 }} />;
}

/** A chunk's or an audio's status in the story badges' colours: DRAFT, READY, PUBLISHED. */
export function speechBadge(status: 'draft' | 'ready' | 'published'): ResolvedBadge {
  return resolveBadge('story', { [status]: true });
}

/** An issue audio item whose chunks are not all spoken yet (spec 002 section 2.3); its label is shown through t. */
export const notReadyBadge: ResolvedBadge = { ...speechBadge('draft'), key: 'not-ready', label: 'NOT READY' };

export function SpeechBadge({ badge }: { badge: ResolvedBadge }) {
  return <StatusBadge badge={{ ...badge, label: t(badge.label) }} />;
}

/** While an audio is found or made (spec 002 section 2.4's progress texts). */
export function AudioLoading() {
  return (
    <Stack horizontalAlign="center" tokens={{ childrenGap: 8, padding: 48 }} role="status">
      <Spinner size={SpinnerSize.large} label={t('Loading...')} />
      <Text>{t('Retrieving the latest audio chunks.')}</Text>
      <Text styles={{ root: { color: theme.palette.neutralSecondary } }}>{t('This might take a minute or two.')}</Text>
    </Stack>
  );
}

/** Runs `work` on every item, at most `atOnce` at a time, in order of start. */
export async function eachAtMost<T>(items: T[], atOnce: number, work: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      await work(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(atOnce, items.length) }, worker));
}
