/**
 * Reordering a list by dragging its rows (HTML5 drag and drop): the handlers each row spreads, the
 * row a drag is over (to mark it), and the list's drag end. A row dragged from another list, even
 * one of the same kind beside it, is not taken: each list has its own id.
 */
import { useId, useState, type DragEvent } from 'react';

export function useDragOrder(mime: string, move: (from: number, to: number) => void) {
  const listId = useId();
  const [over, setOver] = useState<number | null>(null);
  const rowProps = (index: number) => ({
    draggable: true,
    onDragStart: (event: DragEvent) => {
      event.dataTransfer.setData(mime, JSON.stringify({ listId, index }));
      event.dataTransfer.effectAllowed = 'move';
    },
    onDragOver: (event: DragEvent) => {
      if (!event.dataTransfer.types.includes(mime)) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = 'move';
      setOver(index);
    },
    onDragLeave: () => setOver(null),
    onDrop: (event: DragEvent) => {
      event.preventDefault();
      setOver(null);
      try {
        const dragged = JSON.parse(event.dataTransfer.getData(mime)) as { listId: string; index: number };
        if (dragged.listId === listId) move(dragged.index, index);
      } catch {
        // Not one of ours.
      }
    },
  });
  return { over, rowProps, onDragEnd: () => setOver(null) };
}
