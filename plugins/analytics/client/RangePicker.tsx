/**
 * MONTHLY, WEEKLY, DAILY or CUSTOM, and a refresh (spec 002 section 2.9). CUSTOM shows two dates
 * kept between the parent's creation and today.
 */
import { DatePicker, DayOfWeek, defaultDatePickerStrings, DefaultButton, IconButton, type IDatePickerStrings } from '@fluentui/react';
import { customRange, rangeKinds, windowOf, type Range } from './ranges';
import { calendarNames, formatDate } from '../../../core/client/format';

export interface RangeLimits {
  minDate: Date | undefined;
  maxDate: Date;
}

const dayFormat = (day?: Date) => (day ? formatDate(day, 'd MMMM yyyy') : '');

/**
 * The calendar in the console's language, and the message of a day outside the limits: Fluent's
 * own is blank, so the field showed a red border that said nothing.
 */
function pickerStrings(limits: RangeLimits): IDatePickerStrings {
  const from = limits.minDate ? dayFormat(limits.minDate) : null;
  return {
    ...defaultDatePickerStrings,
    ...calendarNames(),
    isOutOfBoundsErrorMessage: from ? `Pick a day from ${from} to ${dayFormat(limits.maxDate)}.` : `Pick a day up to ${dayFormat(limits.maxDate)}.`,
  };
}

/** One end of a range: a Turkish date, weeks from Monday, within the limits. */
export function DayField({
  label,
  placeholder = label,
  value,
  limits,
  onSelect,
}: {
  label: string;
  placeholder?: string;
  value: Date;
  limits: RangeLimits;
  onSelect(day: Date): void;
}) {
  return (
    <DatePicker
      ariaLabel={label}
      placeholder={placeholder}
      value={value}
      minDate={limits.minDate}
      maxDate={limits.maxDate}
      firstDayOfWeek={DayOfWeek.Monday}
      formatDate={dayFormat}
      // A day outside the limits keeps its red border and says why (Fluent's own text is blank).
      strings={pickerStrings(limits)}
      onSelectDate={(day) => day && onSelect(day)}
      styles={{ root: { width: 170 } }}
    />
  );
}

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
          <DayField label="From" value={range.start} limits={limits} onSelect={(day) => onChange(customRange(day, range.end, limits))} />
          <DayField label="To" value={range.end} limits={limits} onSelect={(day) => onChange(customRange(range.start, day, limits))} />
        </>
      ) : null}
      <IconButton iconProps={{ iconName: 'Refresh' }} title="Refresh" ariaLabel="Refresh" onClick={onRefresh} />
    </div>
  );
}
