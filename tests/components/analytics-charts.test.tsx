// @vitest-environment happy-dom
/**
 * A chart panel as a reader meets it (issue 30): a skeleton while its figures wait, 'Not Ready'
 * with the reason when there is nothing to draw, a legend only with more than one series, and a
 * button that downloads the chart's numbers as CSV.
 */
import { setIconOptions } from '@fluentui/react';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ChartModel } from '../../plugins/analytics/client/chart-model';
import { ChartPanel, failedText, noDataText } from '../../plugins/analytics/client/ChartPanel';
import { overTime } from '../../plugins/analytics/client/series';
import { timeAxis } from '../../plugins/analytics/client/periods';

beforeAll(() => setIconOptions({ disableWarnings: true }));
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const now = new Date(2026, 10, 18, 10, 0);
const weekly = overTime(timeAxis(['2026-11-02', '2026-11-09', '2026-11-16'], 'week', now));
const opens: ChartModel = { kind: 'line', ...weekly, unit: 'opens', series: [{ name: 'Opens', values: [4000, 120, 30] }] };

const panel = (name: string) => screen.getByRole('region', { name });
async function plotted(name: string) {
  const drawing = panel(name).querySelector('.analytics-chart-drawing') as HTMLElement & { data?: { name?: string }[]; layout?: { showlegend?: boolean } };
  await waitFor(() => expect(drawing.data).toBeDefined(), { timeout: 4000 });
  return { data: drawing.data!, layout: drawing.layout! };
}

describe('a chart panel', () => {
  it('shows a skeleton while it waits, and no download', () => {
    render(<ChartPanel title="TOTAL READS" state={{ status: 'waiting' }} />);
    const status = within(panel('TOTAL READS')).getByRole('status', { name: 'Loading TOTAL READS' });
    expect(status.querySelectorAll('.ms-Shimmer-container').length).toBeGreaterThan(0);
    expect(within(panel('TOTAL READS')).queryByRole('button', { name: /CSV/ })).toBeNull();
  });

  it("says 'Not Ready' and why when there is nothing to draw, or when the figures failed", () => {
    render(
      <>
        <ChartPanel
          title="AVERAGE VIEWS"
          state={{
            status: 'ready',
            data: { model: { ...opens, series: [{ name: 'Average views', values: [0, 0, 0] }] }, empty: 'No issue has been opened yet.' },
          }}
        />
        <ChartPanel title="SUBSCRIPTIONS" state={{ status: 'ready', data: { model: null } }} />
        <ChartPanel title="TOTAL CLICKS" state={{ status: 'failed' }} />
      </>,
    );
    expect(within(panel('AVERAGE VIEWS')).getByText('Not Ready')).toBeTruthy();
    expect(within(panel('AVERAGE VIEWS')).getByText('No issue has been opened yet.')).toBeTruthy();
    expect(within(panel('AVERAGE VIEWS')).queryByRole('figure')).toBeNull();
    expect(within(panel('SUBSCRIPTIONS')).getByText(noDataText)).toBeTruthy();
    expect(within(panel('TOTAL CLICKS')).getByText(failedText)).toBeTruthy();
    expect(screen.queryAllByRole('button', { name: /CSV/ })).toHaveLength(0);
  });

  it('draws one series without a legend, two with one; a pie of one slice lists no legend and names its slice inside', async () => {
    const two: ChartModel = { ...opens, series: [...opens.series, { name: 'Machine opens', values: [1, 2, 3], machine: true }] };
    const pie: ChartModel = { kind: 'pie', labels: ['Email'], series: [{ name: 'Opens', values: [12] }] };
    render(
      <>
        <ChartPanel title="ONE" state={{ status: 'ready', data: { model: opens } }} />
        <ChartPanel title="TWO" state={{ status: 'ready', data: { model: two } }} />
        <ChartPanel title="PIE" state={{ status: 'ready', data: { model: pie } }} />
      </>,
    );
    expect((await plotted('ONE')).layout.showlegend).toBe(false);
    const both = await plotted('TWO');
    expect(both.layout.showlegend).toBe(true);
    expect(both.data.every((trace) => trace.name && trace.name !== 'null')).toBe(true);
    expect(panel('PIE').querySelector('.analytics-legend')).toBeNull();
    expect((await plotted('PIE')).data[0]).toMatchObject({ textinfo: 'label+percent' });
  });

  it("downloads the chart's numbers as CSV: each week by its first day, the running one marked", async () => {
    const blobs: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:chart';
    });
    URL.revokeObjectURL = vi.fn();
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      expect(this.download).toBe('total-reads-2026-11-18.csv');
    });
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    vi.setSystemTime(now);
    render(<ChartPanel title="TOTAL READS" state={{ status: 'ready', data: { model: opens } }} />);
    fireEvent.click(within(panel('TOTAL READS')).getByRole('button', { name: 'Download TOTAL READS as CSV' }));
    vi.useRealTimers();
    expect(clicked).toHaveBeenCalledOnce();
    const text = await blobs[0]!.text();
    expect(text).toBe('\uFEFFPeriod start,Opens,Period\r\n2026-11-02,4000,complete\r\n2026-11-09,120,complete\r\n2026-11-16,30,so far\r\n');
  });
});
