/**
 * Plotly's basic bundle, loaded once, on the first analytics screen (docs/decisions/0013-charts.md):
 * in no page's chunk, let alone the shell's. The analytics routes start it as their page loads,
 * and a screen's skeletons as they show, so it arrives while the fetches wait their turns, not
 * after the first answer.
 */
type Plotly = typeof import('plotly.js');

let plotly: Promise<Plotly> | undefined;
/** Loads Plotly once, and again after a failed download. */
export function loadPlotly(): Promise<Plotly> {
  if (!plotly) {
    plotly = import('plotly.js-basic-dist-min').then((module) => module.default);
    // A failed download is tried again by the next chart.
    plotly.catch(() => (plotly = undefined));
  }
  return plotly;
}
