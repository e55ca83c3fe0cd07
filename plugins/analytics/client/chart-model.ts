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
import { count } from './display';
import { numberSeparators, type Ticks } from './periods';
import type { Span } from './ranges';

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
  /** Charts over time: the index of the span still running (left out of the drawing, its figure written apart: runningNote), or -1. */
  running?: number;
  /** Charts over time: what a span is ('This week so far'). */
  span?: Span;
  /** Bars of named things (issues): drawn across, each name on its own line, as no phone's width fits them side by side. */
  across?: boolean;
  /** Bars across: a value marked along them (the average), with its text. */
  mark?: { value: number; text: string };
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

/**
 * The running span's figures, written apart from the drawing that leaves them out: 'This week so
 * far: 12', or each series by name ('This week so far: Email 3 · Web 2'); null when no span is
 * running.
 */
export function runningNote(model: ChartModel): string | null {
  const running = model.running ?? -1;
  if (running < 0 || !model.span) return null;
  const [only] = model.series;
  const figures =
    model.series.length === 1 && only
      ? `${count(only.values[running] ?? 0)}${model.unit ? ` ${model.unit}` : ''}`
      : model.series.map((series) => `${series.name} ${count(series.values[running] ?? 0)}`).join(' · ');
  if (model.span === 'day') return t('Today so far: {figures}', { figures });
  if (model.span === 'week') return t('This week so far: {figures}', { figures });
  return t('This month so far: {figures}', { figures });
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
  // The running span is left out of the drawing (its figure is written apart, runningNote): a
  // span that has had three of its seven days never reads as a fall, least of all on stacked areas.
  // Alone in the range, it is drawn: one point cannot fall.
  const running = model.running ?? -1;
  const shown = running >= 1 ? model.labels.length - 1 : model.labels.length;
  const labels = model.labels.slice(0, shown);
  const hover = (name: string) => `<b>%{x}</b><br>${name}: %{y:,}${unit}<extra></extra>`;
  let colour = 0;
  const data: Partial<Data>[] = [];
  for (const series of model.series) {
    const tint = series.machine ? machineColour : seriesColours[colour++ % seriesColours.length]!;
    const values = series.values.slice(0, shown);
    if (model.kind === 'bar') {
      data.push({ type: 'bar', name: series.name, x: labels, y: values, hovertemplate: hover(series.name), marker: { color: tint } });
      continue;
    }
    const stacked = model.kind === 'area' && model.stacked && !series.machine;
    const filled = model.kind === 'area' && !series.machine;
    data.push({
      type: 'scatter',
      mode: 'lines+markers',
      name: series.name,
      x: labels,
      y: values,
      hovertemplate: hover(series.name),
      line: { color: tint, width: 2, dash: series.machine ? 'dot' : 'solid' },
      ...(filled ? { fill: stacked ? 'tonexty' : 'tozeroy', stackgroup: stacked ? 'stack' : undefined } : {}),
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
        categoryarray: labels,
        automargin: true,
        tickangle: 0,
        gridcolor: theme.palette.neutralLighter,
        ...(ticks
          ? {
              tickmode: 'array',
              tickvals: ticks.at.filter((index) => index < shown).map((index) => labels[index]!),
              ticktext: ticks.text.filter((_text, place) => ticks.at[place]! < shown),
            }
          : {}),
      },
      yaxis: valueAxis,
    },
  };
}

/** The axis of the values, from zero, in the console's numbers. */
const valueAxis = { rangemode: 'tozero', automargin: true, tickformat: ',~r', gridcolor: theme.palette.neutralLighter } as const;

/** Counts as the console writes them (4.000 and 12,5 in Turkish), bars side by side, one point's tooltip at a time. */
const numberLayout = (lang: ConsoleLang): Partial<Layout> => ({ separators: numberSeparators(lang), barmode: 'group', hovermode: 'closest' });

/** Characters of a name on one line of the axis beside bars across: two such lines leave a phone's bars room. */
const nameLine = 22;

/** A name on at most two lines of the axis, broken between words, the rest cut with '…' (the tooltip and the table have it whole). */
export function axisName(name: string): string {
  const lines: string[] = [];
  let rest = name.trim();
  while (rest && lines.length < 2) {
    if (rest.length <= nameLine) {
      lines.push(rest);
      rest = '';
      break;
    }
    const cut = rest.lastIndexOf(' ', nameLine);
    const at = cut > nameLine / 2 ? cut : nameLine;
    lines.push(rest.slice(0, at).trim());
    rest = rest.slice(at).trim();
  }
  if (rest) lines[1] = `${lines[1]!.slice(0, nameLine - 1).trimEnd()}…`;
  return lines.join('<br>');
}

/** Bars across: the names on the vertical axis, top to bottom in the model's order, the values along, the mark (an average) as a dashed line. */
function acrossFigure(model: ChartModel, layout: Partial<Layout>, unit: string, lang: ConsoleLang): { data: Partial<Data>[]; layout: Partial<Layout> } {
  const names = model.labels.map(axisName);
  const data: Partial<Data>[] = model.series.map((series, index) => ({
    type: 'bar',
    orientation: 'h',
    name: series.name,
    x: series.values,
    y: names,
    customdata: model.labels,
    hovertemplate: `<b>%{customdata}</b><br>${series.name}: %{x:,}${unit}<extra></extra>`,
    marker: { color: seriesColours[index % seriesColours.length]! },
  }));
  const mark = model.mark;
  return {
    data,
    layout: {
      ...layout,
      ...numberLayout(lang),
      // Room above the bars for the mark's text.
      margin: { ...layout.margin, t: mark ? 28 : 8 },
      xaxis: valueAxis,
      yaxis: { type: 'category', categoryorder: 'array', categoryarray: [...names].reverse(), automargin: true, ticksuffix: ' ' },
      ...(mark
        ? {
            shapes: [
              {
                type: 'line',
                xref: 'x',
                yref: 'paper',
                x0: mark.value,
                x1: mark.value,
                y0: 0,
                y1: 1,
                line: { color: theme.palette.neutralPrimary, width: 2, dash: 'dash' },
              },
            ],
            annotations: [
              {
                xref: 'x',
                yref: 'paper',
                x: mark.value,
                y: 1,
                yanchor: 'bottom',
                showarrow: false,
                text: mark.text,
                font: { size: 12, color: theme.palette.neutralPrimary },
              },
            ],
          }
        : {}),
    },
  };
}
