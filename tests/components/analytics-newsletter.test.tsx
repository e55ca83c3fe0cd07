// @vitest-environment happy-dom
/**
 * The newsletter and publisher analytics (spec 002 sections 2.9, 4, 8 and 9): the panels drawn
 * from the legacy statistics and, with the beta analytics feature, from the events query with the
 * by-source areas and the switch between the two; people's activity with the machine share; 'Not
 * Ready' for an empty series; the range picker's windows and spans, the custom range's lower
 * bound and the refresh; the fetches of a screen spaced constants.statistics.fetchSpacingMs apart,
 * the part highest on the screen first, each chart showing progress while it waits and until it
 * is drawn; the running span left out of the drawing and written apart; average views by issue,
 * named, whose failure is only logged; the publisher's newsletters side by side, sortable; the cancellation donut with its total in the centre and the table's date format;
 * the links to the latest issues' analytics.
 */
import { setIconOptions } from '@fluentui/react';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { Route, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { constants } from '../../core/shared/config';
import type { Permission } from '../../core/shared/permissions';

const origin = 'http://localhost';
// Wednesday 18 November 2026, mid-morning: the weekly window starts on Monday 31 August.
const now = new Date(2026, 10, 18, 10, 0, 0);
const spacing = constants.statistics.fetchSpacingMs;

interface Asked {
  path: string;
  body: Record<string, unknown> | null;
  query: Record<string, string>;
}
const asked: Asked[] = [];
const bodiesOf = (path: string) => asked.filter((call) => call.path === path).map((call) => call.body!);
const filtersOf = (type: string) =>
  bodiesOf('/api/analytics/filter')
    .map((body) => body.filter as Record<string, unknown>)
    .filter((filter) => filter.type === type);

const point = (date: string, value: number, machine = 0) => ({ date, value, machine });
let generated: Record<string, unknown> = {};
let timeline: { date: string; value: number; type: string; medium: string }[] = [];
let filterAnswers: Record<string, (filter: Record<string, unknown>) => unknown[]> = {};
let latest: unknown[] = [];
const results = (delivered: number, opens: number, clickers: number, unsubscribes: number) => ({
  sent: delivered,
  bounced: 0,
  complaints: 0,
  opens,
  machineOpens: 0,
  clickers,
  machineClickers: 0,
  unsubscribes,
  delivered,
  openRate: delivered ? opens / delivered : null,
  clickRate: delivered ? clickers / delivered : null,
  unsubscribeRate: delivered ? unsubscribes / delivered : null,
  bounceRate: delivered ? 0 : null,
  complaintRate: delivered ? 0 : null,
  machineOpenShare: null,
  machineClickShare: null,
});
/** The publisher's newsletters side by side, oldest first. */
const comparison = [
  {
    _id: 'n2',
    title: 'Güney',
    createdAt: '2026-07-01T08:00:00.000Z',
    subscribers: 800,
    subscriptions: 12,
    unsubscriptions: 15,
    growth: -3,
    issues: 4,
    results: results(2000, 900, 100, 4),
  },
  {
    _id: 'n1',
    title: 'Kuzey Bülteni',
    createdAt: '2026-09-15T08:00:00.000Z',
    subscribers: 4000,
    subscriptions: 40,
    unsubscriptions: 10,
    growth: 30,
    issues: 2,
    results: results(8000, 2400, 640, 8),
  },
  {
    _id: 'n3',
    title: 'Ara',
    createdAt: '2026-10-01T08:00:00.000Z',
    subscribers: 50,
    subscriptions: 2,
    unsubscriptions: 0,
    growth: 2,
    issues: 0,
    results: results(0, 0, 0, 0),
  },
];
/** An answer of the issue list in place of `latest`, for the average views' call. */
let latestAnswer: { status: number; body: unknown } | null = null;

function defaultAnswers() {
  generated = {
    'opens.total': [point('2026-11-09', 120, 30), point('2026-11-16', 80, 20)],
    'clicks.total': [point('2026-11-09', 12, 4)],
    'opens.sources': {},
    'subscriptions.subscription.subscriber': [point('2026-11-09', 5)],
    'subscriptions.unsubscription.subscriber': [],
  };
  timeline = [
    { date: '2026-11-09', value: 100, type: 'subscribers', medium: 'email' },
    { date: '2026-11-09', value: 20, type: 'subscribers', medium: 'notification' },
    { date: '2026-11-16', value: 110, type: 'subscribers', medium: 'email' },
    { date: '2026-11-16', value: 25, type: 'subscribers', medium: 'notification' },
    { date: '2026-11-16', value: 9, type: 'subscriptions', medium: 'email' },
  ];
  filterAnswers = {
    subscriber: () => [
      { newsletterId: 'n1', date: '2026-11-09', total: 130, email: 110, notification: 20 },
      { newsletterId: 'n1', date: '2026-11-16', total: 140, email: 115, notification: 25 },
    ],
    subscription: (filter) =>
      (filter.subscription as { groupBy?: string }).groupBy === 'source'
        ? [
            { date: '2026-11-09', type: 'subscription', source: 'ios', count: 3 },
            { date: '2026-11-09', type: 'subscription', source: null, count: 1 },
            { date: '2026-11-16', type: 'unsubscription', source: 'email', count: 2 },
          ]
        : [
            { date: '2026-11-09', type: 'subscription', source: null, count: 4 },
            { date: '2026-11-16', type: 'unsubscription', source: null, count: 2 },
          ],
    open: () => [{ date: '2026-11-16', total: 40, unique: 30, machine: 10, machineUnique: 8 }],
    click: () => [],
    cancellation: () => [
      { subscriber_id: 'ada@example.com', name: 'Ada Kara', reason: constants.audience.cancellationReasons[0], date: '2026-11-16 08:00:00', source: 'email' },
      { subscriber_id: 'can@example.com', name: 'Can Ak', reason: constants.audience.cancellationReasons[1], date: '2026-11-17 09:05:00', source: 'web' },
      { subscriber_id: 'ece@example.com', name: 'Ece Su', reason: 'Fiyatlar çok yüksek', date: '2026-11-17 10:30:00', source: 'ios' },
    ],
  };
  latestAnswer = null;
  latest = [];
}

function note(request: Request, body: Record<string, unknown> | null) {
  const url = new URL(request.url);
  asked.push({ path: url.pathname, body, query: Object.fromEntries(url.searchParams) });
}

const server = setupServer(
  http.get(`${origin}/api/newsletters/list/n1`, ({ request }) => {
    note(request, null);
    return HttpResponse.json({ data: { _id: 'n1', title: 'Kuzey Bülteni', createdAt: '2026-09-15T08:00:00.000Z' } });
  }),
  http.get(`${origin}/api/newsletters/list/:id/stats`, ({ request, params }) => {
    note(request, null);
    const data = timeline.map((item) => ({ ...item, parent: params.id, span: 1 }));
    return HttpResponse.json({ data, count: 2 });
  }),
  http.get(`${origin}/api/newsletters/list`, ({ request }) => {
    note(request, null);
    return HttpResponse.json({
      data: [
        { _id: 'n2', title: 'Güney', createdAt: '2026-07-01T08:00:00.000Z' },
        { _id: 'n1', title: 'Kuzey Bülteni', createdAt: '2026-09-15T08:00:00.000Z' },
      ],
      count: 2,
    });
  }),
  http.get(`${origin}/api/publishers/analytics/p1`, ({ request }) => {
    note(request, null);
    return HttpResponse.json({ data: comparison });
  }),
  http.post(`${origin}/api/statistics/generate`, async ({ request }) => {
    note(request, (await request.json()) as Record<string, unknown>);
    return HttpResponse.json({ data: { _id: 'x', endAt: now.toISOString(), values: generated } });
  }),
  http.post(`${origin}/api/analytics/filter`, async ({ request }) => {
    const body = (await request.json()) as { filter: Record<string, unknown> };
    note(request, body);
    const answer = filterAnswers[body.filter.type as string];
    return HttpResponse.json({ data: { result: answer ? answer(body.filter) : [] } });
  }),
  http.get(`${origin}/api/issues/list`, ({ request }) => {
    note(request, null);
    if (latestAnswer && new URL(request.url).searchParams.get('limit') === '90')
      return HttpResponse.json(latestAnswer.body as Record<string, unknown>, { status: latestAnswer.status });
    return HttpResponse.json({ data: latest, count: latest.length });
  }),
);

let NewsletterAnalyticsPage: typeof import('../../plugins/analytics/client/NewsletterAnalyticsPage').default;
let PublisherAnalyticsPage: typeof import('../../plugins/analytics/client/PublisherAnalyticsPage').default;
let Toaster: typeof import('../../core/client/toasts').Toaster;
let stores: typeof import('../../core/client/stores');

beforeAll(async () => {
  setIconOptions({ disableWarnings: true });
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(`${origin}/newsletters/show/n1/analytics`);
  server.listen({ onUnhandledRequest: 'error' });
  NewsletterAnalyticsPage = (await import('../../plugins/analytics/client/NewsletterAnalyticsPage')).default;
  PublisherAnalyticsPage = (await import('../../plugins/analytics/client/PublisherAnalyticsPage')).default;
  ({ Toaster } = await import('../../core/client/toasts'));
  stores = await import('../../core/client/stores');
});
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
  vi.setSystemTime(now);
  defaultAnswers();
  // Spaced as shipped only where the spacing is what is tested; elsewhere a screen's dozen calls
  // would take seven seconds.
  constants.statistics.fetchSpacingMs = 5;
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
  asked.length = 0;
  constants.statistics.fetchSpacingMs = spacing;
  stores.store.set(stores.featuresAtom, null);
});
afterAll(() => server.close());

