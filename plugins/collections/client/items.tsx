/**
 * A collection's items on the console: the browser of published items to add (search, more as the
 * user scrolls, ADD turning ADDED for an item already in), and the ordered list of the chosen ones,
 * arranged by dragging or with Move Up and Move Down (for the keyboard and screen readers), each
 * with Go to URL and Remove.
 */
import { DefaultButton, Dialog, DialogFooter, DialogType, IconButton, mergeStyleSets, PrimaryButton, SearchBox, Stack, Text } from '@fluentui/react';
import { useMemo, type ReactNode } from 'react';
import { useDragOrder } from '../../../core/client/drag-order';
import { LoadMore, useInfiniteList } from '../../../core/client/infinite-list';
import { useListSearch } from '../../../core/client/list/search';
import { panelDate } from '../../../core/client/panel-list';
import { theme } from '../../../core/client/theme';
import { constants } from '../../../core/shared/config';
import { childrenRefLabels, itemSources, itemTitle, type ChildrenRef, type CollectionItem } from './collection-api';
import { t } from '../../../core/client/words';

const classes = mergeStyleSets({
  row: {
    display: 'flex',
    // On a phone the actions go under the item rather than squeezing its title and date.
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: 12,
    padding: 8,
    background: theme.palette.white,
    borderRadius: 8,
    boxShadow: '0 1.6px 3.6px rgba(0,0,0,.13), 0 0.3px 0.9px rgba(0,0,0,.11)',
  },
  grab: { cursor: 'grab' },
  over: { outline: `2px dashed ${theme.palette.themePrimary}` },
  thumb: { flex: 'none', width: 64, height: 43, objectFit: 'cover', borderRadius: 4, background: theme.palette.neutralLighter },
  text: { minWidth: 0, flex: '1 1 140px' },
  actions: { marginLeft: 'auto' },
  title: { display: 'block', fontWeight: 600, overflowWrap: 'anywhere' },
  details: { color: theme.palette.neutralSecondary, fontSize: 12 },
  browser: { listStyle: 'none', margin: 0, padding: 4, display: 'grid', gap: 12, maxHeight: '56vh', overflowY: 'auto' },
  empty: { color: theme.palette.neutralSecondary, padding: 24, textAlign: 'center' },
  order: { listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 8 },
  number: { flex: 'none', width: 24, textAlign: 'center', color: theme.palette.neutralSecondary, fontWeight: 600 },
});

/** One item: its cover, title and publication date, with what can be done to it on the right. */
export function ItemRow({ item, lead, children }: { item: CollectionItem; lead?: ReactNode; children?: ReactNode }) {
  return (
    <>
      {lead}
      {item.image ? <img className={classes.thumb} src={item.image} alt="" loading="lazy" /> : <span className={classes.thumb} aria-hidden />}
      <span className={classes.text}>
        <span className={classes.title}>{itemTitle(item)}</span>
        {item.publishedAt ? <span className={classes.details}>{panelDate(item.publishedAt)}</span> : null}
      </span>
      {children}
    </>
  );
}

export interface ItemBrowserProps {
  model: ChildrenRef;
  /** The ids already in the collection: their button reads ADDED. */
  chosen: string[];
  /** ADD puts the item in; ADDED takes it out again. */
  onToggle(item: CollectionItem): void;
}

/** The published items of a model, searched, growing as the user scrolls. */
export function ItemBrowser({ model, chosen, onToggle }: ItemBrowserProps) {
  const search = useListSearch();
  const source = itemSources[model];
  const params = useMemo(() => ({ ...source.params, search: search.applied || undefined }), [source, search.applied]);
  const rows = useInfiniteList(source.endpoint, params, constants.pageSizes.list);
  const items = useMemo(() => rows.items.map((row) => source.item(row as never)), [rows.items, source]);
  const texts = childrenRefLabels[model];
  return (
    <Stack tokens={{ childrenGap: 12 }}>
      <SearchBox placeholder={t(texts.search)} ariaLabel={t(texts.search)} value={search.text} onChange={(_event, text) => search.setText(text ?? '')} />
      <ul className={classes.browser} aria-label={t(texts.published)}>
        {items.map((item) => {
          const added = chosen.includes(item._id);
          return (
            <li key={item._id} className={classes.row}>
              <ItemRow item={item}>
                {added ? (
                  <DefaultButton
                    text={t('ADDED')}
                    iconProps={{ iconName: 'CheckMark' }}
                    ariaLabel={t('{title}: added, take out', { title: itemTitle(item) })}
                    onClick={() => onToggle(item)}
                  />
                ) : (
                  <PrimaryButton text={t('ADD')} ariaLabel={t('Add {title}', { title: itemTitle(item) })} onClick={() => onToggle(item)} />
                )}
              </ItemRow>
            </li>
          );
        })}
        {items.length === 0 && !rows.loading ? <li className={classes.empty}>{search.applied ? t(texts.noneMatching) : t(texts.nonePublished)}</li> : null}
        <li>
          <LoadMore list={rows} />
        </li>
      </ul>
    </Stack>
  );
}

