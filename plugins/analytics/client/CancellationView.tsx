/**
 * Why readers left (spec 002 section 2.9): a date range that starts as the current week, a donut
 * of the reasons (the preset ones; every other answer is the other reason) with the total in its
 * centre, and the table Subscriber ID, Reason, Date.
 */
import { DetailsList, DetailsListLayoutMode, SelectionMode, type IColumn } from '@fluentui/react';
import { useState } from 'react';
import { constants } from '../../../core/shared/config';
import { filterEvents, type CancellationRow } from './analytics-api';
import { Chart } from './Chart';
import type { ChartModel } from './chart-model';
import { NotReady, Panel, Waiting } from './ChartPanel';
import { cancellationDate, count, reasonGroup } from './display';
import { useQueued } from './fetch-queue';
import { currentWeek, customRange, dateRange, dayOf } from './ranges';
import { DayField, type RangeLimits } from './RangePicker';

export const cancellationTitle = 'CANCELLATIONS';

const columns: IColumn[] = [
  { key: 'subscriber', name: 'Subscriber ID', fieldName: 'subscriber_id', minWidth: 160, maxWidth: 280, isResizable: true },
  { key: 'reason', name: 'Reason', fieldName: 'reason', minWidth: 200, isResizable: true, isMultiline: true },
  { key: 'date', name: 'Date', minWidth: 240, maxWidth: 300, onRender: (row: CancellationRow) => cancellationDate(row.date) },
];

/** The donut: each preset reason and the other one, in the unsubscribe page's order, the total in the middle. */
export function reasonsDonut(rows: CancellationRow[]): ChartModel {
  const reasons = [...constants.audience.cancellationReasons, constants.audience.otherReason];
  const counts = reasons.map((reason) => rows.filter((row) => reasonGroup(row.reason) === reason).length);
  return { kind: 'donut', labels: reasons, series: [{ name: 'Cancellations', values: counts }], centre: count(rows.length) };
}

export function CancellationView({ newsletterIds, limits }: { newsletterIds: string[]; limits: RangeLimits }) {
  const [range, setRange] = useState(() => currentWeek(new Date()));
  const key = [newsletterIds.join(','), dayOf(range.start), dayOf(range.end)].join('|');
  const state = useQueued(
    newsletterIds.length > 0
      ? (next) => next(() => filterEvents<CancellationRow>({ type: 'cancellation', cancellation: { date: dateRange(range), cancellableIds: newsletterIds } }))
      : null,
    `cancellations|${key}`,
  );
  // The current week, the default, may end after today: the range may reach its Sunday.
  const bounds = { minDate: limits.minDate, maxDate: currentWeek(new Date()).end };
  const pick = (start: Date, end: Date) => setRange(customRange(start, end, bounds));

  return (
    <Panel title={cancellationTitle} wide>
      <div className="analytics-range" role="group" aria-label="Cancellations range">
        <DayField label="Cancellations from" placeholder="From" value={range.start} limits={bounds} onSelect={(day) => pick(day, range.end)} />
        <DayField label="Cancellations to" placeholder="To" value={range.end} limits={bounds} onSelect={(day) => pick(range.start, day)} />
      </div>
      {state.status === 'waiting' ? (
        <Waiting label={cancellationTitle} />
      ) : state.status === 'failed' || state.data.length === 0 ? (
        <NotReady />
      ) : (
        <div className="analytics-cancellations">
          <Chart model={reasonsDonut(state.data)} label="Cancellation reasons" height={300} />
          <div className="analytics-table">
            <DetailsList
              items={state.data}
              columns={columns}
              compact
              selectionMode={SelectionMode.none}
              layoutMode={DetailsListLayoutMode.justified}
              ariaLabelForGrid="Cancellations"
              getKey={(row: CancellationRow, index?: number) => `${row.subscriber_id}-${row.date}-${index ?? 0}`}
            />
          </div>
        </div>
      )}
    </Panel>
  );
}
