/**
 * The dashboards' panels: their title and 'See all' link, and the short lists of some (draft
 * stories, latest collections, draft and published issues): each row an icon, a name, a line of
 * details and an optional badge, leading to the item's page. Light on purpose: the dashboard is
 * the first screen after sign-in (design.md section 6), so dates are Intl's, in the console's
 * language, not a date library's.
 */
import { FontIcon, Link, mergeStyleSets, Spinner, Stack, Text } from '@fluentui/react';
import { useEffect, useState, type ReactNode } from 'react';
import { Link as RouteLink } from 'wouter';
import { handleError } from './errors';
import { dayMonth } from './format';
import { theme } from './theme';
import { t } from './words';

/** '22 Kasım': the lists' 'd MMMM' (constants.dates.list). */
export const panelDate = (value: string) => dayMonth(value);

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

/** A panel's title. */
export function PanelTitle({ children }: { children: ReactNode }) {
  return (
    <Text as="h2" variant="xLarge" style={{ fontWeight: 600, margin: 0 }}>
      {children}
    </Text>
  );
}

export interface PanelHeaderProps {
  title: string;
  /** Where the link on the right leads: the whole list. */
  href: string;
  /** The link's text, 'See all' unless told, and its accessible name where the text alone is not clear. */
  link?: string;
  linkLabel?: string;
}

/** A panel's title with the link to the whole list on its right. */
export function PanelHeader({ title, href, link, linkLabel }: PanelHeaderProps) {
  return (
    <Stack horizontal horizontalAlign="space-between" verticalAlign="center" tokens={{ childrenGap: 12 }}>
      <PanelTitle>{title}</PanelTitle>
      <RouteLink href={href} asChild>
        <Link aria-label={linkLabel}>{link ?? t('See all')}</Link>
      </RouteLink>
    </Stack>
  );
}

export interface ListPanelProps<T> extends PanelHeaderProps {
  /** Null while they load. */
  items: T[] | null;
  /** What the panel says when there are none, and what it then offers (a link to create one). */
  emptyText: string;
  emptyAction?: ReactNode;
  /** A row (PanelRow) for each item. */
  children(item: T): ReactNode;
}

/** A panel listing a few items: the header, a spinner while they load, the empty text, or the rows. */
export function ListPanel<T>({ items, emptyText, emptyAction, children, ...header }: ListPanelProps<T>) {
  return (
    <Stack tokens={{ childrenGap: 12 }}>
      <PanelHeader {...header} />
      {!items ? <Spinner ariaLabel={t('Loading...')} /> : null}
      {items?.length === 0 ? (
        <Stack tokens={{ childrenGap: 8 }} horizontalAlign="start">
          <Text styles={{ root: { color: theme.palette.neutralSecondary } }}>{emptyText}</Text>
          {emptyAction}
        </Stack>
      ) : null}
      {items && items.length > 0 ? <PanelList label={header.title}>{items.map(children)}</PanelList> : null}
    </Stack>
  );
}

/**
 * What a panel or card shows, loaded again when `key` changes (another newsletter): null while it
 * loads. A failure goes to the shared error handler and leaves `failed`. An answer that comes after
 * the key changed is dropped. The setter replaces what is shown, e.g. with a save's answer.
 */
export function useLoaded<T, const F = null>(key: string, load: () => Promise<{ data: T }>, failed: F): [T | F | null, (data: T) => void] {
  const [data, setData] = useState<T | F | null>(null);
  useEffect(() => {
    let live = true;
    setData(null);
    load().then(
      (answer) => live && setData(() => answer.data),
      (error: unknown) => {
        if (!live) return;
        setData(() => failed);
        return handleError(error);
      },
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the key names what is loaded; `load` and `failed` are new each render
  }, [key]);
  return [data, setData];
}

/** What a panel shows (useLoaded); a failed load shows `failed` (a list: none), or null. */
export function usePanelData<T>(key: string, load: () => Promise<{ data: T }>, failed: T | null = null): T | null {
  return useLoaded(key, load, failed)[0];
}