function signIn({ beta = false, permissions = ['statistics.list', 'statistics.generate', 'issues.list'] as Permission[] } = {}) {
  stores.store.set(stores.permissionsAtom, new Set<Permission>(permissions));
  stores.store.set(stores.featuresAtom, { maintenance: false, editorVersion: 'default', betaAnalytics: beta, betaBanner: false });
}

function openNewsletter() {
  const location = memoryLocation({ path: '/newsletters/show/n1/analytics', record: true });
  render(
    <Router hook={location.hook}>
      <Route path="/newsletters/show/:newsletterId/analytics">
        <NewsletterAnalyticsPage />
      </Route>
      <Toaster />
    </Router>,
  );
  return location;
}

const panel = (name: string) => screen.getByRole('region', { name });
/** The chart of a panel, once drawn: its accessible table, as rows of cells. */
async function tableOf(name: string, chart = name): Promise<string[][]> {
  const figure = await within(panel(name)).findByRole('figure', { name: chart }, { timeout: 4000 });
  return within(figure)
    .getAllByRole('row')
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent ?? ''));
}
/** What Plotly was given to draw in a panel. */
async function plotted(
  name: string,
): Promise<{ data: { name?: string; y?: number[]; labels?: string[]; values?: number[] }[]; layout: Record<string, unknown> }> {
  const drawing = within(panel(name)).getByRole('figure', { hidden: true }).querySelector('.analytics-chart-drawing') as HTMLElement & {
    data?: never;
    layout?: never;
  };
  await waitFor(() => expect(drawing.data).toBeDefined(), { timeout: 4000 });
  return { data: drawing.data!, layout: drawing.layout! };
}
const rowFor = (table: string[][], label: string) => table.find((row) => row[0] === label);
const waitForPanels = () => waitFor(() => expect(screen.queryAllByRole('status', { name: /^Loading/ })).toHaveLength(0), { timeout: 6000 });

