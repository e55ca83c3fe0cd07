// @vitest-environment happy-dom
/**
 * The charts' time axes (issue 30): the running week, month or day is marked, left out of the
 * drawing and written apart (issue 55), never drawn as a fall; every series is named; ticks are chosen from what the axis spans (month names
 * on long axes, at most maxTicks); the CSV holds the chart's numbers.
 */
import { describe, expect, it } from 'vitest';
import { csvText } from '../../core/client/csv';
import { langSettingAtom } from '../../core/client/format';
import { store } from '../../core/client/stores';
import { loadWords } from '../../core/client/words';
import { chartRows, plotlyFigure, runningNote, type ChartModel } from '../../plugins/analytics/client/chart-model';
import { sourceName, unknownSource } from '../../plugins/analytics/client/display';
import { chooseTicks, maxTicks, numberSeparators, runningSpan, spanTitle, timeAxis } from '../../plugins/analytics/client/periods';
import { contentRange, dateRange, spanStarts, windowOf } from '../../plugins/analytics/client/ranges';
import { bySourceChart, countChart, overTime, spanWindow } from '../../plugins/analytics/client/series';

// Wednesday 18 November 2026: three days into the week that started on Monday the 16th.
const now = new Date(2026, 10, 18, 10, 0);

describe('the running period', () => {
  it('is the last span when today falls in it, for days, weeks and months', () => {
    expect(runningSpan(['2026-11-09', '2026-11-16'], 'week', now)).toBe(1);
    expect(runningSpan(['2026-10-01', '2026-11-01'], 'month', now)).toBe(1);
    expect(runningSpan(['2026-11-17', '2026-11-18'], 'day', now)).toBe(1);
  });

  it('is none when every span has ended (a custom range in the past), or there are no spans', () => {
    expect(runningSpan(['2026-11-02', '2026-11-09'], 'week', now)).toBe(-1);
    expect(runningSpan(['2026-11-16', '2026-11-17'], 'day', now)).toBe(-1);
    expect(runningSpan([], 'week', now)).toBe(-1);
  });

  it("is labelled 'so far' in full, and the finished spans are not", () => {
    const axis = timeAxis(['2026-11-09', '2026-11-16'], 'week', now);
    expect(axis.labels).toEqual(['9–15 November 2026', '16–22 November 2026 (so far)']);
    expect(axis.running).toBe(1);
    expect(timeAxis(['2026-11-09', '2026-11-16'], 'week', null).running).toBe(-1);
  });

  it('is left out of the drawing and written apart, never drawn as a fall from the last finished span', () => {
    const window = spanWindow(windowOf('weekly', now), now);
    const chart = countChart(
      window,
      [
        { date: '2026-11-09', count: 120 },
        { date: '2026-11-17', count: 30 },
      ],
      'Subscriptions',
    );
    const figure = plotlyFigure(chart.model!, 280);
    const [line, ...others] = figure.data as { x: string[]; y: number[]; line: { dash: string } }[];
    // The line ends at the last finished week: its 120 is not followed by a drop to 30.
    expect(others).toEqual([]);
    expect(line!.y.at(-1)).toBe(120);
    expect(line!.x).toHaveLength(11);
    expect(line!.x).not.toContain('16–22 November 2026 (so far)');
    expect(line!.line.dash).toBe('solid');
    expect((figure.layout.xaxis as { categoryarray: string[] }).categoryarray).toEqual(line!.x);
    // Its figure, apart; the table and the CSV keep it, marked.
    expect(runningNote(chart.model!)).toBe('This week so far: 30 subscriptions');
    expect(chart.model!.labels.at(-1)).toBe('16–22 November 2026 (so far)');
  });

  it('leaves the running week out of stacked areas too, and writes each source of it', () => {
    const window = spanWindow(windowOf('weekly', now), now);
    const rows = [
      { date: '2026-11-09', type: 'subscription' as const, source: 'web' as const, count: 4 },
      { date: '2026-11-16', type: 'subscription' as const, source: 'web' as const, count: 2 },
      { date: '2026-11-16', type: 'subscription' as const, source: null, count: 1 },
    ];
    const model = bySourceChart(window, rows, 'subscription').model!;
    const data = plotlyFigure(model, 280).data as { stackgroup?: string; fill?: string; y: number[] }[];
    expect(data.map((trace) => [trace.stackgroup, trace.fill])).toEqual([
      ['stack', 'tonexty'],
      ['stack', 'tonexty'],
    ]);
    expect(data.map((trace) => trace.y.at(-1))).toEqual([4, 0]);
    expect(runningNote(model)).toBe('This week so far: Web 2 · Unknown source 1');
  });

  it('writes a running day or month as today or this month, and nothing when none runs', () => {
    const days = spanWindow(windowOf('daily', now), now);
    expect(runningNote(countChart(days, [{ date: '2026-11-18', count: 3 }], 'Subscriptions').model!)).toBe('Today so far: 3 subscriptions');
    const months = spanWindow(windowOf('monthly', now), now);
    expect(runningNote(countChart(months, [{ date: '2026-11-01', count: 1234 }], 'Subscriptions').model!)).toBe('This month so far: 1,234 subscriptions');
    const past: ChartModel = { kind: 'line', ...overTime(timeAxis(['2026-11-02', '2026-11-09'], 'week', now)), series: [{ name: 'Opens', values: [3, 1] }] };
    expect(runningNote(past)).toBeNull();
    // A running span alone in the range is drawn: one point cannot fall.
    const alone: ChartModel = { kind: 'line', ...overTime(timeAxis(['2026-11-16'], 'week', now)), series: [{ name: 'Opens', values: [3] }] };
    expect((plotlyFigure(alone, 280).data[0] as { y: number[] }).y).toEqual([3]);
  });

  it('draws bars of named things across, each name on its own line of the vertical axis, first at the top, long names on two lines', () => {
    const model: ChartModel = {
      kind: 'bar',
      across: true,
      labels: ['Sabah Bülteni', 'Teknoloji Notları', 'Haftanın en çok okunan yazıları ve daha fazlası · 12 Kas'],
      unit: 'TRY',
      series: [{ name: 'Revenue (TRY)', values: [238, 119, 50] }],
      mark: { value: 136, text: 'Average 136' },
    };
    const { data, layout } = plotlyFigure(model, 280);
    const [bar] = data as { orientation: string; x: number[]; y: string[]; customdata: string[]; hovertemplate: string }[];
    const long = 'Haftanın en çok okunan<br>yazıları ve daha…';
    expect(bar).toMatchObject({ orientation: 'h', x: [238, 119, 50], y: ['Sabah Bülteni', 'Teknoloji Notları', long] });
    // The tooltip names it whole.
    expect(bar!.customdata).toEqual(model.labels);
    expect(bar!.hovertemplate).toBe('<b>%{customdata}</b><br>Revenue (TRY): %{x:,} TRY<extra></extra>');
    expect(layout.yaxis).toMatchObject({ type: 'category', categoryarray: [long, 'Teknoloji Notları', 'Sabah Bülteni'], automargin: true });
    expect(layout.showlegend).toBe(false);
    // The mark (the average) across the bars, with its text.
    expect(layout.shapes).toEqual([expect.objectContaining({ type: 'line', x0: 136, x1: 136 })]);
    expect(layout.annotations).toEqual([expect.objectContaining({ text: 'Average 136' })]);
  });
});

