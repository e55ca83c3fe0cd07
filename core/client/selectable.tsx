/**
 * Lists to choose one item from (the recording picker, Select Episode): each card is an option
 * chosen by click, Enter or Space, inside a scrolling listbox that grows as the user scrolls.
 */
import { Text } from '@fluentui/react';
import type { KeyboardEvent, ReactNode } from 'react';
import { LoadMore, type InfiniteList } from './infinite-list';
import { theme } from './theme';

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
