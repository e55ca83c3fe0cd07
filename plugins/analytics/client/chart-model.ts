/**
 * What a chart shows, apart from how Plotly draws it: labels (spans, sources, reasons) and named
 * series of numbers. Panels build a model from the calls; `plotlyFigure` turns it into Plotly's
 * traces and layout, and the chart's accessible table is written from the same model, so what a
 * screen reader (or a test) reads is what is drawn.
 */
import type { Data, Layout } from 'plotly.js';
import { currentLang, formatPercent, type ConsoleLang } from '../../../core/client/format';
import { theme } from '../../../core/client/theme';
import { t } from '../../../core/client/words';
import { numberSeparators, type Ticks } from './periods';

export type ChartKind = 'line' | 'area' | 'bar' | 'pie' | 'donut';

export interface ChartSeries {
  name: string;
  values: number[];
  /** Machine activity, drawn apart (dashed, grey) from people's. */
  machine?: boolean;
}

export interface ChartModel {
  kind: ChartKind;
  labels: string[];
  /** Pies and donuts draw their first series only. */
  series: ChartSeries[];
  /** Areas: stacked on each other (sources), or each from zero. */
  stacked?: boolean;
  /** Donuts: the text in the middle (the total). */
  centre?: string;
  /** What a value counts ('opens', 'subscribers'), in tooltips. */
  unit?: string;
  /** Charts over time: each label's span as the export writes it (its first day, YYYY-MM-DD). */
  keys?: string[];
  /** Charts over time: the labels that carry a tick, and the tick's text. */
  ticks?: Ticks;
  /** Charts over time: the index of the span still running (drawn apart, 'so far'), or -1. */
  running?: number;
  /** Bars of named things (newsletters): drawn across, each name on its own line, as no phone's width fits them side by side. */
  across?: boolean;
}

/**
 * The chart's numbers as rows for a CSV file: a header (the first column named by what the labels
 * are, then each series), then one row per label; plain numbers, as a spreadsheet reads them. A
 * chart over time writes each span's first day, and says which one is still running. The words
 * (the header, 'so far') are the console's language, as the person who downloads it reads them.
 */
export function chartRows(model: ChartModel): string[][] {
  const series = model.kind === 'pie' || model.kind === 'donut' ? model.series.slice(0, 1) : model.series;
  const overTime = Boolean(model.keys);
  const running = model.running ?? -1;
  const header = [overTime ? t('Period start') : t('Label'), ...series.map((item) => item.name), ...(running >= 0 ? [t('Period')] : [])];
  const rows = model.labels.map((label, index) => [
    overTime ? model.keys![index]! : label,
    ...series.map((item) => String(item.values[index] ?? 0)),
    ...(running >= 0 ? [index === running ? t('so far') : t('complete')] : []),
  ]);
  return [header, ...rows];
}

/** Nothing to draw: no labels, or every value zero. Shown as 'Not Ready'. */
export function isEmpty(model: ChartModel | null | undefined): boolean {
  return !model || model.labels.length === 0 || model.series.every((series) => series.values.every((value) => !value));
}

/** Colours from the theme, dark enough against white (WCAG 1.4.11 asks 3:1 for graphics). */
export const seriesColours = [
  theme.palette.blue,
  theme.palette.themeDarker,
  theme.palette.tealDark,
  theme.palette.magenta,
  theme.palette.orange,
  theme.palette.purple,
  theme.palette.greenDark,
];
const machineColour = theme.palette.neutralSecondary;

