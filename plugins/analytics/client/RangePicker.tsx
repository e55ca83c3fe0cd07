/**
 * MONTHLY, WEEKLY, DAILY or CUSTOM, and a refresh (spec 002 section 2.9). CUSTOM shows two dates
 * kept between the parent's creation and today.
 */
import { DatePicker, DayOfWeek, DefaultButton, IconButton } from '@fluentui/react';
import { format } from 'date-fns';
import { tr } from 'date-fns/locale';
import { customRange, rangeKinds, windowOf, type Range } from './ranges';

export interface RangeLimits {
  minDate: Date | undefined;
  maxDate: Date;
}

const dayFormat = (day?: Date) => (day ? format(day, 'd MMMM yyyy', { locale: tr }) : '');

export function RangePicker({ range, limits, onChange, onRefresh }: { range: Range; limits: RangeLimits; onChange(range: Range): void; onRefresh(): void }) {
  return (
    <div className="analytics-range" role="group" aria-label="Range">
      {rangeKinds.map(({ kind, label }) => (
        <DefaultButton
          key={kind}
          text={label}
          toggle
          checked={range.kind === kind}
          onClick={() => onChange(kind === 'custom' ? customRange(range.start, range.end, limits) : windowOf(kind, new Date()))}
        />
      ))}
      {range.kind === 'custom' ? (
        <>
          <DatePicker
            ariaLabel="From"
            placeholder="From"
            value={range.start}
            minDate={limits.minDate}
            maxDate={limits.maxDate}
            firstDayOfWeek={DayOfWeek.Monday}
            formatDate={dayFormat}
            onSelectDate={(day) => day && onChange(customRange(day, range.end, limits))}
            styles={{ root: { width: 170 } }}
          />
          <DatePicker
            ariaLabel="To"
            placeholder="To"
            value={range.end}
            minDate={limits.minDate}
            maxDate={limits.maxDate}
            firstDayOfWeek={DayOfWeek.Monday}
            formatDate={dayFormat}
            onSelectDate={(day) => day && onChange(customRange(range.start, day, limits))}
            styles={{ root: { width: 170 } }}
          />
        </>
      ) : null}
      <IconButton iconProps={{ iconName: 'Refresh' }} title="Refresh" ariaLabel="Refresh" onClick={onRefresh} />
    </div>
  );
}
