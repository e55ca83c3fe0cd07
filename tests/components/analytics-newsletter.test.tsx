// @vitest-environment happy-dom
/**
 * The newsletter and publisher analytics (spec 002 sections 2.9, 4, 8 and 9): the panels drawn
 * from the legacy statistics and, with the beta analytics feature, from the events query with the
 * by-source areas and the switch between the two; people's activity with the machine share; 'Not
 * Ready' for an empty series; the range picker's windows and spans, the custom range's lower
 * bound and the refresh; the fetches of a screen spaced constants.statistics.fetchSpacingMs apart,
 * each chart showing progress while it waits; average views in weekly buckets, whose failure is
 * only logged; the cancellation donut with its total in the centre and the table's date format;
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
let issueIdsAnswer: { status: number; body: unknown } = { status: 200, body: { data: [], count: 0 } };
let latest: unknown[] = [];

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
  issueIdsAnswer = { status: 200, body: { data: [], count: 0 } };
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
    if (new URL(request.url).searchParams.get('idOnly') === 'true')
      return HttpResponse.json(issueIdsAnswer.body as Record<string, unknown>, { status: issueIdsAnswer.status });
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
    // The running week (16 November, Wednesday) apart: the solid line ends at the last whole week.
    expect(drawn.data.map((trace) => trace.name)).toEqual(['Opens', 'Opens (so far)', 'Machine opens', 'Machine opens (so far)']);
    expect(drawn.data[0]!.y!.at(-1)).toBe(120);
    expect(drawn.data[1]!.y).toEqual([120, 80]);
    expect(drawn.layout.showlegend).toBe(true);

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
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(spacing);
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
    expect(areas.data.map((trace) => [trace.name, (trace as { stackgroup?: string }).stackgroup])).toEqual([
      ['iOS', 'finished'],
      ['iOS (so far)', 'running'],
      ['Unknown source', 'finished'],
      ['Unknown source (so far)', 'running'],
    ]);

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
  it('averages the opens of the issues sent in each of the 12 weeks up to 7 days ago', async () => {
    issueIdsAnswer = { status: 200, body: { data: [{ _id: 'i1' }, { _id: 'i2' }, { _id: 'i3' }], count: 3 } };
    filterAnswers.open = (filter) =>
      filter.contentIds
        ? [
            { content_id: 'i1', date: '2026-10-26', total: 100, unique: 80, machine: 20, machineUnique: 10 },
            { content_id: 'i1', date: '2026-11-02', total: 20, unique: 20, machine: 0, machineUnique: 0 },
            { content_id: 'i2', date: '2026-10-26', total: 60, unique: 50, machine: 0, machineUnique: 0 },
            // Sent before the first bucket: its late opens are not its week's.
            { content_id: 'i3', date: '2026-08-17', total: 500, unique: 400, machine: 0, machineUnique: 0 },
            { content_id: 'i3', date: '2026-08-24', total: 5, unique: 5, machine: 0, machineUnique: 0 },
          ]
        : [];
    signIn();
    openNewsletter();
    await waitForPanels();
    const ids = asked.find((call) => call.path === '/api/issues/list' && call.query.idOnly === 'true')!;
    expect(ids.query).toEqual({ newsletter: 'n1', 'status.published': 'true', desc: 'true', limit: '90', idOnly: 'true' });
    expect(filtersOf('open')).toEqual([
      {
        type: 'open',
        contentIds: ['i1', 'i2', 'i3'],
        contentTypes: ['issue'],
        groupBy: ['content_id', 'date'],
        date: { startAt: '2026-08-18T00:00:00.000Z', endAt: '2026-11-11T23:59:59.999Z', spanType: 'week', spanInterval: 1 },
      },
    ]);
    const table = await tableOf('AVERAGE VIEWS');
    expect(table.map((row) => row[0])).toEqual([
      '',
      // Whole weeks, none running: the buckets end a week ago.
      '24–30 August 2026',
      '31 August – 6 September 2026',
      '7–13 September 2026',
      '14–20 September 2026',
      '21–27 September 2026',
      '28 September – 4 October 2026',
      '5–11 October 2026',
      '12–18 October 2026',
      '19–25 October 2026',
      '26 October – 1 November 2026',
      '2–8 November 2026',
      '9–15 November 2026',
    ]);
    // An issue's views are its copies opened, each once: (80 + 20 + 50) / 2.
    expect(rowFor(table, '26 October – 1 November 2026')).toEqual(['26 October – 1 November 2026', '75']);
    expect(rowFor(table, '24–30 August 2026')).toEqual(['24–30 August 2026', '0']);
    expect(within(panel('AVERAGE VIEWS')).getByText('10% machine opens filtered')).toBeTruthy();
  });

  it('only logs a failure', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    issueIdsAnswer = { status: 500, body: { err: 'boom', msg: 'Something broke.' } };
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
  it("counts the publisher's newsletters together", async () => {
    signIn({ beta: true });
    const location = memoryLocation({ path: '/publishers/show/p1/analytics' });
    render(
      <Router hook={location.hook}>
        <Route path="/publishers/show/:publisherId/analytics">
          <PublisherAnalyticsPage />
        </Route>
      </Router>,
    );
    await waitForPanels();
    expect(asked[0]!.path).toBe('/api/newsletters/list');
    expect(asked[0]!.query).toMatchObject({ publisher: 'p1' });
    expect(filtersOf('open')[0]).toMatchObject({ contextIds: ['n2', 'n1'] });
    expect(filtersOf('subscriber')[0]).toMatchObject({ subscriber: { newsletterIds: ['n2', 'n1'] } });
    // The subscription query takes one newsletter: one call each, summed.
    expect(filtersOf('subscription').map((filter) => (filter.subscription as { subscribableId: string }).subscribableId)).toEqual(['n2', 'n1', 'n2', 'n1']);
    expect(rowFor(await tableOf('SUBSCRIPTIONS'), '9–15 November 2026')).toEqual(['9–15 November 2026', '8']);
    expect(filtersOf('cancellation')[0]).toMatchObject({ cancellation: { cancellableIds: ['n2', 'n1'] } });

    fireEvent.click(screen.getByRole('switch', { name: 'Beta analytics' }));
    await waitFor(() => expect(bodiesOf('/api/statistics/generate')).toHaveLength(1));
    expect(bodiesOf('/api/statistics/generate')[0]).toMatchObject({ model: 'Publisher', parent: 'p1' });
  });
});
