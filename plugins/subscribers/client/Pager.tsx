/** Paging for a table: previous, the page numbers around the current one, next (no size changer). */
import { IconButton, Stack, Text } from '@fluentui/react';

export function Pager({ page, pageCount, onChange }: { page: number; pageCount: number; onChange(page: number): void }) {
  if (pageCount <= 1) return null;
  const around = 2;
  const numbers = new Set([0, pageCount - 1]);
  for (let index = Math.max(0, page - around); index <= Math.min(pageCount - 1, page + around); index++) numbers.add(index);
  const shown = [...numbers].sort((a, b) => a - b);
  return (
    <Stack as="nav" aria-label="Pages" horizontal verticalAlign="center" horizontalAlign="center" tokens={{ childrenGap: 4 }}>
      <IconButton iconProps={{ iconName: 'ChevronLeft' }} ariaLabel="Previous page" disabled={page === 0} onClick={() => onChange(page - 1)} />
      {shown.map((index, position) => (
        <Stack key={index} horizontal verticalAlign="center">
          {position > 0 && index - shown[position - 1]! > 1 ? <Text styles={{ root: { padding: '0 4px' } }}>…</Text> : null}
          <button
            type="button"
            className={`subscribers-page-button${index === page ? ' is-current' : ''}`}
            aria-label={`Page ${index + 1}`}
            aria-current={index === page ? 'page' : undefined}
            onClick={() => onChange(index)}
          >
            {index + 1}
          </button>
        </Stack>
      ))}
      <IconButton iconProps={{ iconName: 'ChevronRight' }} ariaLabel="Next page" disabled={page >= pageCount - 1} onClick={() => onChange(page + 1)} />
    </Stack>
  );
}
