/**
 * A panel of an analytics screen: its title, then a skeleton while its fetch waits its turn (a
 * chart may take a minute or two) and until the chart is drawn, 'Not Ready' (spec 002 section 8)
 * with the reason when there is nothing to draw, or the running span's figure, the chart with its
 * notes (the machine share) and its data as CSV.
 */
import { IconButton, Shimmer, ShimmerElementsGroup, ShimmerElementType, Text } from '@fluentui/react';
import { useEffect, type ReactNode } from 'react';
import { downloadCsv } from '../../../core/client/csv';
import { intlLocale, useConsoleLang } from '../../../core/client/format';
import { t } from '../../../core/client/words';
import { Chart } from './Chart';
import { chartRows, isEmpty, runningNote, type ChartModel } from './chart-model';
import { loadPlotly } from './plotly';
import type { Queued } from './fetch-queue';
import { dayOf } from './ranges';
import './analytics.css';

/** The texts of a panel with nothing to draw, in English: shown through `t` (NotReady). */
export const notReadyText = 'Not Ready';
export const failedText = 'The figures could not be loaded. Try again with the refresh button.';
export const noDataText = 'No data yet: the chart fills as readers receive, open and click the issues.';

/** A panel: `title` as shown, in the console's language. */
export function Panel({ title, children, wide, actions }: { title: string; children: ReactNode; wide?: boolean; actions?: ReactNode }) {
  return (
    <section className={wide ? 'analytics-panel analytics-panel-wide' : 'analytics-panel'} aria-label={title}>
      <div className="analytics-panel-head">
        <Text as="h2" variant="mediumPlus" className="analytics-panel-title">
          {title}
        </Text>
        {actions}
      </div>
      {children}
    </section>
  );
}

/** Bars of a skeleton chart, as shares of its height: the shape of a chart, not a grey box. */
const skeletonBars = [0.45, 0.7, 0.55, 0.85, 0.6, 0.75, 0.5, 0.9, 0.65];

/**
 * A skeleton of a chart for a part that waits for its fetch, shown at once; Plotly starts loading
 * meanwhile (once a screen), so a chart draws as soon as its answer is in.
 */
export function Waiting({ label, height = 220 }: { label: string; height?: number }) {
  useEffect(() => {
    loadPlotly().catch(() => undefined);
  }, []);
  const plot = Math.max(60, height - 28);
  const skeleton = (
    <div className="analytics-skeleton" style={{ height }}>
      <ShimmerElementsGroup
        flexWrap
        width="100%"
        shimmerElements={skeletonBars.flatMap((share, index) => [
          ...(index ? [{ type: ShimmerElementType.gap, width: '4%', height: plot }] : []),
          { type: ShimmerElementType.line, width: '7%', height: Math.round(plot * share), verticalAlign: 'bottom' as const },
        ])}
      />
      <ShimmerElementsGroup width="100%" shimmerElements={[{ type: ShimmerElementType.line, width: '100%', height: 12 }]} />
    </div>
  );
  const loading = t('Loading {what}', { what: label });
  return (
    <div role="status" aria-label={loading}>
      <Shimmer customElementsGroup={skeleton} ariaLabel={loading} />
    </div>
  );
}

/** 'Not Ready', and why there is nothing to show (the English texts above, or a text already in the console's language). */
export function NotReady({ reason = noDataText }: { reason?: string }) {
  return (
    <div className="analytics-not-ready">
      <Text block variant="mediumPlus">
        {t('Not Ready')}
      </Text>
      <Text block variant="small">
        {t(reason)}
      </Text>
    </div>
  );
}

/** A chart and the lines under it (the machine share, a reading duration). */
export interface ChartData {
  model: ChartModel | null;
  notes?: (string | null)[];
  /** Why there is nothing to draw, when there is not (under 'Not Ready'). */
  empty?: string;
}

/** A file name from a title in the console's language: 'AÇILMALAR VE TIKLAMALAR' is 'acilmalar-ve-tiklamalar'. */
export function fileNameOf(title: string, locale: string): string {
  return title
    .toLocaleLowerCase(locale)
    .replace(/ı/g, 'i')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** The small button that saves a chart's numbers as CSV. */
export function CsvButton({ title, model }: { title: string; model: ChartModel }) {
  const name = `${fileNameOf(title, intlLocale[useConsoleLang()])}-${dayOf(new Date())}.csv`;
  return (
    <IconButton
      iconProps={{ iconName: 'Download' }}
      title={t('Download as CSV')}
      ariaLabel={t('Download {title} as CSV', { title })}
      className="analytics-csv"
      onClick={() => downloadCsv(name, chartRows(model))}
    />
  );
}

/** A fetched value turned into a chart; waiting and failure pass through. */
export function chartOf<T>(state: Queued<T>, draw: (data: T) => ChartData): Queued<ChartData> {
  return state.status === 'ready' ? { status: 'ready', data: draw(state.data), at: state.at } : state;
}

export function ChartPanel({ title, state, height, wide }: { title: string; state: Queued<ChartData>; height?: number; wide?: boolean }) {
  const drawn = state.status === 'ready' && !isEmpty(state.data.model) ? state.data.model : null;
  return (
    <Panel title={title} wide={wide} actions={drawn ? <CsvButton title={title} model={drawn} /> : null}>
      {state.status === 'waiting' ? (
        <Waiting label={title} height={height} />
      ) : state.status === 'failed' ? (
        <NotReady reason={failedText} />
      ) : !drawn ? (
        <NotReady reason={state.data.empty} />
      ) : (
        <>
          <SoFar model={drawn} />
          <Chart model={drawn} label={title} height={height} skeleton={<Waiting label={title} height={height} />} answeredAt={state.at} />
          {state.data.notes?.filter(Boolean).map((note) => (
            <Note key={note}>{note}</Note>
          ))}
        </>
      )}
    </Panel>
  );
}

/** The running span's figure, above the drawing that leaves it out ('This week so far: 12'). */
export function SoFar({ model }: { model: ChartModel }) {
  const note = runningNote(model);
  return note ? (
    <Text block variant="small" className="analytics-note analytics-so-far">
      {note}
    </Text>
  ) : null;
}

/** A line under a chart: the machine share, a reading duration. */
export function Note({ children }: { children: ReactNode }) {
  return (
    <Text block variant="small" className="analytics-note">
      {children}
    </Text>
  );
}