describe('newsletter analytics, legacy statistics', () => {
  it('draws the five panels from the statistics and the subscriber timeline, with the machine share', async () => {
    signIn();
    openNewsletter();
    expect(screen.getAllByRole('status', { name: /^Loading/ }).length).toBeGreaterThan(0);
    await waitForPanels();
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'SUBSCRIBERS',
      'SUBSCRIPTIONS',
      'UNSUBSCRIPTION',
      'TOTAL READS',
      'TOTAL CLICKS',
      'AVERAGE VIEWS',
      'ISSUES',
      'CANCELLATIONS',
    ]);
    // One call for the series, asked for the default weekly window.
    expect(bodiesOf('/api/statistics/generate')).toEqual([
      {
        model: 'Newsletter',
        parent: 'n1',
        methods: ['Opens', 'Clicks', 'Subscriptions'],
        date: { startAt: '2026-08-31T00:00:00.000Z', endAt: '2026-11-18T23:59:59.999Z' },
        datespan: 'weekly',
      },
    ]);
    expect(asked.find((call) => call.path === '/api/statistics/generate')!.query).toEqual({ force: 'false' });

    const reads = await tableOf('TOTAL READS');
    expect(reads[0]).toEqual(['', 'Opens', 'Machine opens']);
    expect(reads).toHaveLength(13);
    expect(rowFor(reads, '31 August – 6 September 2026')).toEqual(['31 August – 6 September 2026', '0', '0']);
    expect(rowFor(reads, '9–15 November 2026')).toEqual(['9–15 November 2026', '120', '30']);
    expect(rowFor(reads, '16–22 November 2026 (so far)')).toEqual(['16–22 November 2026 (so far)', '80', '20']);
    expect(within(panel('TOTAL READS')).getByText('20% machine opens filtered')).toBeTruthy();
    const drawn = await plotted('TOTAL READS');
    // The running week (16 November, Wednesday) left out of the drawing, its figures written above it.
    expect(drawn.data.map((trace) => trace.name)).toEqual(['Opens', 'Machine opens']);
    expect(drawn.data[0]!.y!.at(-1)).toBe(120);
    expect(drawn.data[0]!.y).toHaveLength(11);
    expect(drawn.layout.showlegend).toBe(true);
    expect(within(panel('TOTAL READS')).getByText('This week so far: Opens 80 · Machine opens 20')).toBeTruthy();

    expect(within(panel('TOTAL CLICKS')).getByText('25% machine clicks filtered')).toBeTruthy();
    expect(rowFor(await tableOf('SUBSCRIPTIONS'), '9–15 November 2026')).toEqual(['9–15 November 2026', '5']);
    // Nothing in the series: 'Not Ready' (spec section 8).
    expect(within(panel('UNSUBSCRIPTION')).getByText('Not Ready')).toBeTruthy();
    expect(within(panel('UNSUBSCRIPTION')).queryByRole('figure')).toBeNull();

    const subscribers = await tableOf('SUBSCRIBERS');
    expect(subscribers).toEqual([
      ['', 'Total', 'E-mail', 'Notification'],
      ['9–15 November 2026', '120', '100', '20'],
      ['16–22 November 2026 (so far)', '135', '110', '25'],
    ]);
    // No beta feature, no switch and no by-source charts.
    expect(screen.queryByRole('switch', { name: 'Beta analytics' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'SUBSCRIPTIONS BY SOURCE' })).toBeNull();
    expect(bodiesOf('/api/analytics/filter').map((body) => (body.filter as { type: string }).type)).toEqual(['cancellation']);
  });

  it('asks each range with its window and span; CUSTOM starts no earlier than the newsletter and is daily; refresh forces', async () => {
    signIn();
    openNewsletter();
    await waitForPanels();
    const lastGenerate = () => bodiesOf('/api/statistics/generate').at(-1) as { date: { startAt: string; endAt: string }; datespan: string };

    fireEvent.click(screen.getByRole('button', { name: 'DAILY' }));
    await waitFor(() => expect(lastGenerate().datespan).toBe('daily'));
    expect(lastGenerate().date).toEqual({ startAt: '2026-11-05T00:00:00.000Z', endAt: '2026-11-18T23:59:59.999Z' });
    expect(screen.getByRole('button', { name: 'DAILY' }).getAttribute('aria-pressed')).toBe('true');
    await waitForPanels();
    expect(await tableOf('TOTAL READS')).toHaveLength(15);

    fireEvent.click(screen.getByRole('button', { name: 'MONTHLY' }));
    await waitFor(() => expect(lastGenerate().datespan).toBe('monthly'));
    expect(lastGenerate().date).toEqual({ startAt: '2026-06-01T00:00:00.000Z', endAt: '2026-11-18T23:59:59.999Z' });
    await waitForPanels();
    expect((await tableOf('TOTAL READS')).map((row) => row[0])).toEqual([
      '',
      'June 2026',
      'July 2026',
      'August 2026',
      'September 2026',
      'October 2026',
      'November 2026 (so far)',
    ]);
    expect(rowFor(await tableOf('TOTAL READS'), 'November 2026 (so far)')).toEqual(['November 2026 (so far)', '200', '50']);

    fireEvent.click(screen.getByRole('button', { name: 'WEEKLY' }));
    await waitFor(() => expect(lastGenerate().datespan).toBe('weekly'));
    // From the weekly window (31 August), held to the newsletter's creation (15 September).
    fireEvent.click(screen.getByRole('button', { name: 'CUSTOM' }));
    await waitFor(() => expect(lastGenerate().date.startAt).toBe('2026-09-15T00:00:00.000Z'));
    expect(lastGenerate()).toMatchObject({ datespan: 'daily', date: { endAt: '2026-11-18T23:59:59.999Z' } });
    expect(screen.getByRole('combobox', { name: 'From' })).toBeTruthy();

    const before = bodiesOf('/api/statistics/generate').length;
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(bodiesOf('/api/statistics/generate')).toHaveLength(before + 1));
    expect(asked.filter((call) => call.path === '/api/statistics/generate').at(-1)!.query).toEqual({ force: 'true' });
  });

  it('starts the calls of the screen at least fetchSpacingMs apart', async () => {
    constants.statistics.fetchSpacingMs = spacing;
    // The queue's turns come on fake timers: the test moves the clock on by a turn at a time.
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    vi.setSystemTime(now);
    // When each call starts, by the clock the screen reads: the mock server hears a call later, and
    // later again on a busy machine, so its times would say nothing about the starts.
    const starts: number[] = [];
    const fetch = globalThis.fetch;
    vi.spyOn(globalThis, 'fetch').mockImplementation((...args) => {
      starts.push(Date.now());
      return fetch(...args);
    });
    signIn();
    openNewsletter();
    const loading = () => screen.queryAllByRole('status', { name: /^Loading/ }).length > 0;
    for (let turn = 0; turn < 20 && loading(); turn++) await act(() => vi.advanceTimersByTimeAsync(spacing));
    await waitForPanels();
    // The newsletter, the series, the timeline, the issues twice and the cancellations.
    await waitFor(() => expect(asked.length).toBeGreaterThanOrEqual(6));
    expect(starts.length).toBe(asked.length);
    const gaps = starts.slice(1).map((at, index) => at - starts[index]!);
    // The fake clock also moves on by a step (vitest's advanceTimeDelta, 20 ms) as real time
    // passes: a call the client sends after some work of its own (the first one of a screen) reads
    // a step after its turn began, so the gap after it may read a step short.
    const clockStep = 20;
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(spacing - clockStep);
    // In the screen's order, top first, though the parts below asked first (a child's effects run before its parent's).
    expect(asked.map((call) => call.path)).toEqual([
      '/api/newsletters/list/n1',
      '/api/newsletters/list/n1/stats',
      '/api/statistics/generate',
      '/api/issues/list',
      '/api/issues/list',
      '/api/analytics/filter',
    ]);
    expect(asked[3]!.query.limit).toBe(String(constants.statistics.averageViews.limit));
  }, 20_000);
});

