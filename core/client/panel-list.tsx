/**
 * The short lists of the dashboards' panels (draft stories, draft and published issues): each row
 * an icon, a name, a line of details and an optional badge, leading to the item's page. Light on
 * purpose: the dashboard is the first screen after sign-in (design.md section 6), so dates are
 * the browser's own Turkish, not a date library's.
 */
import { FontIcon, mergeStyleSets } from '@fluentui/react';
import type { ReactNode } from 'react';
import { Link as RouteLink } from 'wouter';
import { theme } from './theme';

/** '22 Kasım': the lists' 'd MMMM' (constants.dates.list). */
const listDate = new Intl.DateTimeFormat('tr-TR', { day: 'numeric', month: 'long' });
export const panelDate = (value: string) => listDate.format(new Date(value));

const classes = mergeStyleSets({
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 8 },
  row: {
    display: 'flex',
    alignItems: 'center',
    gap: 12,
    padding: 8,
    borderRadius: 6,
    color: 'inherit',
    textDecoration: 'none',
    selectors: { ':hover': { background: theme.palette.neutralLighter } },
  },
  icon: {
    flex: 'none',
    width: 40,
    height: 40,
    borderRadius: 6,
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    fontSize: 18,
  },
  text: { minWidth: 0, flex: 1 },
  name: { display: 'block', overflowWrap: 'anywhere' },
  details: { color: theme.palette.neutralSecondary, fontSize: 12 },
});

export function PanelList({ label, children }: { label: string; children: ReactNode }) {
  return (
    <ul aria-label={label} className={classes.list}>
      {children}
    </ul>
  );
}

export interface PanelRowProps {
  href: string;
  icon: string;
  /** The icon's background: drafts waiting (warning) or anything else (accent). */
  tone: 'warning' | 'accent';
  name: string;
  details: string;
  badge?: ReactNode;
}

export function PanelRow({ href, icon, tone, name, details, badge }: PanelRowProps) {
  return (
    <li>
      <RouteLink href={href} className={classes.row}>
        <span
          className={classes.icon}
          style={{ background: tone === 'warning' ? theme.semanticColors.warningBackground : theme.semanticColors.accentTint }}
          aria-hidden
        >
          <FontIcon iconName={icon} />
        </span>
        <span className={classes.text}>
          <strong className={classes.name}>{name}</strong>
          <span className={classes.details}>{details}</span>
        </span>
        {badge}
      </RouteLink>
    </li>
  );
}
