/**
 * MONTHLY, WEEKLY, DAILY or CUSTOM, and a refresh (spec 002 section 2.9). CUSTOM shows two dates
 * kept between the parent's creation and today.
 */
import { DefaultButton, IconButton } from '@fluentui/react';
import { DayPicker } from '../../../core/client/DateTimeField';
import { t } from '../../../core/client/words';
import { customRange, rangeKinds, windowOf, type Range } from './ranges';

export interface RangeLimits {
  minDate: Date | undefined;
  maxDate: Date;
}

/**
 * The name of a range's first or last day. English says 'From' and 'To'; those are also an
 * e-mail's headers (the outbox, the publish page), whose Turkish is another word ('Kimden',
 * 'Kime'), and one English text has one translation: a language whose catalog has words of its
 * own for a range's ends ('Start date', 'End date') uses them, English keeps 'From' and 'To'.
 */
export function rangeEnd(end: 'start' | 'end'): string {
  const [english, named] = end === 'start' ? ['From', t('Start date')] : ['To', t('End date')];
  return named === 'Start date' || named === 'End date' ? english : named;
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
    <div className="analytics-range" role="group" aria-label={t('Range')}>
      {rangeKinds.map(({ kind, label }) => (
        <DefaultButton
          key={kind}
          text={t(label)}
          toggle
          checked={range.kind === kind}
          onClick={() => onChange(kind === 'custom' ? customRange(range.start, range.end, limits) : windowOf(kind, new Date()))}
        />
      ))}
      {range.kind === 'custom' ? (
        <>
          <DayField label={rangeEnd('start')} value={range.start} limits={limits} onSelect={(day) => onChange(customRange(day, range.end, limits))} />
          <DayField label={rangeEnd('end')} value={range.end} limits={limits} onSelect={(day) => onChange(customRange(range.start, day, limits))} />
        </>
      ) : null}
      <IconButton iconProps={{ iconName: 'Refresh' }} title={t('Refresh')} ariaLabel={t('Refresh')} onClick={onRefresh} />
    </div>
  );
}
