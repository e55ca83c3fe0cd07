/** A status badge (PUBLISHED, DRAFT, ...) in the colours config/badges.json fixes per status, its label in the console's language. */
import type { ResolvedBadge } from '../../shared/badges';
import { t } from '../words';

export function StatusBadge({ badge }: { badge: ResolvedBadge }) {
  return (
    <span
      data-testid="status-badge"
      data-status={badge.key}
      style={{
        display: 'inline-block',
        background: badge.color,
        color: badge.textColor,
        borderRadius: 4,
        padding: '2px 8px',
        fontSize: 11,
        fontWeight: 700,
        letterSpacing: 0.4,
        lineHeight: '16px',
        whiteSpace: 'nowrap',
      }}
    >
      {t(badge.label)}
    </span>
  );
}
