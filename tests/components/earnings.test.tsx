// @vitest-environment happy-dom
/**
 * The Earnings page (issue 33 point 5): the call it makes for the analytics pages' monthly window,
 * the recurring revenue and paying subscribers as figures in the console's language (English here,
 * the test browser's language: '₺118.83', 'November 2026'), the charts' named series from the
 * answer's minor units, the currency picked when there are several (none shown for one), the
 * period's CSV, and the empty state when nothing was ever paid.
 */
import { setIconOptions } from '@fluentui/react';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { Route, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Earnings } from '../../schemas/generated/api/earnings';

const origin = 'http://localhost';
// Wednesday 18 November 2026: the monthly window is June to November (so far).
const now = new Date(2026, 10, 18, 10, 0, 0);

const lira = {
  currency: 'try',
  mrr: 11883,
  paying: 3,
  periods: [
    { date: '2026-10-01', started: 3, cancelled: 1, revenue: 56800, payments: 3 },
    { date: '2026-11-01', started: 2, cancelled: 0, revenue: 10750, payments: 3 },
  ],
  newsletters: [
    { newsletterId: 'n1', title: 'Alfa Bülteni', revenue: 63700, payments: 4 },
    { newsletterId: 'n2', title: 'Beta Bülteni', revenue: 3850, payments: 2 },
  ],
};
const dollar = {
  currency: 'usd',
  mrr: 1500,
  paying: 1,
  periods: [{ date: '2026-11-01', started: 1, cancelled: 0, revenue: 1500, payments: 1 }],
  newsletters: [{ newsletterId: 'n1', title: 'Alfa Bülteni', revenue: 1500, payments: 1 }],
};

let currencies: Earnings['currencies'] = [];
const asked: Record<string, string>[] = [];

const server = setupServer(
  http.get(`${origin}/api/payments/earnings`, ({ request }) => {
    const query = Object.fromEntries(new URL(request.url).searchParams);
    asked.push(query);
    const data: Earnings = { span: 'month', startAt: query.startAt!, endAt: query.endAt!, since: '2026-01-10T10:00:00.000Z', currencies };
    return HttpResponse.json({ data });
  }),
);

let EarningsPage: typeof import('../../plugins/payments/client/EarningsPage').default;

beforeAll(async () => {
  setIconOptions({ disableWarnings: true });
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(`${origin}/publishers/show/p1/earnings`);
  server.listen({ onUnhandledRequest: 'error' });
  EarningsPage = (await import('../../plugins/payments/client/EarningsPage')).default;
});
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
  vi.setSystemTime(now);
  currencies = [lira, dollar];
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
  asked.length = 0;
});
afterAll(() => server.close());

function openEarnings() {
  const location = memoryLocation({ path: '/publishers/show/p1/earnings' });
  render(
    <Router hook={location.hook}>
      <Route path="/publishers/show/:publisherId/earnings">
        <EarningsPage />
      </Route>
    </Router>,
  );
}

const figure = (label: string) => screen.getByRole('group', { name: label });
const panel = (name: string) => screen.getByRole('region', { name });
async function tableOf(name: string): Promise<string[][]> {
  const drawn = await within(panel(name)).findByRole('figure', { name }, { timeout: 4000 });
  return within(drawn)
    .getAllByRole('row')
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent ?? ''));
}

describe('Earnings', () => {
  it('asks for the monthly window and shows the figures now and the charts of the first currency, money in the console language', async () => {
    openEarnings();
    await waitFor(() => expect(within(figure('Monthly recurring revenue')).getByText('₺118.83')).toBeTruthy());
    expect(asked).toEqual([{ startAt: '2026-06-01T00:00:00.000Z', endAt: '2026-11-18T23:59:59.999Z', span: 'month' }]);
    expect(within(figure('Paying subscribers')).getByText('3')).toBeTruthy();

    expect(await tableOf('REVENUE')).toEqual([
      ['', 'Revenue (TRY)'],
      ['June 2026', '0'],
      ['July 2026', '0'],
      ['August 2026', '0'],
      ['September 2026', '0'],
      ['October 2026', '568'],
      ['November 2026 (so far)', '107.5'],
    ]);
    expect(within(panel('REVENUE')).getByText('₺675.50 from 6 payments in this period')).toBeTruthy();
    const subscriptions = await tableOf('NEW AND CANCELLED');
    expect(subscriptions[0]).toEqual(['', 'New', 'Cancelled']);
    expect(subscriptions.slice(5)).toEqual([
      ['October 2026', '3', '1'],
      ['November 2026 (so far)', '2', '0'],
    ]);
    expect(await tableOf('REVENUE BY NEWSLETTER')).toEqual([
      ['', 'Revenue (TRY)'],
      ['Alfa Bülteni', '637'],
      ['Beta Bülteni', '38.5'],
    ]);
    // Plotly is handed the named series.
    const drawing = within(panel('NEW AND CANCELLED')).getByRole('figure', { hidden: true }).querySelector('.analytics-chart-drawing') as HTMLElement & {
      data?: { name?: string; type?: string }[];
    };
    await waitFor(() => expect(drawing.data).toBeDefined(), { timeout: 4000 });
    expect(drawing.data!.map((trace) => [trace.type, trace.name])).toEqual([
      ['bar', 'New'],
      ['bar', 'Cancelled'],
    ]);
  });

  it('lets the user pick another currency, and shows no choice with one', async () => {
    openEarnings();
    const picker = await screen.findByRole('combobox', { name: 'Currency' });
    fireEvent.click(picker);
    fireEvent.click(await screen.findByRole('option', { name: 'USD' }));
    await waitFor(() => expect(within(figure('Monthly recurring revenue')).getByText('$15.00')).toBeTruthy());
    expect(within(figure('Paying subscribers')).getByText('1')).toBeTruthy();
    expect((await tableOf('REVENUE')).at(-1)).toEqual(['November 2026 (so far)', '15']);
    cleanup();

    currencies = [lira];
    openEarnings();
    await waitFor(() => expect(within(figure('Monthly recurring revenue')).getByText('₺118.83')).toBeTruthy());
    expect(screen.queryByRole('combobox', { name: 'Currency' })).toBeNull();
  });

  it("downloads the period's numbers as CSV: plain amounts with the currency's decimals", async () => {
    const files: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((file) => {
      files.push(file as Blob);
      return 'blob:earnings';
    });
    // Followed, the link would take the page's address (and the calls' base) away.
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    openEarnings();
    fireEvent.click(await screen.findByRole('button', { name: 'Download the earnings of this period as CSV' }));
    const text = (await files[0]!.text()).replace(/^\uFEFF/, '');
    expect(text.split('\r\n')).toEqual([
      'Period start,New,Cancelled,Payments,Revenue (TRY)',
      '2026-06-01,0,0,0,0.00',
      '2026-07-01,0,0,0,0.00',
      '2026-08-01,0,0,0,0.00',
      '2026-09-01,0,0,0,0.00',
      '2026-10-01,3,1,3,568.00',
      '2026-11-01,2,0,3,107.50',
      '',
    ]);
  });

  it('says so when nothing was ever paid, instead of empty charts', async () => {
    currencies = [];
    openEarnings();
    expect(await screen.findByText('No earnings yet')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'REVENUE' })).toBeNull();
    expect(screen.queryByRole('group', { name: 'Monthly recurring revenue' })).toBeNull();
  });
});
