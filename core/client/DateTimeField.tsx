/**
 * A day and a time of day in the console's language (issue 30, point 7). The browser's own date
 * and time inputs follow the browser's language, not the console's: a Turkish console in an
 * English browser showed '11/27/2026, 09:41 PM' beside '27 Kasım 2026'. Here the day is a Fluent
 * calendar with the language's names ('27 Kasım 2026'; a typed '2026-11-27' or '27.11.2026' is
 * taken too), and the time a 24-hour 'HH:mm' field, as the spec writes times.
 */
import { DatePicker, DayOfWeek, defaultDatePickerStrings, Stack, Text, TextField } from '@fluentui/react';
import { format, isValid, parse } from 'date-fns';
import { useEffect, useState } from 'react';
import { currentLang } from './format';
import { calendarNames, dateLocale, formatDate } from './format-dates';
import { theme } from './theme';

/** How the day is written in the field: the cards' 'DD MMMM YYYY'. */
const dayPattern = 'dd MMMM yyyy';
/** The local date and time the field's value is written in (as `<input type="datetime-local">` wrote it). */
export const localDateTime = "yyyy-MM-dd'T'HH:mm";

const timeText = /^([01]?\d|2[0-3])[:.]([0-5]\d)$/;
export const timeFormatText = 'Enter a time as HH:mm, for example 09:30.';

/** A typed time ('9:30', '09.30') as hours and minutes, or null. */
export function parseTime(text: string): { hours: number; minutes: number } | null {
  const match = timeText.exec(text.trim());
  return match ? { hours: Number(match[1]), minutes: Number(match[2]) } : null;
}

/** A typed day: the field's own '27 Kasım 2026', an ISO '2026-11-27' or a dotted '27.11.2026'. */
function parseDay(text: string): Date | null {
  const locale = dateLocale(currentLang());
  for (const pattern of ['yyyy-MM-dd', 'dd.MM.yyyy', 'd.M.yyyy', 'd MMMM yyyy']) {
    const day = parse(text.trim(), pattern, new Date(), { locale });
    if (isValid(day)) return day;
  }
  return null;
}

/** A time of day, 'HH:mm' in 24 hours: reports each valid time typed, and says what it expects of anything else. */
export function TimeField({
  label,
  ariaLabel,
  value,
  onChange,
  errorMessage,
  disabled,
  width = 140,
}: {
  label?: string;
  ariaLabel?: string;
  /** 'HH:mm'. */
  value: string;
  onChange(value: string): void;
  errorMessage?: string;
  disabled?: boolean;
  width?: number;
}) {
  const [text, setText] = useState(value);
  // A value set from outside (another field, a reset) shows unless what is typed already means it.
  useEffect(() => setText((typed) => (parseTime(typed) && normalTime(typed) === value ? typed : value)), [value]);
  const wrong = text.trim() !== '' && !parseTime(text);
  return (
    <TextField
      label={label}
      ariaLabel={ariaLabel}
      value={text}
      placeholder="HH:mm"
      inputMode="numeric"
      autoComplete="off"
      disabled={disabled}
      onChange={(_event, typed = '') => {
        setText(typed);
        if (parseTime(typed)) onChange(normalTime(typed));
      }}
      errorMessage={wrong ? timeFormatText : errorMessage}
      styles={{ root: { width } }}
    />
  );
}

function normalTime(text: string): string {
  const time = parseTime(text)!;
  return `${String(time.hours).padStart(2, '0')}:${String(time.minutes).padStart(2, '0')}`;
}

/** Why a day outside the bounds is refused (Fluent's own text is blank, so the field's red border said nothing). */
function outOfBounds(minDate: Date | undefined, maxDate: Date | undefined, pattern: string): string {
  const [from, to] = [minDate, maxDate].map((day) => (day ? formatDate(day, pattern) : null));
  if (from && to) return `Pick a day from ${from} to ${to}.`;
  if (to) return `Pick a day up to ${to}.`;
  return from ? `Pick a day from ${from}.` : '';
}

/**
 * A day picked in the calendar, in the console's language, weeks from Monday, within the bounds;
 * with `typed`, also typed ('27 Kasım 2026', '2026-11-27', '27.11.2026').
 */
export function DayPicker({
  label,
  ariaLabel,
  placeholder,
  value,
  minDate,
  maxDate,
  onSelect,
  disabled,
  width = 220,
  pattern = dayPattern,
  typed = true,
}: {
  label?: string;
  ariaLabel?: string;
  placeholder?: string;
  value: Date | undefined;
  minDate?: Date;
  maxDate?: Date;
  onSelect(day: Date): void;
  disabled?: boolean;
  width?: number;
  /** How the day is written in the field (a date-fns pattern). */
  pattern?: string;
  typed?: boolean;
}) {
  return (
    <DatePicker
      label={label}
      ariaLabel={ariaLabel ?? label}
      placeholder={placeholder}
      value={value}
      minDate={minDate}
      maxDate={maxDate}
      firstDayOfWeek={DayOfWeek.Monday}
      allowTextInput={typed}
      parseDateFromString={parseDay}
      formatDate={(day) => (day ? formatDate(day, pattern) : '')}
      strings={{ ...defaultDatePickerStrings, ...calendarNames(), isOutOfBoundsErrorMessage: outOfBounds(minDate, maxDate, pattern) }}
      onSelectDate={(day) => day && onSelect(day)}
      disabled={disabled}
      styles={{ root: { width } }}
    />
  );
}

/**
 * A local date and time ("yyyy-MM-dd'T'HH:mm", '' for none) as a day and a time of day. `min`
 * bounds the calendar's days; the form checks the time itself and says so in `errorMessage`.
 */
export function DateTimeField({
  label,
  value,
  onChange,
  min,
  errorMessage,
  disabled,
}: {
  label: string;
  value: string;
  onChange(value: string): void;
  min?: Date;
  errorMessage?: string;
  disabled?: boolean;
}) {
  const current = value ? parse(value, localDateTime, new Date()) : null;
  const at = current && isValid(current) ? current : null;
  const time = at ? format(at, 'HH:mm') : '';
  const join = (day: Date, hhmm: string) => {
    const { hours, minutes } = parseTime(hhmm) ?? { hours: 9, minutes: 0 };
    const next = new Date(day);
    next.setHours(hours, minutes, 0, 0);
    onChange(format(next, localDateTime));
  };
  return (
    <Stack tokens={{ childrenGap: 4 }}>
      <Stack horizontal wrap tokens={{ childrenGap: 12 }} verticalAlign="end">
        <DayPicker
          label={label}
          value={at ?? undefined}
          minDate={min ? new Date(min.getFullYear(), min.getMonth(), min.getDate()) : undefined}
          onSelect={(day) => join(day, time)}
          disabled={disabled}
        />
        <TimeField ariaLabel={`${label} time`} value={time} onChange={(hhmm) => join(at ?? new Date(), hhmm)} disabled={disabled} />
      </Stack>
      {errorMessage ? (
        <Text role="alert" variant="small" styles={{ root: { color: theme.semanticColors.errorText } }}>
          {errorMessage}
        </Text>
      ) : null}
    </Stack>
  );
}
