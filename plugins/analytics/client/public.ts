/**
 * What other plugins may use of the analytics screens (the Earnings page draws with them): the
 * chart panels with their CSV export, the range picker and its ranges, and the time axis of a
 * chart cut into spans. The Plotly bundle is loaded by the first chart drawn, not by this entry.
 */
export { chartOf, ChartPanel, CsvButton, failedText, NotReady, Panel, Waiting, type ChartData } from './ChartPanel';
export { chartRows, isEmpty, type ChartModel, type ChartSeries } from './chart-model';
export type { Queued } from './fetch-queue';
export { RangePicker, type RangeLimits } from './RangePicker';
export { customLimits, dateRange, dayOf, intoSpans, spanOf, windowOf, type Range, type RangeKind, type Span } from './ranges';
export { emptyInRange, overTime, spanWindow, type SpanWindow } from './series';
