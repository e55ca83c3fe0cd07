/**
 * MONTHLY, WEEKLY, DAILY or CUSTOM, and a refresh (spec 002 section 2.9). CUSTOM shows two dates
 * kept between the parent's creation and today.
 */
import { DefaultButton, IconButton } from '@fluentui/react';
import { DayPicker } from '../../../core/client/DateTimeField';
import { customRange, rangeKinds, windowOf, type Range } from './ranges';

export interface RangeLimits {
  minDate: Date | undefined;
  maxDate: Date;
}

/** One end of a range: a day picked in the console's language, within the limits. */
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
    <DayPicker
      ariaLabel={label}
      placeholder={placeholder}
      value={value}
      minDate={limits.minDate}
      maxDate={limits.maxDate}
      onSelect={onSelect}
      width={170}
      pattern="d MMMM yyyy"
      typed={false}
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
