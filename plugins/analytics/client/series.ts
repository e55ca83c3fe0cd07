/**
 * The calls' rows turned into charts: activity over time (people, and machines apart, with the
 * machine share under it), subscriptions and unsubscriptions, the same by source, the subscriber
 * totals, and the device pies. Opens and clicks count people once a copy: a copy's repeats are
 * left out of the series and told under them, with the total. Pure functions of the rows and the
 * range, and of the console's language: a chart's words (series, units, notes) are written in it,
 * so they are built while drawing.
 */
import { subDays } from 'date-fns';
import { t } from '../../../core/client/words';
import type { Device, EventRow, Point, Source, SubscriberRow, SubscriptionRow, TimelinePoint } from './analytics-api';
import type { ChartData } from './ChartPanel';
import type { ChartKind } from './chart-model';
import { machineShare, readingDuration, repeatsNote, sourceName } from './display';
import { timeAxis, type TimeAxis } from './periods';
import { dayOf, intoSpans, spanOf, spanStarts, type Range, type Span } from './ranges';

export const sources: Source[] = ['email', 'web', 'ios', 'android'];

export interface SpanWindow {
  span: Span;
  /** The first day of each span (YYYY-MM-DD). */
  starts: string[];
  axis: TimeAxis;
}

export function spanWindow(range: Range, now = new Date()): SpanWindow {
  const span = spanOf[range.kind];
  const starts = spanStarts(range, span);
  return { span, starts, axis: timeAxis(starts, span, now) };
}

/** What a chart over time takes from its axis: its labels in full, ticks, the running span and what a span is. */
export function overTime(axis: TimeAxis) {
  return { labels: axis.labels, keys: axis.keys, ticks: axis.ticks, running: axis.running, span: axis.span };
}

/**
 * Why a chart over a range has nothing to draw yet, in the console's language. `what` is the
 * English of what it counts ('opens', 'payments'), put through `t` here: its words are in a
 * catalog (a noun, as it reads after a number: 'açılma').
 */
export const emptyInRange = (what: string) =>
  t('No {what} in this period yet. Pick a longer range, or come back once readers have had the issues.', { what: t(what) });

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

type Noun = 'opens' | 'clicks' | 'reads';
/** People's series and the machines', in the console's language. */
function seriesNames(noun: Noun): [string, string] {
  if (noun === 'opens') return [t('Opens'), t('Machine opens')];
  if (noun === 'clicks') return [t('Clicks'), t('Machine clicks')];
  return [t('Reads'), t('Machine reads')];
}

/** What a value counts, as a tooltip writes it after the number ('12 opens'), in the console's language. */
function unitOf(noun: Noun | 'subscriptions' | 'unsubscriptions'): string {
  if (noun === 'opens') return t('opens');
  if (noun === 'clicks') return t('clicks');
  if (noun === 'reads') return t('reads');
  return noun === 'subscriptions' ? t('subscriptions') : t('unsubscriptions');
}

/** A legacy point or an events row, as one dated count of people, their repeats and machines. */
export interface Activity {
  date: string;
  /** People: for opens and clicks, once a copy. */
  people: number;
  /** A copy's opens or clicks after its first. */
  repeats: number;
  machines: number;
}
const repeatsOf = (total: number, once: number) => Math.max(0, total - once);
export const fromPoints = (points: Point[] = []): Activity[] =>
  points.map((point) => ({ date: point.date, people: point.value, repeats: repeatsOf(point.total ?? point.value, point.value), machines: point.machine ?? 0 }));
type CountedRow = Pick<EventRow, 'date' | 'total' | 'unique' | 'machine' | 'machineUnique'>;
/** Opens or clicks of the events query: people once a copy, the repeats apart, machines once a copy too (as the statistics' points count them). */
export const fromRows = (rows: CountedRow[]): Activity[] =>
  rows.map((row) => ({ date: row.date ?? '', people: row.unique, repeats: repeatsOf(row.total, row.unique), machines: row.machineUnique }));
/** Reads of the public pages: every read counts (a page has no copy whose repeats could inflate them). */
export const fromReadRows = (rows: CountedRow[]): Activity[] =>
  rows.map((row) => ({ date: row.date ?? '', people: row.total, repeats: 0, machines: row.machine }));

/**
 * The lines under a chart of people: the machines' share of what was counted (people and machines
 * in the same unit: copies for opens and clicks, so an issue's whole life gives its results' share),
 * and the repeats left out.
 */
function activityNotes(people: number, repeats: number, machines: number, noun: Noun): (string | null)[] {
  return [machineShare(people, machines, noun), noun === 'reads' ? null : repeatsNote(repeats, noun)];
}

