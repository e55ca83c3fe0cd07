/**
 * The list every list page of the console is built on (spec section 2 'Lists': stories, issues,
 * collections, newsletters): card or list view (remembered), search, the type and status filters,
 * the NEW button, a row action menu, status badges from config/badges.json, and paging of
 * constants.pageSizes.list with no page-size changer. The list call answers `{ data, count }`;
 * `page` is zero-based.
 */
import {
  DetailsList,
  DetailsListLayoutMode,
  IconButton,
  PrimaryButton,
  SearchBox,
  SelectionMode,
  Spinner,
  SpinnerSize,
  Stack,
  type IColumn,
  type IContextualMenuItem,
} from '@fluentui/react';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { resolveBadge, type BadgeModel } from '../../shared/badges';
import { constants } from '../../shared/config';
import type { ListEndpoint } from '../../shared/endpoints';
import { EmptyState } from '../page-parts';
import { useConsoleLang } from '../format';
import { theme } from '../theme';
import { t } from '../words';
import { FilterDropdown, type FilterKind, type ListFilters } from './filters';
import { Pager } from './Pager';
import { useListSearch } from './search';
import { StatusBadge } from './StatusBadge';
import { useListPage, type ListParams } from './use-list-page';
import { useListView, type ListView } from './view';

export interface ListColumn<T> {
  key: string;
  name: string;
  /** The cell; 'badge' shows the item's status badge. */
  render: ((item: T) => ReactNode) | 'badge';
  /** The list call's `sort` value that orders by this column; the header then sorts. */
  sort?: string;
  minWidth?: number;
  maxWidth?: number;
}

/** The buttons that switch between the card and the list view (their labels shown through `t`). */
const viewButtons: { key: ListView; icon: string; label: string }[] = [
  { key: 'card', icon: 'GridViewMedium', label: 'Card view' },
  { key: 'list', icon: 'List', label: 'List view' },
];

/** What the list hands each card besides the item: its status badge and its action menu button. */
export interface CardParts {
  badge: ReactNode;
  actions: ReactNode;
}

export interface ListProps<T> {
  /** The list call, e.g. `newsletterEndpoints.list`. */
  endpoint: ListEndpoint<T>;
  /** Fixed query parameters (e.g. the publisher). */
  params?: ListParams;
  /** Local storage key of the remembered view. */
  storageKey: string;
  /** The card view's card. */
  renderCard(item: T, parts: CardParts): ReactNode;
  /** The list view's columns (Fluent DetailsList). */
  columns: ListColumn<T>[];
  /** The item's name, for labels ('Actions for ...'). */
  itemName(item: T): string;
  itemKey?(item: T): string;
  /** The row action menu; no button when it is empty. */
  rowActions?(item: T): IContextualMenuItem[];
  /** The item's status for its badge, resolved with config/badges.json. */
  badge?(item: T): { model: BadgeModel; status: Record<string, unknown> | null | undefined };
  filters?: ListFilters;
  onNew?(): void;
  newLabel?: string;
  searchPlaceholder?: string;
  /** The first sort (the list call's `sort` and `desc`); a new one given later starts again from it (the issue list's status badge). */
  defaultSort?: { sort: string; desc: boolean };
  defaultView?: ListView;
  pageSize?: number;
  /** Changing it fetches the page again (after an action changed an item). */
  refreshKey?: unknown;
  emptyTitle?: string;
  emptyText?: string;
}

const defaultKey = (item: unknown) => String((item as { _id: string })._id);

