/**
 * A day and a time of day in the console's language (issue 30, point 7). The browser's own date
 * and time inputs follow the browser's language, not the console's: a Turkish console in an
 * English browser showed '11/27/2026, 09:41 PM' beside '27 Kasım 2026'. Here the day is a Fluent
 * calendar with the language's names ('27 Kasım 2026'; a typed '2026-11-27' or '27.11.2026' is
 * taken too), and the time a 24-hour 'HH:mm' field, as the spec writes times.
 */
import { DatePicker, DayOfWeek, defaultDatePickerStrings, Stack, Text, TextField, type IDatePickerStrings } from '@fluentui/react';
import { format, isValid, parse } from 'date-fns';
import { useEffect, useState } from 'react';
import { currentLang } from './format';
import { calendarNames, dateLocale, formatDate } from './format-dates';
import { theme } from './theme';
import { t } from './words';

/** How the day is written in the field: the cards' 'DD MMMM YYYY'. */
const dayPattern = 'dd MMMM yyyy';
/** The local date and time the field's value is written in (as `<input type="datetime-local">` wrote it). */
export const localDateTime = "yyyy-MM-dd'T'HH:mm";

const timeText = /^([01]?\d|2[0-3])[:.]([0-5]\d)$/;
/** What the time field says of a time it cannot read (English: shown through `t`). */
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
      placeholder={t('HH:mm')}
      inputMode="numeric"
      autoComplete="off"
      disabled={disabled}
      onChange={(_event, typed = '') => {
        setText(typed);
        if (parseTime(typed)) onChange(normalTime(typed));
      }}
      errorMessage={wrong ? t(timeFormatText) : errorMessage}
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
  if (from && to) return t('Pick a day from {from} to {to}.', { from, to });
  if (to) return t('Pick a day up to {to}.', { to });
  return from ? t('Pick a day from {from}.', { from }) : '';
}

/**
 * Fluent's date picker and calendar strings in the console's language, with the language's month
 * and day names: for any DatePicker or Calendar of the console.
 */
export function datePickerStrings(): IDatePickerStrings {
  return {
    ...defaultDatePickerStrings,
    ...calendarNames(),
    goToToday: t('Go to today'),
    weekNumberFormatString: t('Week number {0}'),
    prevMonthAriaLabel: t('Go to previous month'),
    nextMonthAriaLabel: t('Go to next month'),
    prevYearAriaLabel: t('Go to previous year'),
    nextYearAriaLabel: t('Go to next year'),
    prevYearRangeAriaLabel: t('Previous year range'),
    nextYearRangeAriaLabel: t('Next year range'),
    closeButtonAriaLabel: t('Close date picker'),
    selectedDateFormatString: t('Selected date {0}'),
    todayDateFormatString: t("Today's date {0}"),
    monthPickerHeaderAriaLabel: t('{0}, change year'),
    yearPickerHeaderAriaLabel: t('{0}, change month'),
    dayMarkedAriaLabel: t('marked'),
    isRequiredErrorMessage: t('Field is required'),
    invalidInputErrorMessage: t('Invalid date format'),
    isResetStatusMessage: t('Invalid entry "{0}", date reset to "{1}"'),
  };
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
      strings={{ ...datePickerStrings(), isOutOfBoundsErrorMessage: outOfBounds(minDate, maxDate, pattern) }}
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
        <TimeField ariaLabel={t('{label} time', { label })} value={time} onChange={(hhmm) => join(at ?? new Date(), hhmm)} disabled={disabled} />
      </Stack>
      {errorMessage ? (
        <Text role="alert" variant="small" styles={{ root: { color: theme.semanticColors.errorText } }}>
          {errorMessage}
        </Text>
      ) : null}
    </Stack>
  );
}
