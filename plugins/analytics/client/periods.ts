/**
 * The time axis of a chart (issue 30): which span is still running, how each span is named on
 * the axis, in a tooltip and in a table, and which spans carry a tick. Pure functions of the spans'
 * first days and today, so a running week can be told apart from a finished one: a week that has
 * had three of its seven days is left out of the drawing and its figure written apart ('This week
 * so far: 12'), never drawn as a fall.
 */
import { addDays, addMonths, addWeeks, differenceInCalendarDays, parseISO, startOfDay } from 'date-fns';
import { formatNumber, type ConsoleLang } from '../../../core/client/format';
import { formatDate } from '../../../core/client/format-dates';
import { t } from '../../../core/client/words';
import type { Span } from './ranges';

/** A date on a chart, in the console's language (core/client/format.ts). */
export function dateText(date: Date, pattern: string): string {
  return formatDate(date, pattern);
}

/** Plotly's separators (the decimal mark, then the thousands) in the console's language: ',.' in Turkish, '.,' in English. */
export function numberSeparators(lang?: ConsoleLang): string {
  const [thousands = ',', decimal = '.'] = formatNumber(1234.5, lang, { minimumFractionDigits: 1 }).replace(/\d/g, '');
  return decimal + thousands;
}

const after: Record<Span, (date: Date) => Date> = {
  day: (date) => addDays(date, 1),
  week: (date) => addWeeks(date, 1),
  month: (date) => addMonths(date, 1),
};

/** The day after a span's last day. */
export const spanEnd = (start: string, span: Span): Date => after[span](parseISO(start));

/**
 * The index of the span that `now` falls in (it has not ended yet), or -1 when every span has
 * ended (a custom range in the past). Only the last span can be running: spans end by today.
 */
export function runningSpan(starts: string[], span: Span, now: Date): number {
  const last = starts.length - 1;
  if (last < 0) return -1;
  const today = startOfDay(now);
  const first = parseISO(starts[last]!);
  return first <= today && today < spanEnd(starts[last]!, span) ? last : -1;
}

/** A span in full, for tooltips and tables: '18 Kasım 2026', '16–22 Kasım 2026', 'Kasım 2026'. */
export function spanTitle(start: string, span: Span): string {
  const first = parseISO(start);
  if (span === 'day') return dateText(first, 'd MMMM yyyy');
  if (span === 'month') return dateText(first, 'MMMM yyyy');
  const last = addDays(first, 6);
  if (first.getFullYear() !== last.getFullYear()) return `${dateText(first, 'd MMMM yyyy')} – ${dateText(last, 'd MMMM yyyy')}`;
  if (first.getMonth() !== last.getMonth()) return `${dateText(first, 'd MMMM')} – ${dateText(last, 'd MMMM yyyy')}`;
  return `${dateText(first, 'd')}–${dateText(last, 'd MMMM yyyy')}`;
}

/** At most this many ticks on an axis: a half-width panel (420 px) fits them unrotated. */
export const maxTicks = 7;

export interface Ticks {
  /** The indices of the spans that carry a tick. */
  at: number[];
  text: string[];
}

/**
 * The ticks of a time axis, chosen from what it spans: months by their names (the year on the
 * first and on each January); days and weeks over more than two months on the first span of each
 * month, named by the month; shorter stretches by day ('3 Kas'), every n-th so that at most
 * `maxTicks` stand.
 */
export function chooseTicks(starts: string[], span: Span): Ticks {
  if (starts.length === 0) return { at: [], text: [] };
  const dates = starts.map((start) => parseISO(start));
  const days = differenceInCalendarDays(dates[dates.length - 1]!, dates[0]!);
  const monthly = span === 'month' || days > 62;
  let at: number[];
  if (monthly) {
    at = dates.flatMap((date, index) => (index === 0 || date.getMonth() !== dates[index - 1]!.getMonth() ? [index] : []));
    // A first span that starts late in its month would crowd the next month's tick.
    if (span !== 'month' && at.length > 1 && dates[0]!.getDate() > 20) at.shift();
  } else at = starts.map((_start, index) => index);
  const every = Math.ceil(at.length / maxTicks);
  at = at.filter((_index, place) => place % every === 0);
  const text = at.map((index, place) => {
    const date = dates[index]!;
    if (!monthly) return dateText(date, 'd MMM');
    const year = place === 0 || date.getMonth() === 0 || date.getFullYear() !== dates[at[place - 1]!]!.getFullYear();
    return dateText(date, at.length > 4 || span !== 'month' ? 'MMM' : 'MMMM') + (year ? ` ${date.getFullYear()}` : '');
  });
  return { at, text };
}

/** The time axis of a chart: its spans in full (with 'so far' on the running one), its ticks and its running span. */
export interface TimeAxis {
  /** The spans' first days (YYYY-MM-DD), as exported. */
  keys: string[];
  labels: string[];
  ticks: Ticks;
  /** The running span's index, or -1. */
  running: number;
  /** What each span is: the running one is 'today', 'this week' or 'this month'. */
  span: Span;
}

/** `now` null: a chart none of whose spans is drawn as running. */
export function timeAxis(starts: string[], span: Span, now: Date | null): TimeAxis {
  const running = now ? runningSpan(starts, span, now) : -1;
  return {
    keys: starts,
    labels: starts.map((start, index) => (index === running ? t('{period} (so far)', { period: spanTitle(start, span) }) : spanTitle(start, span))),
    ticks: chooseTicks(starts, span),
    running,
    span,
  };
}
