/**
 * The audio pickers' layout (spec 002 section 2.1): a title, the content type picker (beside the
 * list on a wide window, above it on a narrower one), a search box ('Search...', applied after
 * constants.debounces.listSearchMs of quiet), selectable cards that grow as the user scrolls, and
 * CONTINUE to the audio screen of the chosen one.
 */
import { DefaultButton, FontIcon, mergeStyleSets, PrimaryButton, SearchBox, Stack, Text } from '@fluentui/react';
import { useMemo, useState, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { useInfiniteList } from '../../../core/client/infinite-list';
import { compactScreen } from '../../../core/client/layout/narrow';
import { useListSearch } from '../../../core/client/list/search';
import { PageHeader } from '../../../core/client/page-parts';
import { panelDate } from '../../../core/client/panel-list';
import { PickerList, selectableProps } from '../../../core/client/selectable';
import { theme } from '../../../core/client/theme';
import { constants } from '../../../core/shared/config';
import type { ListEndpoint } from '../../../core/shared/endpoints';
import { t } from '../../../core/client/words';

/** A story or an issue as a picker card shows it. */
export interface PickerItem {
  id: string;
  title: string;
  details?: string;
  date?: string | null;
  icon: string;
}

export interface ContentPickerProps<T> {
  title: string;
  /** What to make audio of: the content type picker. */
  types: ReactNode;
  /** The list call and its fixed parameters (newsletter, type, sort). */
  endpoint: ListEndpoint<T>;
  params: Record<string, string | boolean>;
  item(row: T): PickerItem;
  /** The audio screen of the chosen item. */
  next(id: string): string;
  label: string;
  emptyText: string;
  back: string;
}

const classes = mergeStyleSets({
  body: {
    display: 'grid',
    gridTemplateColumns: 'minmax(220px, 300px) minmax(0, 880px)',
    alignItems: 'start',
    gap: 24,
    [`@media ${compactScreen}`]: { gridTemplateColumns: 'minmax(0, 1fr)', gap: 16 },
  },
  card: {
    display: 'flex',
    alignItems: 'center',
    gap: 16,
    padding: 16,
    background: theme.palette.white,
    borderRadius: 8,
    border: '2px solid transparent',
    cursor: 'pointer',
    boxShadow: '0 1.6px 3.6px rgba(0,0,0,.13), 0 0.3px 0.9px rgba(0,0,0,.11)',
    selectors: { ':focus-visible': { outline: `2px solid ${theme.palette.neutralPrimary}` } },
  },
  selected: { borderColor: theme.palette.themePrimary, boxShadow: `0 0 0 1px ${theme.palette.themePrimary}, 0 6px 16px rgba(0,0,0,.12)` },
  icon: { fontSize: 24, color: theme.semanticColors.softText, flex: 'none' },
  text: { minWidth: 0, flex: 1, display: 'flex', flexDirection: 'column', gap: 4 },
  title: { fontWeight: 600, overflowWrap: 'anywhere' },
  details: { color: theme.palette.neutralSecondary, overflowWrap: 'anywhere' },
});

export function ContentPicker<T>({ title, types, endpoint, params, item, next, label, emptyText, back }: ContentPickerProps<T>) {
  const [, navigate] = useLocation();
  const search = useListSearch(constants.limits.searchMinChars, constants.debounces.listSearchMs);
  const query = useMemo(() => ({ ...params, search: search.applied || undefined }), [params, search.applied]);
  const rows = useInfiniteList(endpoint, query, constants.pageSizes.list);
  const items = useMemo(() => rows.items.map(item), [rows.items, item]);
  const [selected, setSelected] = useState<string | null>(null);

  return (
    <Stack tokens={{ childrenGap: 24 }}>
      <PageHeader title={title} />
      <div className={classes.body}>
        {types}
        <Stack tokens={{ childrenGap: 24 }} styles={{ root: { minWidth: 0 } }}>
          <SearchBox placeholder={t('Search...')} ariaLabel={t('Search')} value={search.text} onChange={(_event, text) => search.setText(text ?? '')} />
          <PickerList label={label} list={rows} emptyText={emptyText}>
            {items.map((entry) => (
              <div
                key={entry.id}
                className={`${classes.card} ${selected === entry.id ? classes.selected : ''}`}
                aria-label={entry.title}
                {...selectableProps({ selected: selected === entry.id, onSelect: () => setSelected(entry.id) })}
              >
                <FontIcon iconName={entry.icon} className={classes.icon} aria-hidden />
                <span className={classes.text} data-content>
                  <span className={classes.title}>{entry.title}</span>
                  {entry.details ? <Text className={classes.details}>{entry.details}</Text> : null}
                </span>
                {entry.date ? <Text styles={{ root: { color: theme.palette.neutralSecondary, flex: 'none' } }}>{panelDate(entry.date)}</Text> : null}
              </div>
            ))}
          </PickerList>
          <Stack horizontal horizontalAlign="end" tokens={{ childrenGap: 12 }}>
            <DefaultButton text={t('CANCEL')} onClick={() => navigate(back)} />
            <PrimaryButton text={t('CONTINUE')} disabled={!selected} onClick={() => selected && navigate(next(selected))} />
          </Stack>
        </Stack>
      </div>
    </Stack>
  );
}