/** Plotly's figure of a model: its numbers (separators, shares) in `lang`, the console's language unless told. */
export function plotlyFigure(model: ChartModel, height: number, lang: ConsoleLang = currentLang()): { data: Partial<Data>[]; layout: Partial<Layout> } {
  const layout: Partial<Layout> = {
    height,
    autosize: true,
    margin: { l: 48, r: 16, t: 8, b: 40 },
    paper_bgcolor: theme.palette.white,
    plot_bgcolor: theme.palette.white,
    font: { family: theme.fonts.medium.fontFamily, size: 12, color: theme.palette.neutralPrimary },
    // A pie's legend is ours (Chart.tsx): Plotly's does not wrap long labels such as the reasons.
    showlegend: model.kind !== 'pie' && model.kind !== 'donut' && model.series.length > 1,
    legend: { orientation: 'h', y: -0.15 },
  };
  if (model.kind === 'pie' || model.kind === 'donut') {
    const donut = model.kind === 'donut';
    const values = model.series[0]?.values ?? [];
    const all = values.reduce((sum, value) => sum + value, 0);
    // The shares written by the console ('%44,3' in Turkish), not by Plotly, which puts '%' after the number in every language.
    const shares = values.map((value) => formatPercent(all > 0 ? value / all : 0, lang));
    return {
      data: [
        {
          type: 'pie',
          labels: model.labels,
          values,
          text: shares,
          hole: donut ? 0.6 : 0,
          sort: false,
          // A lone slice says what it is ('Email 100%'): it has no legend to name it. The template
          // writes the same with our shares in place of Plotly's percent.
          textinfo: model.labels.length === 1 ? 'label+percent' : 'percent',
          texttemplate: model.labels.length === 1 ? '%{label} %{text}' : '%{text}',
          textposition: 'inside',
          hovertemplate: `%{label}: %{value:,}${model.unit ? ` ${model.unit}` : ''} (%{text})<extra></extra>`,
          marker: { colors: model.labels.map((_label, index) => seriesColours[index % seriesColours.length]!) },
        },
      ],
      layout: {
        ...layout,
        separators: numberSeparators(lang),
        margin: { l: 8, r: 8, t: 8, b: 8 },
        annotations: donut && model.centre ? [{ text: model.centre, showarrow: false, font: { size: 28, color: theme.palette.neutralPrimary } }] : [],
      },
    };
  }
  const unit = model.unit ? ` ${model.unit}` : '';
  if (model.kind === 'bar' && model.across) return acrossFigure(model, layout, unit, lang);
  const running = model.running ?? -1;
  const hover = (name: string) => `<b>%{x}</b><br>${name}: %{y:,}${unit}<extra></extra>`;
  let colour = 0;
  // 'so far' is written once, on the first people's series: several series' labels would pile up on one point.
  let labelled = false;
  const soFar = t('so far');
  const data: Partial<Data>[] = [];
  for (const series of model.series) {
    const tint = series.machine ? machineColour : seriesColours[colour++ % seriesColours.length]!;
    const says = running >= 0 && !series.machine && !labelled;
    if (says) labelled = true;
    if (model.kind === 'bar') {
      data.push({
        type: 'bar',
        name: series.name,
        x: model.labels,
        y: series.values,
        hovertemplate: hover(series.name),
        // The running span is fainter and says 'so far': its bar is not yet the span's.
        marker: { color: tint, opacity: model.labels.map((_label, index) => (index === running ? 0.4 : 1)) },
        text: model.labels.map((_label, index) => (index === running && says ? soFar : '')),
        textposition: 'outside',
        // As large as the axis' text however narrow the bar (a phone's grouped bars would shrink it).
        constraintext: 'none',
        cliponaxis: false,
      });
      continue;
    }
    // Lines and areas: the finished spans solid; the running one apart, dashed from the last
    // finished span to its point, which says 'so far'. So a span that has had three of its seven
    // days never reads as a fall.
    const finished = running >= 0 ? running : model.labels.length;
    const stacked = model.kind === 'area' && model.stacked && !series.machine;
    const filled = model.kind === 'area' && !series.machine;
    data.push({
      type: 'scatter',
      mode: 'lines+markers',
      name: series.name,
      legendgroup: series.name,
      x: model.labels.slice(0, finished),
      y: series.values.slice(0, finished),
      hovertemplate: hover(series.name),
      line: { color: tint, width: 2, dash: series.machine ? 'dot' : 'solid' },
      ...(filled ? { fill: stacked ? 'tonexty' : 'tozeroy', stackgroup: stacked ? 'finished' : undefined } : {}),
    });
    if (running < 0) continue;
    const from = Math.max(0, running - 1);
    data.push({
      type: 'scatter',
      mode: 'text+lines+markers',
      name: t('{series} (so far)', { series: series.name }),
      legendgroup: series.name,
      showlegend: false,
      x: model.labels.slice(from, running + 1),
      y: series.values.slice(from, running + 1),
      text: model.labels.slice(from, running + 1).map((_label, index) => (from + index === running && says ? soFar : '')),
      textposition: 'top left',
      cliponaxis: false,
      hovertemplate: hover(t('{series} (so far)', { series: series.name })),
      line: { color: tint, width: 2, dash: series.machine ? 'dot' : 'dash' },
      marker: { color: theme.palette.white, line: { color: tint, width: 2 } },
      ...(stacked ? { stackgroup: 'running', fill: 'none' } : {}),
    });
  }
  const ticks = model.ticks;
  return {
    data,
    layout: {
      ...layout,
      ...numberLayout(lang),
      xaxis: {
        type: 'category',
        categoryorder: 'array',
        categoryarray: model.labels,
        automargin: true,
        tickangle: 0,
        gridcolor: theme.palette.neutralLighter,
        ...(ticks ? { tickmode: 'array', tickvals: ticks.at.map((index) => model.labels[index]!), ticktext: ticks.text } : {}),
      },
      yaxis: valueAxis,
    },
  };
}

/** The axis of the values, from zero, in the console's numbers. */
const valueAxis = { rangemode: 'tozero', automargin: true, tickformat: ',~r', gridcolor: theme.palette.neutralLighter } as const;

/** Counts as the console writes them (4.000 and 12,5 in Turkish), bars side by side, one point's tooltip at a time. */
const numberLayout = (lang: ConsoleLang): Partial<Layout> => ({ separators: numberSeparators(lang), barmode: 'group', hovermode: 'closest' });

/** Bars across: the names on the vertical axis, top to bottom in the model's order, the values along. */
function acrossFigure(model: ChartModel, layout: Partial<Layout>, unit: string, lang: ConsoleLang): { data: Partial<Data>[]; layout: Partial<Layout> } {
  const data: Partial<Data>[] = model.series.map((series, index) => ({
    type: 'bar',
    orientation: 'h',
    name: series.name,
    x: series.values,
    y: model.labels,
    hovertemplate: `<b>%{y}</b><br>${series.name}: %{x:,}${unit}<extra></extra>`,
    marker: { color: seriesColours[index % seriesColours.length]! },
  }));
  return {
    data,
    layout: {
      ...layout,
      ...numberLayout(lang),
      xaxis: valueAxis,
      yaxis: { type: 'category', categoryorder: 'array', categoryarray: [...model.labels].reverse(), automargin: true, ticksuffix: ' ' },
    },
  };
}
