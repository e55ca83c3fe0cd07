// @vitest-environment happy-dom
/**
 * An issue's results (issue 30) as the analytics pages and the issue list show them: rates with
 * their counts and the machine share beside them, '—' for an issue with nothing delivered, and
 * skeletons while they load (a story's are its issue's, asked from the issue call).
 */
import { setIconOptions } from '@fluentui/react';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { formatNumber, formatPercent } from '../../core/client/format';
import { issueResults, noCounts } from '../../plugins/issues/results';
import type { Issue } from '../../schemas/generated/entities/issue';
import type { Story } from '../../schemas/generated/entities/story';

const origin = 'http://localhost';
const results = issueResults({
  ...noCounts,
  sent: 1000,
  bounced: 40,
  complaints: 1,
  opens: 432,
  machineOpens: 288,
  clickers: 67,
  machineClickers: 7,
  unsubscribes: 5,
});
const nothingDelivered = issueResults({ ...noCounts, sent: 2, bounced: 2 });
let answer: { results: typeof results } | null = { results };
let release: () => void = () => {};

const server = setupServer(
  // The issue's subject test (issue 58), asked for an issue with results: none here.
  http.get(`${origin}/api/issues/update/i1`, () => HttpResponse.json({ data: { body: { _id: 'i1' }, subjectTest: null } })),
  http.get(`${origin}/api/issues/list/i1`, async () => {
    await new Promise<void>((resolve) => (release = resolve));
    return HttpResponse.json({ data: { _id: 'i1', subject: 'Kuzeyde kış', newsletter: 'n1', ...answer } });
  }),
);

let ResultsPanel: typeof import('../../plugins/issues/client/ResultsPanel').ResultsPanel;
let RateCell: typeof import('../../plugins/issues/client/ResultsPanel').RateCell;
let ResultsSection: typeof import('../../plugins/analytics/client/ResultsSection').ResultsSection;
beforeAll(async () => {
  setIconOptions({ disableWarnings: true });
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(`${origin}/stories/show/s1/analytics`);
  server.listen({ onUnhandledRequest: 'error' });
  ({ ResultsPanel, RateCell } = await import('../../plugins/issues/client/ResultsPanel'));
  ({ ResultsSection } = await import('../../plugins/analytics/client/ResultsSection'));
});
afterEach(() => {
  cleanup();
  answer = { results };
});
afterAll(() => server.close());

const figure = (name: string) => screen.getByRole('group', { name });

describe('issue results', () => {
  it('shows the rates over delivered copies with their counts and the machine share beside them', () => {
    render(<ResultsPanel results={results} />);
    expect(figure('Sent').textContent).toContain(formatNumber(1000));
    expect(figure('Delivered').textContent).toContain(formatNumber(960));
    expect(within(figure('Open rate')).getByText(formatPercent(432 / 960))).toBeTruthy();
    expect(figure('Open rate').textContent).toContain(`${formatNumber(432)} opened`);
    expect(figure('Open rate').textContent).toContain(`${formatPercent(0.4)} machine opens filtered`);
    expect(within(figure('Click rate')).getByText(formatPercent(67 / 960))).toBeTruthy();
    expect(within(figure('Unsubscribe rate')).getByText(formatPercent(5 / 960))).toBeTruthy();
    expect(within(figure('Bounced')).getByText(formatPercent(0.04))).toBeTruthy();
    expect(figure('Complaints').textContent).toContain('1');
    expect(document.body.textContent).not.toMatch(/NaN|Infinity/);
  });

  it("shows '—' for every rate of an issue with nothing delivered", () => {
    render(<ResultsPanel results={nothingDelivered} />);
    for (const name of ['Open rate', 'Click rate', 'Unsubscribe rate']) expect(within(figure(name)).getByText('—')).toBeTruthy();
    expect(figure('Delivered').textContent).toContain('0');
    expect(document.body.textContent).not.toMatch(/NaN|Infinity/);
    cleanup();
    render(<RateCell ratio={nothingDelivered.openRate} count={0} />);
    expect(screen.getByText('—')).toBeTruthy();
  });

  it("shows skeletons while a story's results load, then those of the issue it went out in", async () => {
    render(<ResultsSection type="story" content={{ _id: 's1', issue: 'i1', newsletter: 'n1' } as unknown as Story} />);
    const section = screen.getByTestId('issue-results');
    expect(section.getAttribute('aria-busy')).toBe('true');
    expect(screen.getAllByTestId('result-skeleton').length).toBeGreaterThan(0);
    await waitFor(() => expect(release).toBeTypeOf('function'));
    release();
    expect(await screen.findByText('Results of the issue it went out in')).toBeTruthy();
    expect(within(figure('Open rate')).getByText(formatPercent(432 / 960))).toBeTruthy();
    expect(screen.queryAllByTestId('result-skeleton')).toHaveLength(0);
  });

  it("shows an issue's skeletons until the issue is known, and nothing for an issue the server gives no results", () => {
    const { rerender } = render(<ResultsSection type="issue" content={null} />);
    expect(screen.getAllByTestId('result-skeleton').length).toBeGreaterThan(0);
    rerender(<ResultsSection type="issue" content={{ _id: 'i1' } as Issue} />);
    expect(screen.queryByTestId('issue-results')).toBeNull();
    rerender(<ResultsSection type="issue" content={{ _id: 'i1', results } as Issue} />);
    expect(within(figure('Open rate')).getByText(formatPercent(432 / 960))).toBeTruthy();
  });
});