describe('newsletter analytics, beta', () => {
  it('draws from the events query, adds the by-source areas with the source names, and switches to the legacy statistics', async () => {
    signIn({ beta: true });
    openNewsletter();
    await waitForPanels();
    expect(screen.getByRole('switch', { name: 'Beta analytics' }).getAttribute('aria-checked')).toBe('true');
    expect(bodiesOf('/api/statistics/generate')).toHaveLength(0);
    expect(filtersOf('open')).toEqual([
      {
        type: 'open',
        contextIds: ['n1'],
        groupBy: 'date',
        date: { startAt: '2026-08-31T00:00:00.000Z', endAt: '2026-11-18T23:59:59.999Z', spanType: 'week', spanInterval: 1 },
      },
    ]);
    expect(filtersOf('subscription').map((filter) => filter.subscription)).toEqual([
      { date: { startAt: '2026-08-31T00:00:00.000Z', endAt: '2026-11-18T23:59:59.999Z', spanType: 'week', spanInterval: 1 }, subscribableId: 'n1' },
      {
        date: { startAt: '2026-08-31T00:00:00.000Z', endAt: '2026-11-18T23:59:59.999Z', spanType: 'week', spanInterval: 1 },
        subscribableId: 'n1',
        groupBy: 'source',
      },
    ]);
    expect(filtersOf('subscriber')).toEqual([
      { type: 'subscriber', subscriber: { newsletterIds: ['n1'], date: { startAt: '2026-08-31T00:00:00.000Z', endAt: '2026-11-18T23:59:59.999Z' } } },
    ]);

    expect(rowFor(await tableOf('SUBSCRIPTIONS'), '9–15 November 2026')).toEqual(['9–15 November 2026', '4']);
    expect(rowFor(await tableOf('UNSUBSCRIPTION'), '16–22 November 2026 (so far)')).toEqual(['16–22 November 2026 (so far)', '2']);
    // The opens count each copy once, the machines' too (8 copies of their 10 opens); the repeats are
    // told as repeats under the chart, never as a second total (issue 55).
    expect(rowFor(await tableOf('TOTAL READS'), '16–22 November 2026 (so far)')).toEqual(['16–22 November 2026 (so far)', '30', '8']);
    expect(within(panel('TOTAL READS')).getByText('21.1% machine opens filtered')).toBeTruthy();
    expect(within(panel('TOTAL READS')).getByText('10 repeat opens not counted')).toBeTruthy();
    expect(within(panel('TOTAL CLICKS')).getByText('Not Ready')).toBeTruthy();
    expect(rowFor(await tableOf('SUBSCRIBERS'), '16–22 November 2026 (so far)')).toEqual(['16–22 November 2026 (so far)', '140', '115', '25']);

    const bySource = await tableOf('SUBSCRIPTIONS BY SOURCE');
    expect(bySource[0]).toEqual(['', 'iOS', 'Unknown source']);
    expect(rowFor(bySource, '9–15 November 2026')).toEqual(['9–15 November 2026', '3', '1']);
    expect((await tableOf('UNSUBSCRIPTION BY SOURCE'))[0]).toEqual(['', 'Email']);
    const areas = await plotted('SUBSCRIPTIONS BY SOURCE');
    // Stacked, the running week left out: its figures are written above the areas.
    expect(areas.data.map((trace) => [trace.name, (trace as { stackgroup?: string }).stackgroup, trace.y!.length])).toEqual([
      ['iOS', 'stack', 11],
      ['Unknown source', 'stack', 11],
    ]);
    expect(within(panel('SUBSCRIPTIONS BY SOURCE')).getByText('This week so far: iOS 0 · Unknown source 0')).toBeTruthy();
    expect(within(panel('UNSUBSCRIPTION BY SOURCE')).getByText('This week so far: 2 unsubscriptions')).toBeTruthy();

    fireEvent.click(screen.getByRole('switch', { name: 'Beta analytics' }));
    await waitFor(() => expect(bodiesOf('/api/statistics/generate')).toHaveLength(1));
    await waitForPanels();
    expect(screen.queryByRole('region', { name: 'SUBSCRIPTIONS BY SOURCE' })).toBeNull();
    expect(rowFor(await tableOf('TOTAL READS'), '9–15 November 2026')).toEqual(['9–15 November 2026', '120', '30']);
    expect(asked.filter((call) => call.path.endsWith('/stats'))).toHaveLength(1);
  });

  it('names every series drawn, and says why a panel without figures is empty', async () => {
    signIn({ beta: true });
    openNewsletter();
    await waitForPanels();
    const drawn = ['SUBSCRIBERS', 'SUBSCRIPTIONS', 'UNSUBSCRIPTION', 'TOTAL READS', 'SUBSCRIPTIONS BY SOURCE', 'UNSUBSCRIPTION BY SOURCE'];
    for (const name of drawn) {
      const { data } = await plotted(name);
      for (const trace of data) expect(trace.name, name).toMatch(/^(?!null\b)\S/);
      expect(within(panel(name)).getByRole('button', { name: `Download ${name} as CSV` })).toBeTruthy();
    }
    // No clicks yet, and no issue sent: 'Not Ready' says why, and offers nothing to download.
    expect(within(panel('TOTAL CLICKS')).getByText(/^No clicks in this period yet/)).toBeTruthy();
    expect(within(panel('AVERAGE VIEWS')).getByText('Not Ready')).toBeTruthy();
    expect(within(panel('AVERAGE VIEWS')).getByText(/^No issue has been opened yet/)).toBeTruthy();
    expect(within(panel('AVERAGE VIEWS')).queryByRole('button', { name: /CSV/ })).toBeNull();
  });

  it('asks the events by day for DAILY', async () => {
    signIn({ beta: true });
    openNewsletter();
    await waitForPanels();
    fireEvent.click(screen.getByRole('button', { name: 'DAILY' }));
    await waitFor(() => expect(filtersOf('click')).toHaveLength(2));
    expect(filtersOf('click')[1]!.date).toEqual({ startAt: '2026-11-05T00:00:00.000Z', endAt: '2026-11-18T23:59:59.999Z', spanType: 'day', spanInterval: 1 });
  });
});

