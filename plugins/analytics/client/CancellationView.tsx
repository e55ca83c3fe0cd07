/**
 * Why readers left (spec 002 section 2.9): a date range that starts as the last 30 days ending
 * today (issue 55; the spec's current week reached days to come), a donut
 * of the reasons (the preset ones; every other answer is the other reason) with the total in its
 * centre, and the table Subscriber ID, Reason, Date. Each row names who left by name and address
 * (the subscription rows' _id, spec 000 section 3); the date is the spec's 'dddd, MMMM Do HH:mm,
 * YYYY' in the console's language; the table downloads as CSV.
 */
import { DetailsList, DetailsListLayoutMode, IconButton, SelectionMode, Text, type IColumn } from '@fluentui/react';
import { useMemo, useState } from 'react';
import { downloadCsv } from '../../../core/client/csv';
import { datePatterns, useFormat, type Formatters } from '../../../core/client/format-dates';
import { t } from '../../../core/client/words';
import { constants } from '../../../core/shared/config';
import { filterEvents, type CancellationRow } from './analytics-api';
import { Chart } from './Chart';
import type { ChartModel } from './chart-model';
import { failedText, NotReady, Panel, Waiting } from './ChartPanel';
import { count, reasonGroup } from './display';
import { places, useQueued } from './fetch-queue';
import { customRange, dateRange, dayOf, lastDays } from './ranges';
import { DayField, rangeEnd, type RangeLimits } from './RangePicker';

/** The panel's title and its empty text, in English (shown through `t`). */
export const cancellationTitle = 'CANCELLATIONS';
export const nobodyLeftText = 'Nobody left in these dates: readers who unsubscribe appear here with their reason.';

/** A cancellation's date as the table writes it: the spec's pattern, the console's language. */
export const cancellationWhen = (format: Formatters, row: CancellationRow) => format.date(row.date, datePatterns.cancellation);

function columnsOf(format: Formatters): IColumn[] {
  return [
    // Narrow enough to fit beside the donut at 1440 pixels: the reason and the date wrap.
    { key: 'name', name: t('Name'), fieldName: 'name', minWidth: 110, maxWidth: 180, isResizable: true, isMultiline: true },
    { key: 'subscriber', name: t('Subscriber ID'), fieldName: 'subscriber_id', minWidth: 170, maxWidth: 260, isResizable: true },
    // The reasons are the readers' own words, or the unsubscribe page's preset ones (Turkish in the spec): shown as they are.
    { key: 'reason', name: t('Reason'), fieldName: 'reason', minWidth: 160, isResizable: true, isMultiline: true },
    { key: 'date', name: t('Date'), minWidth: 170, maxWidth: 240, isMultiline: true, onRender: (row: CancellationRow) => cancellationWhen(format, row) },
  ];
}

/** The table as CSV rows: the same columns and texts as on screen, in the console's language. */
export function cancellationCsvRows(rows: CancellationRow[], format: Formatters): string[][] {
  return [
    [t('Name'), t('Subscriber ID'), t('Reason'), t('Date')],
    ...rows.map((row) => [row.name, row.subscriber_id, row.reason, cancellationWhen(format, row)]),
  ];
}

/** The donut: each preset reason and the other one, in the unsubscribe page's order, the total in the middle. */
export function reasonsDonut(rows: CancellationRow[]): ChartModel {
  const reasons = [...constants.audience.cancellationReasons, constants.audience.otherReason];
  const counts = reasons.map((reason) => rows.filter((row) => reasonGroup(row.reason) === reason).length);
  return { kind: 'donut', labels: reasons, series: [{ name: t('Cancellations'), values: counts }], centre: count(rows.length) };
}

export function CancellationView({ newsletterIds, limits }: { newsletterIds: string[]; limits: RangeLimits }) {
  // Issue 55: the last constants.statistics.cancellationDays days ending today, not the current week (which
  // reached days to come and was empty most of the week); `limits` end today.
  const [picked, setRange] = useState(() => lastDays(new Date(), constants.statistics.cancellationDays));
  // Kept inside the limits: a newsletter made this week starts its default range on the day it was made, not with a field in error.
  const range = customRange(picked.start, picked.end, limits);
  const key = [newsletterIds.join(','), dayOf(range.start), dayOf(range.end)].join('|');
  const state = useQueued(
    newsletterIds.length > 0
      ? (next) => next(() => filterEvents<CancellationRow>({ type: 'cancellation', cancellation: { date: dateRange(range), cancellableIds: newsletterIds } }))
      : null,
    `cancellations|${key}`,
    'handle',
    places.below + 2,
  );
  const pick = (start: Date, end: Date) => setRange(customRange(start, end, limits));
  const format = useFormat();
  // `format` is bound to the console's language: the column names follow it too.
  const columns = useMemo(() => columnsOf(format), [format]);
  const title = t(cancellationTitle);
  const rows = state.status === 'ready' ? state.data : [];
  const download =
    rows.length > 0 ? (
      <IconButton
        iconProps={{ iconName: 'Download' }}
        title={t('Download as CSV')}
        ariaLabel={t('Download {title} as CSV', { title })}
        className="analytics-csv"
        onClick={() => downloadCsv(`cancellations-${dayOf(range.start)}-${dayOf(range.end)}.csv`, cancellationCsvRows(rows, format))}
      />
    ) : null;

  return (
    <Panel title={title} wide actions={download}>
      <div className="analytics-range" role="group" aria-label={t('Cancellations range')}>
        <DayField
          label={t('Cancellations from')}
          placeholder={rangeEnd('start')}
          value={range.start}
          limits={limits}
          onSelect={(day) => pick(day, range.end)}
        />
        <DayField label={t('Cancellations to')} placeholder={rangeEnd('end')} value={range.end} limits={limits} onSelect={(day) => pick(range.start, day)} />
      </div>
      {state.status === 'waiting' ? (
        <Waiting label={title} />
      ) : state.status === 'failed' ? (
        <NotReady reason={failedText} />
      ) : state.data.length === 0 ? (
        // Nobody left: a fact about these dates, not a chart that is not ready.
        <Text block role="status" className="analytics-empty">
          {t(nobodyLeftText)}
        </Text>
      ) : (
        <div className="analytics-cancellations">
          <Chart
            model={reasonsDonut(state.data)}
            label={t('Cancellation reasons')}
            height={300}
            skeleton={<Waiting label={t('Cancellation reasons')} height={300} />}
            answeredAt={state.at}
          />
          <div className="analytics-table">
            <DetailsList
              items={state.data}
              columns={columns}
              compact
              selectionMode={SelectionMode.none}
              layoutMode={DetailsListLayoutMode.justified}
              ariaLabelForGrid={t('Cancellations')}
              getKey={(row: CancellationRow, index?: number) => `${row.subscriber_id}-${row.date}-${index ?? 0}`}
            />
          </div>
        </div>
      )}
    </Panel>
  );
}