describe("an issue's range", () => {
  it('starts on its send day, in spans that fit its age', () => {
    const week = contentRange('2026-11-11T09:30:00.000Z', now);
    expect([week.kind, dateRange(week)]).toEqual(['custom', { startAt: '2026-11-11T00:00:00.000Z', endAt: '2026-11-18T23:59:59.999Z' }]);
    const months = contentRange('2026-08-20T09:30:00.000Z', now);
    expect([months.kind, dateRange(months).startAt]).toEqual(['weekly', '2026-08-17T00:00:00.000Z']);
    const year = contentRange('2025-12-20T09:30:00.000Z', now);
    expect([year.kind, dateRange(year).startAt]).toEqual(['monthly', '2025-12-01T00:00:00.000Z']);
  });

  it('is the default window for what has not gone out', () => {
    expect(contentRange(null, now)).toEqual(windowOf('weekly', now));
    expect(contentRange('2026-12-01T09:00:00.000Z', now)).toEqual(windowOf('weekly', now));
  });
});

describe('naming', () => {
  it("calls an empty source 'Unknown source', never 'null'", () => {
    expect([null, undefined, '', 'ios', 'email'].map(sourceName)).toEqual([unknownSource, unknownSource, unknownSource, 'iOS', 'Email']);
    const window = spanWindow(windowOf('weekly', now), now);
    const chart = bySourceChart(window, [{ date: '2026-11-09', type: 'subscription', source: null, count: 3 }], 'subscription');
    expect(chart.model!.series.map((series) => series.name)).toEqual(['Unknown source']);
  });

  it('writes spans in full for tooltips: a day, a week across months and years, a month', () => {
    expect(spanTitle('2026-11-18', 'day')).toBe('18 November 2026');
    expect(spanTitle('2026-11-30', 'week')).toBe('30 November – 6 December 2026');
    expect(spanTitle('2026-12-28', 'week')).toBe('28 December 2026 – 3 January 2027');
    expect(spanTitle('2026-11-01', 'month')).toBe('November 2026');
  });

  it('shows a legend only with more than one series, and units in the tooltips', () => {
    const window = spanWindow(windowOf('daily', now), now);
    const one = plotlyFigure(countChart(window, [], 'Subscriptions').model!, 280);
    expect(one.layout.showlegend).toBe(false);
    expect((one.data[0] as { hovertemplate: string }).hovertemplate).toContain('subscriptions');
    const two: ChartModel = {
      kind: 'line',
      labels: ['a', 'b'],
      series: [
        { name: 'Opens', values: [1, 2] },
        { name: 'Clicks', values: [0, 1] },
      ],
    };
    expect(plotlyFigure(two, 280).layout.showlegend).toBe(true);
  });
});

