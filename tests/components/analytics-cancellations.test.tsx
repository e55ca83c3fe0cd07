// @vitest-environment happy-dom
/**
 * The cancellation table (issue 30, 'Who left'): each row names who left by name and address (the
 * subscription rows' _id), the date in the spec's 'dddd, MMMM Do HH:mm, YYYY' in the console's
 * language (English in an English browser, Turkish when the user chose it), a message under a date field
 * whose day is out of bounds, a reason when nobody left, and the table downloaded as CSV.
 */
import { setIconOptions } from '@fluentui/react';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { csvText } from '../../core/client/csv';
import { constants } from '../../core/shared/config';

const origin = 'http://localhost';
// Wednesday 18 November 2026.
const now = new Date(2026, 10, 18, 10, 0, 0);
const [first, second] = constants.audience.cancellationReasons;
let rows: unknown[] = [];

const server = setupServer(http.post(`${origin}/api/analytics/filter`, () => HttpResponse.json({ data: { result: rows } })));

let CancellationView: typeof import('../../plugins/analytics/client/CancellationView').CancellationView;
let FetchQueueProvider: typeof import('../../plugins/analytics/client/fetch-queue').FetchQueueProvider;
let format: typeof import('../../core/client/format');
let dates: typeof import('../../core/client/format-dates');
let stores: typeof import('../../core/client/stores');
let words: typeof import('../../core/client/words');

beforeAll(async () => {
  setIconOptions({ disableWarnings: true });
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(`${origin}/newsletters/show/n1/analytics`);
  server.listen({ onUnhandledRequest: 'error' });
  ({ CancellationView } = await import('../../plugins/analytics/client/CancellationView'));
  ({ FetchQueueProvider } = await import('../../plugins/analytics/client/fetch-queue'));
  format = await import('../../core/client/format');
  dates = await import('../../core/client/format-dates');
  stores = await import('../../core/client/stores');
  words = await import('../../core/client/words');
});
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
  vi.setSystemTime(now);
  constants.statistics.fetchSpacingMs = 5;
  rows = [
    { subscriber_id: 'ada.kara@example.com', name: 'Ada Kara', reason: first, date: '2026-11-16 08:00:00', source: 'email' },
    { subscriber_id: 'can.ak@example.com', name: 'Can Ak', reason: second, date: '2026-11-17 09:05:00', source: 'web' },
  ];
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
  localStorage.clear();
  stores.store.set(format.langSettingAtom, null);
});
afterAll(() => server.close());

const limits = { minDate: new Date(2026, 8, 1), maxDate: now };
const open = (bounds = limits) =>
  render(
    <FetchQueueProvider>
      <CancellationView newsletterIds={['n1']} limits={bounds} />
    </FetchQueueProvider>,
  );
const table = (name = 'Cancellations') => screen.findByRole('grid', { name }, { timeout: 5000 });
/** What a date of the answers (UTC) reads as here, in the spec's pattern. */
const shown = (date: string, lang: 'tr' | 'en') => dates.formatDate(new Date(`${date.replace(' ', 'T')}Z`), dates.datePatterns.cancellation, lang);

describe('the cancellation table', () => {
  it('names who left by name and address, dated in the Turkish console', async () => {
    stores.store.set(format.langSettingAtom, 'tr');
    await words.loadWords('tr');
    open();
    const grid = await table('Ayrılmalar');
    expect(
      within(grid)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Ad', 'Abone kimliği', 'Neden', 'Tarih']);
    expect(within(grid).getByText('Ada Kara')).toBeTruthy();
    expect(within(grid).getByText('ada.kara@example.com')).toBeTruthy();
    expect(within(grid).getByText(shown('2026-11-17 09:05:00', 'tr'))).toBeTruthy();
    expect(shown('2026-11-17 09:05:00', 'tr')).toMatch(/^Salı, Kasım 17\. \d\d:05, 2026$/);
    // The range's fields are in Turkish too: their name and their days.
    expect(screen.getByRole('group', { name: 'Ayrılmaların tarih aralığı' }).textContent).toBe('20 Ekim 202618 Kasım 2026');
  });

  it("writes the date in English when that is the console's language", async () => {
    stores.store.set(format.langSettingAtom, 'en');
    open();
    const grid = await table();
    expect(within(grid).getByText(shown('2026-11-17 09:05:00', 'en'))).toBeTruthy();
    expect(shown('2026-11-17 09:05:00', 'en')).toMatch(/^Tuesday, November 17th \d\d:05, 2026$/);
  });

  it('downloads the table as CSV, with the same columns and texts', async () => {
    let saved: Blob | undefined;
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      saved = blob as Blob;
      return 'blob:cancellations';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    // The page stays where it is (happy-dom would follow the link).
    let savedAs = '';
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      savedAs = this.download;
    });
    open();
    await table();
    fireEvent.click(screen.getByRole('button', { name: 'Download CANCELLATIONS as CSV' }));
    expect(saved).toBeDefined();
    expect(savedAs).toBe('cancellations-2026-10-20-2026-11-18.csv');
    const text = (await saved!.text()).replace(/^\uFEFF/, '');
    expect(text).toBe(
      csvText([
        ['Name', 'Subscriber ID', 'Reason', 'Date'],
        ['Ada Kara', 'ada.kara@example.com', first!, shown('2026-11-16 08:00:00', 'en')],
        ['Can Ak', 'can.ak@example.com', second!, shown('2026-11-17 09:05:00', 'en')],
      ]),
    );
    expect(text).toContain('"Monday, November 16th ');
  });

  it('says why the table is empty, and offers no download', async () => {
    rows = [];
    open();
    await waitFor(() => expect(document.body.textContent).toContain('Nobody left in these dates'), { timeout: 5000 });
    // Said plainly: nobody left is a fact of these dates, not a chart that is not ready.
    expect(screen.getByRole('status').textContent).toBe('Nobody left in these dates: readers who unsubscribe appear here with their reason.');
    expect(screen.queryByText('Not Ready')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Download CANCELLATIONS as CSV' })).toBeNull();
  });

  it('starts on the last 30 days ending today, never on a day to come', async () => {
    open();
    const range = () => screen.getByRole('group', { name: 'Cancellations range' }).textContent;
    await waitFor(() => expect(range()).toBe('20 October 202618 November 2026'), { timeout: 5000 });
  });

  it('starts a newsletter made this week on the day it was made, with no field in error', async () => {
    // The newsletter began on Monday: the last 30 days start before it.
    open({ minDate: new Date(2026, 10, 16), maxDate: now });
    const range = () => screen.getByRole('group', { name: 'Cancellations range' }).textContent;
    await waitFor(() => expect(range()).toBe('16 November 202618 November 2026'), { timeout: 5000 });
    expect(screen.queryByText(/^Pick a day from/)).toBeNull();
  });
});
