/**
 * One chart: our own small wrapper over Plotly's basic bundle (`Plotly.react` to draw and redraw,
 * `Plotly.purge` when it goes; docs/decisions/0013-charts.md says why not react-plotly.js). The
 * bundle is loaded apart (plotly.ts), so it is in no page's chunk, let alone the shell's.
 * The drawing is hidden from assistive technology; a table written from the same model carries
 * the numbers instead, under the chart's name.
 */
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { Config } from 'plotly.js';
import { useConsoleLang } from '../../../core/client/format';
import { plotlyFigure, seriesColours, type ChartModel } from './chart-model';
import { count } from './display';
import { measureFirstFigure } from './measures';
import { loadPlotly } from './plotly';

/**
 * Everything on this machine: no logo link, no mode bar (its buttons would sit in a part hidden
 * from assistive technology), no MathJax, no Chart Studio.
 */
const config: Partial<Config> = {
  displaylogo: false,
  displayModeBar: false,
  responsive: true,
  typesetMath: false,
  showSendToCloud: false,
  showEditInChartStudio: false,
  showLink: false,
};

/**
 * `skeleton`: shown over the drawing's place until Plotly has drawn it (on a slow phone the bundle
 * may still be on its way when the answer is in), so the panel is never a blank box. The time from
 * `answeredAt` to the drawing is measured once it is drawn.
 */
export function Chart({
  model,
  label,
  height = 280,
  skeleton,
  answeredAt,
}: {
  model: ChartModel;
  label: string;
  height?: number;
  skeleton?: ReactNode;
  /** When its answer was in: the time to its drawing is measured (measureFirstFigure). */
  answeredAt?: number;
}) {
  const drawing = useRef<HTMLDivElement>(null);
  const [drawn, setDrawn] = useState(false);
  const answered = useRef(answeredAt);
  answered.current = drawn ? undefined : answeredAt;
  // Panels build their model on every render: draw again only when what it says has changed, or
  // when the console's language has (Plotly's separators and the shares are written in it).
  const signature = JSON.stringify(model);
  const lang = useConsoleLang();
  const figure = useMemo(() => plotlyFigure(JSON.parse(signature) as ChartModel, height, lang), [signature, height, lang]);

  useEffect(() => {
    const element = drawing.current;
    if (!element) return;
    let current = true;
    loadPlotly()
      .then((Plotly) => (current ? Plotly.react(element, figure.data, figure.layout, config) : undefined))
      .then(() => {
        if (!current) return;
        setDrawn(true);
        measureFirstFigure(label, answered.current);
        // Later drawings (a new language, a resize) are not the answer's first figure.
        answered.current = undefined;
      })
      .catch((error: unknown) => console.warn('chart', label, error));
    return () => {
      current = false;
    };
  }, [figure, label]);

  useEffect(() => {
    const element = drawing.current;
    return () => {
      if (element)
        void loadPlotly().then(
          (Plotly) => Plotly.purge(element),
          () => undefined,
        );
    };
  }, []);

  return (
    <figure className="analytics-chart" aria-label={label} data-drawn={drawn || undefined}>
      <div className="analytics-chart-place">
        <div ref={drawing} className="analytics-chart-drawing" aria-hidden="true" style={{ minHeight: height }} />
        {drawn || !skeleton ? null : <div className="analytics-chart-skeleton">{skeleton}</div>}
      </div>
      {(model.kind === 'pie' || model.kind === 'donut') && model.labels.length > 1 ? <PieLegend model={model} /> : null}
      <ChartTable model={model} label={label} />
    </figure>
  );
}

/** The chart's numbers as a table, for screen readers: one row per label, one column per series. */
function ChartTable({ model, label }: { model: ChartModel; label: string }) {
  const series = model.kind === 'pie' || model.kind === 'donut' ? model.series.slice(0, 1) : model.series;
  // Hidden in a box: a table takes its content's width whatever width it is given.
  return (
    <div className="mh-visually-hidden">
      <table>
        <caption>{model.centre ? `${label}: ${model.centre}` : label}</caption>
        <thead>
          <tr>
            <td />
            {series.map((item) => (
              <th key={item.name} scope="col">
                {item.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {model.labels.map((name, index) => (
            <tr key={name}>
              <th scope="row">{name}</th>
              {series.map((item) => (
                <td key={item.name}>{count(item.values[index] ?? 0)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A pie's labels with their colours and counts, wrapping as long as they need (the table below says the same to screen readers). */
function PieLegend({ model }: { model: ChartModel }) {
  const values = model.series[0]?.values ?? [];
  return (
    <ul className="analytics-legend" aria-hidden="true">
      {model.labels.map((name, index) => (
        <li key={name}>
          <span className="analytics-legend-swatch" style={{ background: seriesColours[index % seriesColours.length] }} />
          <span>{name}</span>
          <span className="analytics-legend-count">{count(values[index] ?? 0)}</span>
        </li>
      ))}
    </ul>
  );
}
