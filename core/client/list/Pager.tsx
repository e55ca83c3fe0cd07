/** Page buttons in Fluent's style: previous, numbers with gaps, next. No page-size changer (spec section 2). */
import { DefaultButton, IconButton, Stack } from '@fluentui/react';
import { theme } from '../theme';
import { formatNumber } from '../format';
import { t } from '../words';

/** The page numbers to show (zero-based), with null for a gap: 0 … 4 5 6 … 12. */
export function pageNumbers(page: number, pages: number, around = 1): (number | null)[] {
  const shown = new Set([0, pages - 1]);
  for (let index = page - around; index <= page + around; index++) if (index >= 0 && index < pages) shown.add(index);
  const sorted = [...shown].sort((a, b) => a - b);
  const out: (number | null)[] = [];
  sorted.forEach((index, position) => {
    const previous = sorted[position - 1];
    if (previous !== undefined && index - previous > 1) out.push(index - previous === 2 ? index - 1 : null);
    out.push(index);
  });
  return out;
}

export function Pager({ page, pages, onPage }: { page: number; pages: number; onPage(page: number): void }) {
  if (pages <= 1) return null;
  const square = { root: { minWidth: 32, width: 32, height: 32, padding: 0, borderRadius: 4 } };
  return (
    <Stack as="nav" aria-label={t('Pages')} horizontal horizontalAlign="center" verticalAlign="center" tokens={{ childrenGap: 4 }}>
      <IconButton
        iconProps={{ iconName: 'ChevronLeft' }}
        ariaLabel={t('Previous page')}
        title={t('Previous page')}
        disabled={page === 0}
        onClick={() => onPage(page - 1)}
      />
      {pageNumbers(page, pages).map((number, index) =>
        number === null ? (
          <span key={`gap-${index}`} aria-hidden style={{ width: 24, textAlign: 'center', color: theme.palette.neutralSecondary }}>
            …
          </span>
        ) : (
          <DefaultButton
            key={number}
            text={formatNumber(number + 1)}
            ariaLabel={t('Page {number}', { number: formatNumber(number + 1) })}
            aria-current={number === page ? 'page' : undefined}
            checked={number === page}
            onClick={() => onPage(number)}
            styles={{
              ...square,
              rootChecked: {
                background: theme.palette.themePrimary,
                borderColor: theme.palette.themePrimary,
                color: theme.palette.neutralPrimary,
                fontWeight: 700,
              },
              rootCheckedHovered: { background: theme.semanticColors.accentHovered },
            }}
          />
        ),
      )}
      <IconButton
        iconProps={{ iconName: 'ChevronRight' }}
        ariaLabel={t('Next page')}
        title={t('Next page')}
        disabled={page >= pages - 1}
        onClick={() => onPage(page + 1)}
      />
    </Stack>
  );
}
