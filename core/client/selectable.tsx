/**
 * Lists to choose one item from (the recording picker, Select Episode): each card is an option
 * chosen by click, Enter or Space, inside a scrolling listbox that grows as the user scrolls, in
 * a dialog whose SELECT hands the chosen one over.
 */
import { DefaultButton, Dialog, DialogFooter, DialogType, PrimaryButton, Stack, Text } from '@fluentui/react';
import { Fragment, useState, type KeyboardEvent, type ReactNode } from 'react';
import { LoadMore, type InfiniteList } from './infinite-list';
import { OwnContentToggle, type OwnContentFilter } from './own-content';
import { theme } from './theme';
import { t } from './words';

export interface Selection {
  selected: boolean;
  onSelect(): void;
}

/** The attributes that make a card an option of a listbox; none when it is not being chosen. */
export function selectableProps(selection: Selection | undefined) {
  if (!selection) return {};
  return {
    role: 'option' as const,
    'aria-selected': selection.selected,
    tabIndex: 0,
    onClick: selection.onSelect,
    onKeyDown: (event: KeyboardEvent) => {
      if (event.key === 'Enter' || event.key === ' ') {
        event.preventDefault();
        selection.onSelect();
      }
    },
  };
}

/** The listbox of a picker: the cards, the empty text when there are none, and more as it scrolls. */
export function PickerList({ label, list, emptyText, children }: { label: string; list: InfiniteList<unknown>; emptyText: string; children: ReactNode }) {
  return (
    <div role="listbox" aria-label={label} style={{ display: 'flex', flexDirection: 'column', gap: 12, maxHeight: '56vh', overflowY: 'auto', padding: 4 }}>
      {children}
      {list.items.length === 0 && !list.loading ? (
        <Text styles={{ root: { color: theme.palette.neutralSecondary, padding: 24, textAlign: 'center' } }}>{emptyText}</Text>
      ) : null}
      <LoadMore list={list} />
    </div>
  );
}

/** A picker's CANCEL and SELECT; SELECT waits for a choice. */
export function PickerFooter<T>({ selected, onSelect, onDismiss }: { selected: T | null; onSelect(item: T): void; onDismiss(): void }) {
  return (
    <DialogFooter>
      <DefaultButton text={t('CANCEL')} onClick={onDismiss} />
      <PrimaryButton text={t('SELECT')} disabled={!selected} onClick={() => selected && onSelect(selected)} />
    </DialogFooter>
  );
}

export interface PickerDialogProps<T> {
  title: string;
  /** The list's accessible name. */
  label: string;
  list: InfiniteList<T>;
  /** 'Show only my content', above the list, with other `actions` on its right. */
  filter: OwnContentFilter;
  actions?: ReactNode;
  /** What the list says when it has none, of the user's own (`mine`) or at all. */
  emptyText(mine: boolean): string;
  /** Hidden while another dialog opened from this one is in front. */
  hidden?: boolean;
  onSelect(item: T): void;
  onDismiss(): void;
  /** An item's card, given whether it is the chosen one and how to choose it. */
  children(item: T, selection: Selection): ReactNode;
}

/** A dialog to choose one of a list's items (Select Recording, Select Episode). */
export function PickerDialog<T extends { _id: string }>(props: PickerDialogProps<T>) {
  const { title, label, list, filter, actions, emptyText, hidden = false, onSelect, onDismiss, children } = props;
  const [selected, setSelected] = useState<T | null>(null);
  return (
    <Dialog
      hidden={hidden}
      onDismiss={onDismiss}
      dialogContentProps={{ type: DialogType.normal, title }}
      minWidth={640}
      maxWidth={760}
      modalProps={{ styles: { scrollableContent: { maxHeight: '86vh' } } }}
    >
      <Stack tokens={{ childrenGap: 16 }}>
        {actions ? (
          <Stack horizontal verticalAlign="center" horizontalAlign="space-between" tokens={{ childrenGap: 16 }}>
            <OwnContentToggle filter={filter} />
            {actions}
          </Stack>
        ) : (
          <OwnContentToggle filter={filter} />
        )}
        <PickerList label={label} list={list} emptyText={emptyText(filter.on)}>
          {list.items.map((item) => (
            <Fragment key={item._id}>{children(item, { selected: selected?._id === item._id, onSelect: () => setSelected(item) })}</Fragment>
          ))}
        </PickerList>
      </Stack>
      <PickerFooter selected={selected} onSelect={onSelect} onDismiss={onDismiss} />
    </Dialog>
  );
}
