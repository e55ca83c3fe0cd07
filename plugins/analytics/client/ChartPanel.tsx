/**
 * A panel of an analytics screen: its title, then progress while its fetch waits its turn (a chart
 * may take a minute or two), 'Not Ready' when there is nothing to draw (spec 002 section 8), or
 * the chart with its notes (the machine share).
 */
import { Shimmer, ShimmerElementType, Text } from '@fluentui/react';
import type { ReactNode } from 'react';
import { Chart } from './Chart';
import { isEmpty, type ChartModel } from './chart-model';
import type { Queued } from './fetch-queue';
import './analytics.css';

export const notReadyText = 'Not Ready';

export function Panel({ title, children, wide }: { title: string; children: ReactNode; wide?: boolean }) {
  return (
    <section className={wide ? 'analytics-panel analytics-panel-wide' : 'analytics-panel'} aria-label={title}>
      <Text as="h2" variant="mediumPlus" className="analytics-panel-title">
        {title}
      </Text>
      {children}
    </section>
  );
}

/** Progress for a part that waits for its fetch. */
export function Waiting({ label, height = 220 }: { label: string; height?: number }) {
  return (
    <div role="status" aria-label={`Loading ${label}`}>
      <Shimmer shimmerElements={[{ type: ShimmerElementType.line, height }]} ariaLabel={`Loading ${label}`} />
    </div>
  );
}

export function NotReady() {
  return <Text className="analytics-not-ready">{notReadyText}</Text>;
}

/** A chart and the lines under it (the machine share, a reading duration). */
export interface ChartData {
  model: ChartModel | null;
  notes?: (string | null)[];
}

/** A fetched value turned into a chart; waiting and failure pass through. */
export function chartOf<T>(state: Queued<T>, draw: (data: T) => ChartData): Queued<ChartData> {
  return state.status === 'ready' ? { status: 'ready', data: draw(state.data) } : state;
}

export function ChartPanel({ title, state, height, wide }: { title: string; state: Queued<ChartData>; height?: number; wide?: boolean }) {
  return (
    <Panel title={title} wide={wide}>
      {state.status === 'waiting' ? (
        <Waiting label={title} height={height} />
      ) : state.status === 'failed' || isEmpty(state.data.model) ? (
        <NotReady />
      ) : (
        <>
          <Chart model={state.data.model!} label={title} height={height} />
          {state.data.notes?.filter(Boolean).map((note) => (
            <Note key={note}>{note}</Note>
          ))}
        </>
      )}
    </Panel>
  );
}

/** A line under a chart: the machine share, a reading duration. */
export function Note({ children }: { children: ReactNode }) {
  return (
    <Text block variant="small" className="analytics-note">
      {children}
    </Text>
  );
}
