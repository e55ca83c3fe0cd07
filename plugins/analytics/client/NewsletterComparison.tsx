/**
 * The publisher's newsletters side by side (issue 55 point 4): one row per newsletter the user
 * reaches, with its subscribers, its growth over the page's range, and the open, click and
 * unsubscribe rates of the issues it e-mailed in the range (GET /publishers/analytics/{id}: the
 * issue results' own definitions, written as the issue list writes them). Sortable by each column;
 * on a phone the table scrolls inside its own box.
 */
import { DetailsList, DetailsListLayoutMode, Link, SelectionMode, type IColumn } from '@fluentui/react';
import { useEffect, useState, type ReactNode } from 'react';
import { Link as RouteLink } from 'wouter';
import { formatNumber } from '../../../core/client/format';
import { useFormat } from '../../../core/client/format-dates';
import { t } from '../../../core/client/words';
import type { PublisherAnalytics } from '../../../schemas/generated/api/publisher-analytics';
import { CountCell, RateCell } from '../../issues/client/public';
import { failedText, Note, NotReady, Panel, Waiting } from './ChartPanel';
import type { Queued } from './fetch-queue';
import { measureFirstFigure } from './measures';
import { newsletterAnalyticsPath } from './paths';
import type { Range } from './ranges';

export type NewsletterFigures = PublisherAnalytics[number];
type SortKey = 'title' | 'subscribers' | 'growth' | 'openRate' | 'clickRate' | 'unsubscribeRate';

/** The panel's title, in English (shown through `t`). */
export const comparisonTitle = 'NEWSLETTERS';

/** What a column sorts by; a rate with nothing delivered is null, and sorts last either way. */
const sortValue = (row: NewsletterFigures, key: SortKey): string | number | null =>
  key === 'title' ? row.title : key === 'subscribers' || key === 'growth' ? row[key] : row.results[key];

export function sortFigures(rows: NewsletterFigures[], key: SortKey, descending: boolean): NewsletterFigures[] {
  return [...rows].sort((a, b) => {
    const [first, second] = [sortValue(a, key), sortValue(b, key)];
    if (first === null || second === null) return first === second ? 0 : first === null ? 1 : -1;
    const order = typeof first === 'string' ? first.localeCompare(String(second)) : first - Number(second);
    return descending ? -order : order;
  });
}

/** Growth with its sign: '+12', '−3', '0'. */
const signed = (value: number) => (value > 0 ? `+${formatNumber(value)}` : value < 0 ? `−${formatNumber(-value)}` : formatNumber(0));

function columnsOf(sort: { key: SortKey; descending: boolean }): IColumn[] {
  const column = (key: SortKey, name: string, render: (row: NewsletterFigures) => ReactNode, width: number): IColumn => ({
    key,
    name,
    fieldName: key,
    minWidth: width,
    // As wide as they need: on a phone the name and the subscribers show, the rates a scroll away.
    maxWidth: key === 'title' ? 220 : width,
    isResizable: key === 'title',
    // Every column stays on a phone, the table scrolling in its box (DetailsList drops collapsible ones that do not fit).
    isCollapsible: false,
    isSorted: sort.key === key,
    isSortedDescending: sort.key === key && sort.descending,
    onRender: render,
  });
  return [
    column(
      'title',
      t('Newsletter'),
      (row) => (
        <RouteLink href={newsletterAnalyticsPath(row._id)} asChild>
          <Link>{row.title}</Link>
        </RouteLink>
      ),
      140,
    ),
    column('subscribers', t('Subscribers'), (row) => <CountCell value={row.subscribers} />, 110),
    column('growth', t('Growth'), (row) => signed(row.growth), 90),
    column('openRate', t('Open rate'), (row) => <RateCell ratio={row.results.openRate} count={row.results.opens} />, 130),
    column('clickRate', t('Click rate'), (row) => <RateCell ratio={row.results.clickRate} count={row.results.clickers} />, 130),
    column('unsubscribeRate', t('Unsubscribe rate'), (row) => <RateCell ratio={row.results.unsubscribeRate} count={row.results.unsubscribes} />, 160),
  ];
}

export function NewsletterComparison({ state, range }: { state: Queued<PublisherAnalytics>; range: Range }) {
  const [sort, setSort] = useState<{ key: SortKey; descending: boolean }>({ key: 'subscribers', descending: true });
  const format = useFormat();
  const title = t(comparisonTitle);
  const columns = columnsOf(sort).map((column) => ({
    ...column,
    // A first click sorts names A to Z and figures highest first; a second turns it round.
    onColumnClick: () =>
      setSort((current) => ({ key: column.key as SortKey, descending: current.key === column.key ? !current.descending : column.key !== 'title' })),
  }));
  const answeredAt = state.status === 'ready' ? state.at : undefined;
  // Its figures are text, on the screen once rendered: the bench's baseline beside the charts'.
  useEffect(() => measureFirstFigure(title, answeredAt, 'text'), [title, answeredAt]);
  const from = format.date(range.start, 'd MMMM yyyy');
  const to = format.date(range.end, 'd MMMM yyyy');
  return (
    <Panel title={title} wide>
      {state.status === 'waiting' ? (
        <Waiting label={title} height={160} />
      ) : state.status === 'failed' ? (
        <NotReady reason={failedText} />
      ) : (
        <>
          <div className="analytics-table analytics-comparison">
            <DetailsList
              items={sortFigures(state.data, sort.key, sort.descending)}
              columns={columns}
              compact
              selectionMode={SelectionMode.none}
              layoutMode={DetailsListLayoutMode.fixedColumns}
              ariaLabelForGrid={title}
              // A row per newsletter: render them all.
              onShouldVirtualize={() => false}
              getKey={(row: NewsletterFigures) => row._id}
            />
          </div>
          <Note>{t('Growth: subscriptions less unsubscriptions from {from} to {to}.', { from, to })}</Note>
          <Note>
            {t('Rates: the issues e-mailed in these dates, over their delivered copies; opens and clicks are people, each copy once, as on each issue.')}
          </Note>
        </>
      )}
    </Panel>
  );
}
