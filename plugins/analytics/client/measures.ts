/**
 * The time from a part's answer to its first figure on the screen (issue 55 point 4), recorded as
 * a measure of the page (performance.measure) that `npm run bench` reads
 * (tests/bench/analytics-screen.ts). No import: the bench reads these names in Node.
 */

/** The measure's name; its detail names the part and says whether its figures are a chart or text. */
export const firstFigureMeasure = 'analytics: first figure';

export interface FirstFigure {
  part: string;
  kind: 'chart' | 'text';
}

/** Records the time from an answer (`at`, performance.now() when it was in) to now, when its figure is on the screen. */
export function measureFirstFigure(part: string, at: number | undefined, kind: FirstFigure['kind'] = 'chart'): void {
  if (at !== undefined) performance.measure(firstFigureMeasure, { start: at, end: performance.now(), detail: { part, kind } satisfies FirstFigure });
}