describe('average views', () => {
  it('names each issue sent from 3 months up to 7 days ago by its subject, with its views, and draws their average', async () => {
    const issue = (id: string, subject: string, emailedAt: string, opens: number, machineOpens = 0) => ({
      _id: id,
      key: `kod-${id}`,
      subject,
      publishedAt: emailedAt,
      emailedAt,
      results: { opens, machineOpens },
    });
    latest = [
      // Sent 5 days ago: too young to count yet.
      issue('i0', 'Bu hafta', '2026-11-13T06:00:00.000Z', 40),
      issue('i1', 'Kuzeyde kış', '2026-11-02T06:00:00.000Z', 100, 25),
      issue('i2', 'Kuzeyde kış', '2026-10-26T06:00:00.000Z', 50),
      { ...issue('i3', '', '2026-10-19T06:00:00.000Z', 30), key: 'sabah-19' },
      // Sent over 3 months ago.
      issue('i4', 'Yaz sonu', '2026-08-10T06:00:00.000Z', 400),
    ];
    signIn();
    openNewsletter();
    await waitForPanels();
    const call = asked.find((candidate) => candidate.path === '/api/issues/list' && candidate.query.limit === '90')!;
    expect(call.query).toEqual({ newsletter: 'n1', 'status.published': 'true', desc: 'true', limit: '90' });
    // No events query: an issue's views are its results' opens, as everywhere.
    expect(filtersOf('open')).toEqual([]);
    const table = await tableOf('AVERAGE VIEWS');
    // Newest first, each named by its subject (its code name without one) and its day.
    expect(table).toEqual([
      ['', 'Views'],
      ['Kuzeyde kış · 2 Nov', '100'],
      ['Kuzeyde kış · 26 Oct', '50'],
      ['sabah-19 · 19 Oct', '30'],
    ]);
    const drawn = await plotted('AVERAGE VIEWS');
    expect(drawn.data[0]).toMatchObject({ orientation: 'h', x: [100, 50, 30] });
    expect(drawn.layout.annotations).toEqual([expect.objectContaining({ text: 'Average 60' })]);
    expect(within(panel('AVERAGE VIEWS')).getByText('Average views of 3 issues: 60')).toBeTruthy();
    expect(within(panel('AVERAGE VIEWS')).getByText('12.2% machine opens filtered')).toBeTruthy();
  });

  it('only logs a failure', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    latestAnswer = { status: 500, body: { err: 'boom', msg: 'Something broke.' } };
    signIn();
    openNewsletter();
    await waitForPanels();
    expect(within(panel('AVERAGE VIEWS')).getByText('Not Ready')).toBeTruthy();
    expect(warn).toHaveBeenCalledWith('analytics', expect.stringContaining('average-views'), expect.anything());
    expect(screen.queryAllByTestId('toast')).toHaveLength(0);
  });
});