/** People's activity over the range, the machines' beside it, the share of machines and the repeats. */
export function activityChart(window: SpanWindow, activity: Activity[], noun: Noun, kind: ChartKind = 'line'): ChartData {
  const [people = [], repeats = [], machines = []] = intoSpans(window.starts, activity, 'people', 'repeats', 'machines');
  const [peopleName, machineName] = seriesNames(noun);
  return {
    model: {
      kind,
      ...overTime(window.axis),
      unit: unitOf(noun),
      series: [{ name: peopleName, values: people }, ...(sum(machines) > 0 ? [{ name: machineName, values: machines, machine: true }] : [])],
    },
    notes: activityNotes(sum(people), sum(repeats), sum(machines), noun),
    empty: emptyInRange(noun),
  };
}

/** Two charts (content analytics): opens and clicks together. */
export function opensAndClicksChart(window: SpanWindow, opens: Activity[], clicks: Activity[]): ChartData {
  const [openPeople = [], openRepeats = [], openMachines = []] = intoSpans(window.starts, opens, 'people', 'repeats', 'machines');
  const [clickPeople = [], clickRepeats = [], clickMachines = []] = intoSpans(window.starts, clicks, 'people', 'repeats', 'machines');
  return {
    model: {
      kind: 'line',
      ...overTime(window.axis),
      series: [
        { name: t('Opens'), values: openPeople },
        { name: t('Clicks'), values: clickPeople },
        ...(sum(openMachines) > 0 ? [{ name: t('Machine opens'), values: openMachines, machine: true }] : []),
        ...(sum(clickMachines) > 0 ? [{ name: t('Machine clicks'), values: clickMachines, machine: true }] : []),
      ],
    },
    notes: [
      ...activityNotes(sum(openPeople), sum(openRepeats), sum(openMachines), 'opens'),
      ...activityNotes(sum(clickPeople), sum(clickRepeats), sum(clickMachines), 'clicks'),
    ],
    empty: emptyInRange('opens or clicks'),
  };
}

/** The series' names, in English (shown through `t`). */
export const subscriptionNames = { subscription: 'Subscriptions', unsubscription: 'Unsubscriptions' } as const;
type SubscriptionName = (typeof subscriptionNames)[keyof typeof subscriptionNames];
const subscriptionUnit = (name: SubscriptionName) => (name === 'Subscriptions' ? 'subscriptions' : 'unsubscriptions');
const subscriptionName = (name: SubscriptionName) => (name === 'Subscriptions' ? t('Subscriptions') : t('Unsubscriptions'));

/** Subscriptions or unsubscriptions in each span. */
export function countChart(window: SpanWindow, points: { date: string; count: number }[], name: SubscriptionName): ChartData {
  const [values = []] = intoSpans(window.starts, points, 'count');
  const unit = subscriptionUnit(name);
  return {
    model: { kind: 'line', ...overTime(window.axis), unit: unitOf(unit), series: [{ name: subscriptionName(name), values }] },
    empty: emptyInRange(unit),
  };
}

export const subscriptionPoints = (rows: SubscriptionRow[], type: SubscriptionRow['type']) => rows.filter((row) => row.type === type);
export const legacyCounts = (points: Point[] = []) => points.map((point) => ({ date: point.date, count: point.value }));

/** Subscriptions or unsubscriptions by source, stacked: one area per source that has any. */
export function bySourceChart(window: SpanWindow, rows: SubscriptionRow[], type: SubscriptionRow['type']): ChartData {
  const ofType = rows.filter((row) => row.type === type);
  const present = [...new Set(ofType.map((row) => row.source ?? null))].sort(
    (a, b) => (a === null ? 99 : sources.indexOf(a)) - (b === null ? 99 : sources.indexOf(b)),
  );
  const unit = subscriptionUnit(subscriptionNames[type]);
  return {
    empty: emptyInRange(unit),
    model: {
      kind: 'area',
      stacked: true,
      ...overTime(window.axis),
      unit: unitOf(unit),
      series: present.map((source) => ({
        name: sourceName(source),
        values: intoSpans(
          window.starts,
          ofType.filter((row) => (row.source ?? null) === source),
          'count',
        )[0]!,
      })),
    },
  };
}

/**
 * Subscribers at each week's end (a level, not a flow: summed across newsletters, never across
 * weeks), for the weeks that end in the range.
 */
