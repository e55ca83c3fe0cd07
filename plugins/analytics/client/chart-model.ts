/**
 * What a chart shows, apart from how Plotly draws it: labels (spans, sources, reasons) and named
 * series of numbers. Panels build a model from the calls; `plotlyFigure` turns it into Plotly's
 * traces and layout, and the chart's accessible table is written from the same model, so what a
 * screen reader (or a test) reads is what is drawn.
 */
import type { Data, Layout } from 'plotly.js';
import { theme } from '../../../core/client/theme';

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

export function plotlyFigure(model: ChartModel, height: number): { data: Partial<Data>[]; layout: Partial<Layout> } {
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
    return {
      data: [
        {
          type: 'pie',
          labels: model.labels,
          values: model.series[0]?.values ?? [],
          hole: donut ? 0.6 : 0,
          sort: false,
          textinfo: 'percent',
          textposition: 'inside',
          marker: { colors: model.labels.map((_label, index) => seriesColours[index % seriesColours.length]!) },
        },
      ],
      layout: {
        ...layout,
        margin: { l: 8, r: 8, t: 8, b: 8 },
        annotations: donut && model.centre ? [{ text: model.centre, showarrow: false, font: { size: 28, color: theme.palette.neutralPrimary } }] : [],
      },
    };
  }
  let colour = 0;
  const data: Partial<Data>[] = model.series.map((series) => {
    const tint = series.machine ? machineColour : seriesColours[colour++ % seriesColours.length]!;
    if (model.kind === 'bar') return { type: 'bar', name: series.name, x: model.labels, y: series.values, marker: { color: tint } };
    return {
      type: 'scatter',
      mode: 'lines+markers',
      name: series.name,
      x: model.labels,
      y: series.values,
      line: { color: tint, width: 2, dash: series.machine ? 'dot' : 'solid' },
      ...(model.kind === 'area' && !series.machine ? { fill: model.stacked ? 'tonexty' : 'tozeroy', stackgroup: model.stacked ? 'sources' : undefined } : {}),
    };
  });
  return {
    data,
    layout: {
      ...layout,
      barmode: 'group',
      hovermode: 'x unified',
      xaxis: { type: 'category', automargin: true, gridcolor: theme.palette.neutralLighter },
      yaxis: { rangemode: 'tozero', automargin: true, gridcolor: theme.palette.neutralLighter },
    },
  };
}