/** The Add Story (Add Issue) modal: the browser in a dialog; DONE closes it, the changes wait for the page's UPDATE or SAVE. */
export function AddItemsDialog({ onDismiss, ...browser }: ItemBrowserProps & { onDismiss(): void }) {
  return (
    <Dialog
      hidden={false}
      onDismiss={onDismiss}
      dialogContentProps={{ type: DialogType.normal, title: t(childrenRefLabels[browser.model].addTitle) }}
      minWidth={640}
      maxWidth={760}
      modalProps={{ styles: { scrollableContent: { maxHeight: '86vh' } } }}
    >
      <ItemBrowser {...browser} />
      <DialogFooter>
        <DefaultButton text={t('DONE')} onClick={onDismiss} />
      </DialogFooter>
    </Dialog>
  );
}

/** The items with one taken out, or put in at the end (ADD and ADDED). */
export function toggled(items: CollectionItem[], item: CollectionItem): CollectionItem[] {
  return items.some((other) => other._id === item._id) ? items.filter((other) => other._id !== item._id) : [...items, item];
}

export interface ItemOrderProps {
  items: CollectionItem[];
  onChange(items: CollectionItem[]): void;
  /** What the list is called, for screen readers. */
  label: string;
  emptyText: string;
}

const mime = 'application/x-masthead-collection-item';

/** The chosen items in their order, moved by dragging or by their buttons. */
export function ItemOrder({ items, onChange, label, emptyText }: ItemOrderProps) {
  const move = (from: number, to: number) => {
    if (from === to || to < 0 || to >= items.length) return;
    const next = [...items];
    const [moved] = next.splice(from, 1);
    next.splice(to, 0, moved!);
    onChange(next);
  };
  const drag = useDragOrder(mime, move);

  if (items.length === 0) return <Text styles={{ root: { color: theme.palette.neutralSecondary } }}>{emptyText}</Text>;
  return (
    <ol className={classes.order} aria-label={label} onDragEnd={drag.onDragEnd}>
      {items.map((item, index) => (
        <li key={item._id} className={`${classes.row} ${classes.grab} ${drag.over === index ? classes.over : ''}`} {...drag.rowProps(index)}>
          <ItemRow item={item} lead={<span className={classes.number}>{index + 1}</span>}>
            <Stack horizontal tokens={{ childrenGap: 2 }} className={classes.actions}>
              <IconButton
                iconProps={{ iconName: 'Up' }}
                title={t('Move Up')}
                ariaLabel={t('Move Up {title}', { title: itemTitle(item) })}
                disabled={index === 0}
                onClick={() => move(index, index - 1)}
              />
              <IconButton
                iconProps={{ iconName: 'Down' }}
                title={t('Move Down')}
                ariaLabel={t('Move Down {title}', { title: itemTitle(item) })}
                disabled={index === items.length - 1}
                onClick={() => move(index, index + 1)}
              />
              <IconButton
                iconProps={{ iconName: 'OpenInNewWindow' }}
                title={t('Go to URL')}
                ariaLabel={t('Go to URL of {title}', { title: itemTitle(item) })}
                href={item.url}
                target="_blank"
                rel="noopener noreferrer"
              />
              <IconButton
                iconProps={{ iconName: 'Delete' }}
                title={t('Remove')}
                ariaLabel={t('Remove {title}', { title: itemTitle(item) })}
                onClick={() => onChange(items.filter((other) => other._id !== item._id))}
              />
            </Stack>
          </ItemRow>
        </li>
      ))}
    </ol>
  );
}