describe("the console's language", () => {
  it('names spans and groups digits in it: English by default in an English browser, Turkish when chosen', async () => {
    expect([spanTitle('2026-11-01', 'month'), spanTitle('2026-11-30', 'week'), numberSeparators()]).toEqual([
      'November 2026',
      '30 November – 6 December 2026',
      '.,',
    ]);
    expect(chooseTicks(spanStarts(windowOf('monthly', now), 'month'), 'month').text[0]).toBe('Jun 2026');
    store.set(langSettingAtom, 'tr');
    await loadWords('tr');
    try {
      expect([spanTitle('2026-11-01', 'month'), spanTitle('2026-11-30', 'week'), numberSeparators()]).toEqual(['Kasım 2026', '30 Kasım – 6 Aralık 2026', ',.']);
      expect(chooseTicks(spanStarts(windowOf('monthly', now), 'month'), 'month').text).toEqual(['Haz 2026', 'Tem', 'Ağu', 'Eyl', 'Eki', 'Kas']);
      expect(chooseTicks(['2026-11-12', '2026-11-13'], 'day').text).toEqual(['12 Kas', '13 Kas']);
      // The running span's mark is in the console's words too.
      expect(timeAxis(['2026-11-09', '2026-11-16'], 'week', now).labels).toEqual(['9–15 Kasım 2026', '16–22 Kasım 2026 (şu ana dek)']);
    } finally {
      store.set(langSettingAtom, null);
      localStorage.clear();
    }
  });
});

describe('ticks', () => {
  it('names months on a monthly axis, with the year on the first', () => {
    const starts = spanStarts(windowOf('monthly', now), 'month');
    expect(chooseTicks(starts, 'month').text).toEqual(['Jun 2026', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov']);
  });

  it('puts a twelve-week axis on the months, not on every week', () => {
    const starts = spanStarts(windowOf('weekly', now), 'week');
    const ticks = chooseTicks(starts, 'week');
    expect(ticks.text).toEqual(['Sep 2026', 'Oct', 'Nov']);
    expect(ticks.at.map((index) => starts[index])).toEqual(['2026-09-07', '2026-10-05', '2026-11-02']);
  });

  it('names days on a short axis, at most maxTicks of them, unrotated', () => {
    const starts = spanStarts(windowOf('daily', now), 'day');
    const ticks = chooseTicks(starts, 'day');
    expect(ticks.at.length).toBeLessThanOrEqual(maxTicks);
    expect(ticks.text[0]).toBe('5 Nov');
    const model: ChartModel = { kind: 'line', ...overTime(timeAxis(starts, 'day', now)), series: [{ name: 'Opens', values: starts.map(() => 1) }] };
    const xaxis = plotlyFigure(model, 280).layout.xaxis as { tickangle: number; ticktext: string[] };
    expect(xaxis.tickangle).toBe(0);
    expect(xaxis.ticktext).toEqual(ticks.text);
  });

  it('shows every day of a week-long axis', () => {
    const starts = ['2026-11-12', '2026-11-13', '2026-11-14', '2026-11-15', '2026-11-16', '2026-11-17', '2026-11-18'];
    expect(chooseTicks(starts, 'day').text).toEqual(['12 Nov', '13 Nov', '14 Nov', '15 Nov', '16 Nov', '17 Nov', '18 Nov']);
  });
});

describe("a chart's CSV", () => {
  it('writes each span by its first day, every series, and which span is running', () => {
    const model: ChartModel = {
      kind: 'line',
      ...overTime(timeAxis(['2026-11-09', '2026-11-16'], 'week', now)),
      series: [
        { name: 'Opens', values: [4000, 12] },
        { name: 'Machine opens', values: [3, 0], machine: true },
      ],
    };
    expect(chartRows(model)).toEqual([
      ['Period start', 'Opens', 'Machine opens', 'Period'],
      ['2026-11-09', '4000', '3', 'complete'],
      ['2026-11-16', '12', '0', 'so far'],
    ]);
  });

  it('quotes where CSV needs it and neutralises what a spreadsheet would run', () => {
    expect(
      csvText([
        ['Label', 'Count'],
        ['=HYPERLINK("x")', '3'],
        ['a, b', '1'],
      ]),
    ).toBe('Label,Count\r\n"\'=HYPERLINK(""x"")",3\r\n"a, b",1\r\n');
  });
});
