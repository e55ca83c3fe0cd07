/** What the podcast browser's screens share: the cover, the date, the muted text and the one-call-at-a-time rule. */
import { DetailsList, DetailsListLayoutMode, SelectionMode, Text, type IColumn } from '@fluentui/react';
import type { ReactNode } from 'react';
import { theme } from '../../../core/client/theme';
import { cardDate } from './status';
import { t } from '../../../core/client/words';

/**
 * Runs one call of the browser (its name, e.g. 'import-<id>', is `busy` meanwhile): every control
 * waits and the panel stays open until it ends; a failure goes to the shared error handler.
 */
export type RunTask = (task: string, action: () => Promise<void>) => Promise<void>;

export interface BrowserTask {
  /** The call under way, or null. */
  busy: string | null;
  run: RunTask;
}

export const dateOf = (value: string | undefined) => (value ? cardDate(value) : '');

export function Cover({ src }: { src: string }) {
  return src ? <img className="podcast-cover" src={src} alt="" loading="lazy" /> : <div className="podcast-cover" aria-hidden />;
}

/** The first columns of the browser's tables: the cover, and the title (`title` draws it, at least `minWidth` wide). */
export function leadColumns<T extends { image: string }>(minWidth: number, title: (item: T) => ReactNode): IColumn[] {
  return [
    { key: 'cover', name: t('Cover'), minWidth: 44, maxWidth: 44, onRender: (item: T) => <Cover src={item.image} /> },
    { key: 'title', name: t('Title'), minWidth, isMultiline: true, onRender: title },
  ];
}

/** One of the browser's tables (the podcasts, a podcast's episodes): read-only rows as wide as the panel. */
export function BrowserTable<T extends { id: string }>({
  label,
  items,
  columns,
  onOpen,
}: {
  label: string;
  items: T[];
  columns: IColumn[];
  onOpen?(item: T): void;
}) {
  return (
    <DetailsList
      items={items}
      columns={columns}
      selectionMode={SelectionMode.none}
      layoutMode={DetailsListLayoutMode.justified}
      ariaLabelForGrid={label}
      getKey={(item: T) => item.id}
      onItemInvoked={onOpen}
    />
  );
}

/** A screen's line when it has nothing to list. */
export function Muted({ children }: { children: ReactNode }) {
  return <Text styles={{ root: { color: theme.palette.neutralSecondary } }}>{children}</Text>;
}
