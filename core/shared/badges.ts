/** Status badges of issues, stories, collections and newsletters, resolved from config/badges.json. */
import { badges as badgeConfig, type Badges } from './config';

export type BadgeModel = keyof Omit<Badges, '$schema'>;

export interface ResolvedBadge {
  key: string;
  label: string;
  color: string;
  textColor: string;
}

/** The first status flag set, in the configured order, names the badge. */
export function resolveBadge(model: BadgeModel, status: Record<string, unknown> | null | undefined, config: Badges = badgeConfig): ResolvedBadge {
  const badge = config[model];
  if (!status || Object.keys(status).length === 0) {
    const style = badge.empty ?? badge.fallback;
    return { key: badge.empty ? 'empty' : 'fallback', label: style.label, color: style.color, textColor: style.textColor ?? '#201f1e' };
  }
  const key = badge.order.find((flag) => Boolean(status[flag]));
  const style = key ? badge.statuses[key] : undefined;
  if (!key || !style) return { key: 'fallback', label: badge.fallback.label, color: badge.fallback.color, textColor: badge.fallback.textColor ?? '#201f1e' };
  return { key, label: style.label, color: style.color, textColor: style.textColor ?? '#201f1e' };
}
