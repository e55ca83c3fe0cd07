/**
 * Lists of cards (episodes, recordings, team members): a grid of white cards, as many columns as
 * fit. A card takes its classes from `cardClasses`, which adds, in a picker, whether it is chosen.
 */
import type { CSSProperties, ReactNode } from 'react';
import type { Selection } from './selectable';
import './cards.css';

export interface CardListProps<T> {
  /** The list's accessible name. */
  label: string;
  items: T[];
  itemKey(item: T): string;
  /** A card's least width in pixels (320 unless told). */
  minWidth?: number;
  children(item: T): ReactNode;
}

export function CardList<T>({ label, items, itemKey, minWidth, children }: CardListProps<T>) {
  return (
    <div className="mh-card-list" role="list" aria-label={label} style={minWidth ? ({ '--mh-card-min': `${minWidth}px` } as CSSProperties) : undefined}>
      {items.map((item) => (
        <div role="listitem" key={itemKey(item)} className="mh-card-list__item">
          {children(item)}
        </div>
      ))}
    </div>
  );
}

/** A card's class names: the shared card's, its own, and in a picker whether it is an option and the chosen one. */
export function cardClasses(own: string, selection?: Selection): string {
  return ['mh-card', own, selection ? 'mh-card--selectable' : '', selection?.selected ? 'mh-card--selected' : ''].filter(Boolean).join(' ');
}