describe('the cancellation view', () => {
  it('asks the last 30 days ending today and shows the reasons donut with the total in its centre, and the table', async () => {
    signIn();
    openNewsletter();
    await waitForPanels();
    expect(filtersOf('cancellation')).toEqual([
      {
        type: 'cancellation',
        cancellation: { date: { startAt: '2026-10-20T00:00:00.000Z', endAt: '2026-11-18T23:59:59.999Z' }, cancellableIds: ['n1'] },
      },
    ]);
    const view = panel('CANCELLATIONS');
    const donut = within(view).getByRole('figure', { name: 'Cancellation reasons' });
    expect(within(donut).getByText('Cancellation reasons: 3')).toBeTruthy();
    const [first, second, third, fourth] = constants.audience.cancellationReasons;
    expect(
      within(donut)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual([`${first}1`, `${second}1`, `${third}0`, `${fourth}0`, `${constants.audience.otherReason}1`]);
    const drawing = donut.querySelector('.analytics-chart-drawing') as HTMLElement & {
      data?: { hole: number }[];
      layout?: { annotations: { text: string }[] };
    };
    await waitFor(() => expect(drawing.layout?.annotations[0]?.text).toBe('3'));
    expect(drawing.data![0]!.hole).toBeGreaterThan(0);

    const table = within(view).getByRole('grid', { name: 'Cancellations' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Name', 'Subscriber ID', 'Reason', 'Date']);
    // The spec's pattern in the console's language (English here: the browser's), at the reader's time.
    expect(within(view).getByText(/^Tuesday, November 17th \d\d:05, 2026$/)).toBeTruthy();
    expect(within(view).getByText('can@example.com')).toBeTruthy();
    expect(within(view).getByText('Fiyatlar çok yüksek')).toBeTruthy();
  });

  it('says plainly that nobody left in the dates', async () => {
    filterAnswers.cancellation = () => [];
    signIn();
    openNewsletter();
    await waitForPanels();
    const view = panel('CANCELLATIONS');
    expect(within(view).getByText('Nobody left in these dates: readers who unsubscribe appear here with their reason.')).toBeTruthy();
    expect(within(view).queryByText('Not Ready')).toBeNull();
  });
});

describe('the latest issues', () => {
  it('link to their analytics', async () => {
    latest = [{ _id: 'i7', key: 'sabah', subject: 'Kuzeyde kış', publishedAt: '2026-11-10T06:00:00.000Z' }];
    signIn();
    const location = openNewsletter();
    await waitForPanels();
    const link = within(panel('ISSUES')).getByRole('link', { name: 'Kuzeyde kış' });
    expect(link.getAttribute('href')).toBe('/issues/show/i7/analytics');
    act(() => fireEvent.click(link));
    expect(location.history.at(-1)).toBe('/issues/show/i7/analytics');
  });
});

describe('publisher analytics', () => {
  const openPublisher = () => {
    const location = memoryLocation({ path: '/publishers/show/p1/analytics' });
    render(
      <Router hook={location.hook}>
        <Route path="/publishers/show/:publisherId/analytics">
          <PublisherAnalyticsPage />
        </Route>
      </Router>,
    );
  };
  const rowsOf = (grid: HTMLElement) =>
    within(grid)
      .getAllByRole('row')
      .slice(1)
      .map((row) => [...row.querySelectorAll('[role="gridcell"], [role="rowheader"]')].map((cell) => cell.textContent ?? ''));

  it("puts the publisher's newsletters side by side, sortable, and counts them together", async () => {
    signIn({ beta: true });
    openPublisher();
    await waitForPanels();
    // The table's call is the screen's first: it names the newsletters the charts count.
    expect(asked[0]!.path).toBe('/api/publishers/analytics/p1');
    expect(asked[0]!.query).toEqual({ startAt: '2026-08-31T00:00:00.000Z', endAt: '2026-11-18T23:59:59.999Z' });
    expect(asked.some((call) => call.path === '/api/newsletters/list')).toBe(false);
    expect(filtersOf('open')[0]).toMatchObject({ contextIds: ['n2', 'n1', 'n3'] });
    expect(filtersOf('subscriber')[0]).toMatchObject({ subscriber: { newsletterIds: ['n2', 'n1', 'n3'] } });
    // The subscription query takes one newsletter: one call each, summed.
    expect(filtersOf('subscription').map((filter) => (filter.subscription as { subscribableId: string }).subscribableId)).toEqual([
      'n2',
      'n1',
      'n3',
      'n2',
      'n1',
      'n3',
    ]);
    expect(rowFor(await tableOf('SUBSCRIPTIONS'), '9–15 November 2026')).toEqual(['9–15 November 2026', '12']);
    expect(filtersOf('cancellation')[0]).toMatchObject({ cancellation: { cancellableIds: ['n2', 'n1', 'n3'] } });

    const grid = within(panel('NEWSLETTERS')).getByRole('grid', { name: 'NEWSLETTERS' });
    expect(
      within(grid)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Newsletter', 'Subscribers', 'Growth', 'Open rate', 'Click rate', 'Unsubscribe rate']);
    // Most subscribers first; each rate with its people, as the issue list writes them; no rate without a delivered copy.
    expect(rowsOf(grid)).toEqual([
      ['Kuzey Bülteni', '4,000', '+30', '30% (2,400)', '8% (640)', '0.1% (8)'],
      ['Güney', '800', '−3', '45% (900)', '5% (100)', '0.2% (4)'],
      ['Ara', '50', '+2', '—', '—', '—'],
    ]);
    expect(within(grid).getByRole('link', { name: 'Güney' }).getAttribute('href')).toBe('/newsletters/show/n2/analytics');
    fireEvent.click(within(grid).getByText('Open rate'));
    expect(rowsOf(grid).map((row) => row[0])).toEqual(['Güney', 'Kuzey Bülteni', 'Ara']);
    fireEvent.click(within(grid).getByText('Open rate'));
    expect(rowsOf(grid).map((row) => row[0])).toEqual(['Kuzey Bülteni', 'Güney', 'Ara']);
    fireEvent.click(within(grid).getByText('Growth'));
    expect(rowsOf(grid).map((row) => row[0])).toEqual(['Kuzey Bülteni', 'Ara', 'Güney']);
    expect(within(panel('NEWSLETTERS')).getByText('Growth: subscriptions less unsubscriptions from 31 August 2026 to 18 November 2026.')).toBeTruthy();

    // Another range asks the table again, and the charts for the same newsletters.
    fireEvent.click(screen.getByRole('button', { name: 'DAILY' }));
    await waitFor(() => expect(asked.filter((call) => call.path === '/api/publishers/analytics/p1')).toHaveLength(2));
    expect(asked.filter((call) => call.path === '/api/publishers/analytics/p1')[1]!.query.startAt).toBe('2026-11-05T00:00:00.000Z');
    await waitFor(() => expect(filtersOf('open')).toHaveLength(2));
    expect(filtersOf('open')[1]).toMatchObject({ contextIds: ['n2', 'n1', 'n3'] });

    fireEvent.click(screen.getByRole('switch', { name: 'Beta analytics' }));
    await waitFor(() => expect(bodiesOf('/api/statistics/generate')).toHaveLength(1));
    expect(bodiesOf('/api/statistics/generate')[0]).toMatchObject({ model: 'Publisher', parent: 'p1' });
  });
});