export function List<T>(props: ListProps<T>) {
  const {
    endpoint,
    params = {},
    storageKey,
    renderCard,
    columns,
    itemName,
    itemKey = defaultKey,
    rowActions,
    filters,
    onNew,
    pageSize = constants.pageSizes.list,
  } = props;
  const [view, setView] = useListView(storageKey, props.defaultView);
  const lang = useConsoleLang();
  const search = useListSearch();
  const [chosen, setChosen] = useState<Partial<Record<FilterKind, string>>>({});
  // The sort chosen by a column header, until the page gives a new default sort.
  const defaultSortKey = JSON.stringify(props.defaultSort ?? null);
  const [chosenSort, setChosenSort] = useState({ from: defaultSortKey, sort: props.defaultSort });
  const sort = chosenSort.from === defaultSortKey ? chosenSort.sort : props.defaultSort;
  const setSort = (next: typeof sort) => setChosenSort({ from: defaultSortKey, sort: next });
  const [paging, setPaging] = useState({ restartKey: '', page: 0 });

  const filterParams: ListParams = {};
  for (const kind of ['type', 'status'] as const) if (filters?.[kind] && chosen[kind]) filterParams[filters[kind]!.param ?? kind] = chosen[kind];
  // A new search, filter, sort or fixed parameter starts from the first page.
  const restartKey = JSON.stringify([params, filterParams, search.applied, sort]);
  const page = paging.restartKey === restartKey ? paging.page : 0;
  const setPage = (next: number) => setPaging({ restartKey, page: next });
  const query: ListParams = { ...params, ...filterParams, search: search.applied || undefined, sort: sort?.sort, desc: sort?.desc, page, limit: pageSize };
  const { items, count, loading, loaded } = useListPage(endpoint, query, props.refreshKey);

  const pages = Math.ceil(count / pageSize);
  // The last page emptied (its last item removed): show the one before.
  useEffect(() => {
    if (loaded && !loading && page > 0 && page >= pages) setPaging({ restartKey, page: Math.max(0, pages - 1) });
  }, [loaded, loading, page, pages, restartKey]);

  const badgeOf = (item: T) => {
    const status = props.badge?.(item);
    return status ? <StatusBadge badge={resolveBadge(status.model, status.status)} /> : null;
  };
  const actionsOf = (item: T) => {
    const menu = rowActions?.(item) ?? [];
    if (menu.length === 0) return null;
    const label = t('Actions for {name}', { name: itemName(item) });
    return (
      <IconButton ariaLabel={label} title={t('Actions')} iconProps={{ iconName: 'MoreVertical' }} menuProps={{ items: menu }} onRenderMenuIcon={() => null} />
    );
  };

  const detailsColumns = useMemo((): IColumn[] => {
    const shown: IColumn[] = columns.map((column) => ({
      key: column.key,
      // A page's columns are often a list made once, in English: shown in the console's language.
      name: t(column.name),
      minWidth: column.minWidth ?? 80,
      maxWidth: column.maxWidth,
      isResizable: true,
      isSorted: Boolean(column.sort && sort?.sort === column.sort),
      isSortedDescending: Boolean(sort?.desc),
      onColumnClick: column.sort ? () => setSort({ sort: column.sort!, desc: sort?.sort === column.sort ? !sort?.desc : false }) : undefined,
      onRender: (item: T) => (column.render === 'badge' ? badgeOf(item) : column.render(item)),
    }));
    if (rowActions) shown.push({ key: 'actions', name: '', minWidth: 40, maxWidth: 40, onRender: (item: T) => actionsOf(item) });
    return shown;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- badgeOf and actionsOf are new each render but read only these
  }, [columns, sort, rowActions, props.badge, lang]);

  let body: ReactNode;
  if (!loaded) body = <Spinner size={SpinnerSize.large} label={t('Loading...')} styles={{ root: { padding: 48 } }} />;
  else if (items.length === 0 && !loading)
    body =
      search.applied || Object.keys(filterParams).length > 0 ? (
        <EmptyState title={t('Nothing matches your search.')} text={t('Try other words or another filter.')} />
      ) : (
        <EmptyState title={props.emptyTitle ?? t('There is nothing here yet.')} text={props.emptyText} />
      );
  else if (view === 'card')
    body = (
      <div role="list" aria-label={t('Cards')} style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))', gap: 20 }}>
        {items.map((item) => (
          <div role="listitem" key={itemKey(item)} style={{ minWidth: 0, display: 'flex', flexDirection: 'column' }}>
            {renderCard(item, { badge: badgeOf(item), actions: actionsOf(item) })}
          </div>
        ))}
      </div>
    );
  else
    body = (
      <div style={{ background: theme.palette.white, borderRadius: 8, overflow: 'hidden' }}>
        <DetailsList
          items={items}
          columns={detailsColumns}
          getKey={(item: T) => itemKey(item)}
          setKey="list"
          selectionMode={SelectionMode.none}
          layoutMode={DetailsListLayoutMode.justified}
          // Ten rows: render them all (and measurable in tests).
          onShouldVirtualize={() => false}
          // Cells centred on the row (the action button is taller than a line of text).
          onRenderRow={(rowProps, render) => (rowProps && render ? render({ ...rowProps, styles: { cell: { display: 'flex', alignItems: 'center' } } }) : null)}
        />
      </div>
    );

  return (
    <Stack tokens={{ childrenGap: 20 }}>
      <Stack horizontal wrap verticalAlign="center" tokens={{ childrenGap: 12 }}>
        <SearchBox
          placeholder={props.searchPlaceholder ?? t('Search')}
          ariaLabel={props.searchPlaceholder ?? t('Search')}
          value={search.text}
          onChange={(_, value) => search.setText(value ?? '')}
          onClear={() => search.setText('')}
          styles={{ root: { width: 320, maxWidth: '100%' } }}
        />
        {(['type', 'status'] as const).map((kind) =>
          filters?.[kind] ? (
            <FilterDropdown
              key={kind}
              kind={kind}
              filter={filters[kind]!}
              value={chosen[kind]}
              onChange={(value) => setChosen((current) => ({ ...current, [kind]: value }))}
            />
          ) : null,
        )}
        {loading && loaded ? <Spinner size={SpinnerSize.small} ariaLabel={t('Loading...')} /> : null}
        <Stack horizontal verticalAlign="center" tokens={{ childrenGap: 4 }} styles={{ root: { marginLeft: 'auto' } }}>
          {viewButtons.map(({ key, icon, label }) => (
            <IconButton
              key={key}
              iconProps={{ iconName: icon }}
              ariaLabel={t(label)}
              title={t(label)}
              toggle
              checked={view === key}
              onClick={() => setView(key)}
            />
          ))}
          {onNew ? (
            <PrimaryButton text={props.newLabel ?? t('NEW')} iconProps={{ iconName: 'Add' }} onClick={onNew} styles={{ root: { marginLeft: 12 } }} />
          ) : null}
        </Stack>
      </Stack>
      {body}
      <Pager page={page} pages={pages} onPage={setPage} />
    </Stack>
  );
}