export function subscribersChart(range: Range, rows: Pick<SubscriberRow, 'date' | 'total' | 'email' | 'notification'>[], now = new Date()): ChartData {
  const from = dayOf(subDays(range.start, 6));
  const to = dayOf(range.end);
  const byDate = new Map<string, { total: number; email: number; notification: number }>();
  for (const row of rows) {
    const date = row.date.slice(0, 10);
    if (date < from || date > to) continue;
    const week = byDate.get(date) ?? { total: 0, email: 0, notification: 0 };
    byDate.set(date, { total: week.total + row.total, email: week.email + row.email, notification: week.notification + row.notification });
  }
  const dates = [...byDate.keys()].sort();
  const of = (field: 'total' | 'email' | 'notification') => dates.map((date) => byDate.get(date)![field]);
  return {
    empty: t('No subscribers counted in this period yet: the count is taken at the end of each week.'),
    model: {
      kind: 'line',
      ...overTime(timeAxis(dates, 'week', now)),
      unit: t('subscribers'),
      series: [
        { name: t('Total'), values: of('total') },
        { name: t('E-mail'), values: of('email') },
        { name: t('Notification'), values: of('notification') },
      ],
    },
  };
}

/** The legacy timeline (GET /newsletters/list/{id}/stats) as subscriber rows. */
export function timelineRows(points: TimelinePoint[]): Pick<SubscriberRow, 'date' | 'total' | 'email' | 'notification'>[] {
  const byDate = new Map<string, { date: string; total: number; email: number; notification: number }>();
  for (const point of points.filter((item) => item.type === 'subscribers')) {
    const row = byDate.get(point.date) ?? { date: point.date, total: 0, email: 0, notification: 0 };
    row[point.medium] += point.value;
    row.total += point.value;
    byDate.set(point.date, row);
  }
  return [...byDate.values()];
}

type PieRow = Pick<EventRow, 'source' | 'device' | 'total' | 'unique' | 'machine' | 'machineUnique'>;

/** A device's name, in the console's language. */
export function deviceName(device: Device): string {
  if (device === 'desktop') return t('Desktop');
  if (device === 'mobile') return t('Mobile');
  if (device === 'tablet') return t('Tablet');
  return t('Unknown device');
}
const devices: Device[] = ['desktop', 'mobile', 'tablet', 'unknown'];

/** People in each part (a source, a device), the empty parts left out, in the order given. */
function splitPie(rows: PieRow[], noun: Noun, partOf: (row: PieRow) => string, order: string[], empty: string): ChartData {
  const activity = (noun === 'reads' ? fromReadRows : fromRows)(rows);
  const byPart = new Map<string, number>();
  activity.forEach((item, index) => {
    const name = partOf(rows[index]!);
    byPart.set(name, (byPart.get(name) ?? 0) + item.people);
  });
  const labels = [...byPart.keys()].filter((label) => byPart.get(label)! > 0).sort((a, b) => order.indexOf(a) - order.indexOf(b));
  return {
    model: { kind: 'pie', labels, unit: unitOf(noun), series: [{ name: seriesNames(noun)[0], values: labels.map((label) => byPart.get(label)!) }] },
    empty,
  };
}

/**
 * People by the device they read on (desktop, mobile, tablet, from the user agent), with the
 * machine share and, for opens and clicks (people once a copy), the repeats: machines are told
 * apart under the pie, never as a slice.
 */
export function devicePie(rows: PieRow[], noun: Noun): ChartData {
  const activity = (noun === 'reads' ? fromReadRows : fromRows)(rows);
  const total = (field: 'people' | 'repeats' | 'machines') => sum(activity.map((item) => item[field]));
  return {
    ...splitPie(
      rows,
      noun,
      (row) => deviceName(row.device ?? 'unknown'),
      devices.map(deviceName),
      t('No {what} by people yet: a device is counted as each one arrives.', { what: unitOf(noun) }),
    ),
    notes: activityNotes(total('people'), total('repeats'), total('machines'), noun),
  };
}

/** People by where they read (the e-mail, the web page, an app): 'Unknown source' for an empty source, 'iOS', others capitalised. */
export function sourcePie(rows: PieRow[], noun: Noun): ChartData {
  return splitPie(
    rows,
    noun,
    (row) => sourceName(row.source),
    [...sources.map(sourceName), sourceName(null)],
    t('No {what} by people yet.', { what: unitOf(noun) }),
  );
}

/** A person's average reading time over every source, weighted by reads. */
export function averageReading(rows: Pick<EventRow, 'total' | 'averageDuration'>[]): string | null {
  const reads = sum(rows.map((row) => row.total));
  if (reads <= 0) return null;
  return readingDuration(sum(rows.map((row) => (row.averageDuration ?? 0) * row.total)) / reads);
}

/** A reads chart with the average reading time under it. */
export function withReadingTime(chart: ChartData, rows: Pick<EventRow, 'total' | 'averageDuration'>[]): ChartData {
  const reading = averageReading(rows);
  return { ...chart, notes: [...(chart.notes ?? []), reading ? t('Average reading time {time}', { time: reading }) : null] };
}
