/**
 * The ranges of the analytics charts (spec 002 sections 4 and 9): MONTHLY, WEEKLY and DAILY cover
 * the last constants.statistics.windows months, weeks or days in spans of that size; CUSTOM is any
 * stretch of days between the parent's creation and today, fetched daily. Ranges are calendar
 * days: they are sent as whole UTC days, the days the server's daily rollups are kept in, so the
 * console's time zone does not move a day into the next window.
 */
import {
  addDays,
  addMonths,
  addWeeks,
  format,
  isAfter,
  isBefore,
  max as latest,
  min as earliest,
  parseISO,
  startOfDay,
  startOfMonth,
  startOfWeek,
  subDays,
  subMonths,
  subWeeks,
} from 'date-fns';
import { constants } from '../../../core/shared/config';
import type { StatisticsGenerateBody } from '../../../schemas/generated/api/statistics-generate';

export type RangeKind = 'monthly' | 'weekly' | 'daily' | 'custom';
export type Span = 'day' | 'week' | 'month';

/** The picker's buttons, in the spec's order; the labels in English (shown through `t`). */
export const rangeKinds: { kind: RangeKind; label: string }[] = [
  { kind: 'monthly', label: 'MONTHLY' },
  { kind: 'weekly', label: 'WEEKLY' },
  { kind: 'daily', label: 'DAILY' },
  { kind: 'custom', label: 'CUSTOM' },
];

export interface Range {
  kind: RangeKind;
  /** First and last calendar day, both included (local midnight). */
  start: Date;
  end: Date;
}

/** Weeks start on Monday, as PostgreSQL's date_trunc('week') does on the server. */
const week = { weekStartsOn: 1 } as const;

export const spanOf: Record<RangeKind, Span> = { monthly: 'month', weekly: 'week', daily: 'day', custom: 'day' };
export const datespanOf: Record<Span, StatisticsGenerateBody['datespan']> = { day: 'daily', week: 'weekly', month: 'monthly' };

/** The window of a range kind ending today; CUSTOM starts as the daily window. */
export function windowOf(kind: RangeKind, now: Date): Range {
  const today = startOfDay(now);
  const { windows } = constants.statistics;
  if (kind === 'monthly') return { kind, start: startOfMonth(subMonths(today, windows.monthly - 1)), end: today };
  if (kind === 'weekly') return { kind, start: startOfWeek(subWeeks(today, windows.weekly - 1), week), end: today };
  return { kind, start: subDays(today, windows.daily - 1), end: today };
}

export function defaultRange(now: Date): Range {
  return windowOf(constants.statistics.defaultRange as RangeKind, now);
}

/**
 * The range a sent issue (or a published story) is first shown over: from the day it went out to
 * today, in spans that fit its age: days in its first month, weeks in its first half year, months
 * after. Not yet out: the default window.
 */
export function contentRange(sentAt: string | null | undefined, now: Date): Range {
  const sent = sentAt ? startOfDay(parseISO(sentAt)) : null;
  const today = startOfDay(now);
  if (!sent || Number.isNaN(sent.getTime()) || isAfter(sent, today)) return defaultRange(now);
  if (!isBefore(sent, subMonths(today, 1))) return { kind: 'custom', start: sent, end: today };
  if (!isBefore(sent, subMonths(today, 6))) return { kind: 'weekly', start: startOfWeek(sent, week), end: today };
  return { kind: 'monthly', start: startOfMonth(sent), end: today };
}

/** The days a custom range may cover: from the day the parent was created to today. */
export function customLimits(createdAt: string | undefined, now: Date): { minDate: Date | undefined; maxDate: Date } {
  return { minDate: createdAt ? startOfDay(parseISO(createdAt)) : undefined, maxDate: startOfDay(now) };
}

/** A custom range kept within its limits, its ends in order. */
export function customRange(start: Date, end: Date, limits: { minDate: Date | undefined; maxDate: Date }): Range {
  const clamp = (day: Date) => {
    const notBefore = limits.minDate ? latest([startOfDay(day), limits.minDate]) : startOfDay(day);
    return earliest([notBefore, limits.maxDate]);
  };
  const [first, last] = [clamp(start), clamp(end)];
  return isAfter(first, last) ? { kind: 'custom', start: last, end: first } : { kind: 'custom', start: first, end: last };
}

/** The last `days` days, today the last of them: the cancellation view's first range (never a day to come). */
export function lastDays(now: Date, days: number): { start: Date; end: Date } {
  const today = startOfDay(now);
  return { start: subDays(today, days - 1), end: today };
}

export const dayOf = (date: Date) => format(date, 'yyyy-MM-dd');

/** The range as the calls take it: from the first day's start to the last day's end. */
export function dateRange(range: { start: Date; end: Date }): { startAt: string; endAt: string } {
  return { startAt: `${dayOf(range.start)}T00:00:00.000Z`, endAt: `${dayOf(range.end)}T23:59:59.999Z` };
}

/** The first day of each span the range touches (YYYY-MM-DD), as the server dates its points. */
export function spanStarts(range: { start: Date; end: Date }, span: Span): string[] {
  const first = span === 'month' ? startOfMonth(range.start) : span === 'week' ? startOfWeek(range.start, week) : range.start;
  const next = span === 'month' ? (date: Date) => addMonths(date, 1) : span === 'week' ? (date: Date) => addWeeks(date, 1) : (date: Date) => addDays(date, 1);
  const starts: string[] = [];
  for (let date = first; !isAfter(date, range.end); date = next(date)) starts.push(dayOf(date));
  return starts;
}

/**
 * Points summed into the spans of `starts`, zero where nothing happened: a point belongs to the
 * last span that starts on or before its date; points outside the range are left out.
 */
export function intoSpans<P extends { date: string }>(starts: string[], points: P[], ...fields: (keyof P)[]): number[][] {
  const sums = fields.map(() => starts.map(() => 0));
  for (const point of points) {
    const day = point.date.slice(0, 10);
    let index = -1;
    for (let at = 0; at < starts.length && starts[at]! <= day; at++) index = at;
    if (index < 0) continue;
    fields.forEach((field, which) => (sums[which]![index]! += Number(point[field]) || 0));
  }
  return sums;
}

/** Whether a day is outside a custom range's limits (for the date pickers). */
export function outside(day: Date, limits: { minDate: Date | undefined; maxDate: Date }): boolean {
  return (limits.minDate !== undefined && isBefore(day, limits.minDate)) || isAfter(day, limits.maxDate);
}
