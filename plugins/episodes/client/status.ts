/** An episode's status badge: the story badges' labels (in the console's language) and colours (config/badges.json), with the date of a schedule. */
import { resolveBadge, type ResolvedBadge } from '../../../core/shared/badges';
import { constants } from '../../../core/shared/config';
import type { Episode } from '../../../schemas/generated/entities/episode';
import { formatDate } from '../../../core/client/format-dates';
import { t } from '../../../core/client/words';

export type EpisodeStatus = 'draft' | 'scheduled' | 'published';

/** The one status an episode is in, from the flags the API answers. */
export function statusOf(episode: Pick<Episode, 'status'>): EpisodeStatus {
  if (episode.status.published) return 'published';
  return episode.status.scheduled ? 'scheduled' : 'draft';
}

export function episodeBadge(episode: Pick<Episode, 'status' | 'publishedAt'>): ResolvedBadge {
  const resolved = resolveBadge('story', episode.status);
  const badge = { ...resolved, label: t(resolved.label) };
  if (episode.status.scheduled && episode.publishedAt) {
    return { ...badge, label: `${badge.label} · ${formatDate(new Date(episode.publishedAt), `${constants.dates.card} HH:mm`)}` };
  }
  return badge;
}

export function cardDate(value: string): string {
  return formatDate(new Date(value), constants.dates.card);
}
