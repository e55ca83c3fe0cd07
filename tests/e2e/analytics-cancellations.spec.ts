/**
 * Issue 55 point 3: a newsletter's cancellations open on the last 30 days ending today (not on a
 * week that reaches days to come), and show the demo's readers who left in those days: the donut's
 * reasons add up to what the analytics call answers for the same days, reason by reason.
 */
import { expect, test } from './fixtures';
import { accounts, constants, password, signIn } from './helpers';

interface CancellationRow {
  reason: string;
}

/** A day as the console's range fields write it in an English console: 'd MMMM yyyy'. */
const written = (day: Date) => `${day.getDate()} ${day.toLocaleString('en-US', { month: 'long' })} ${day.getFullYear()}`;
/** A day as the calls take it (the console's ranges.ts dayOf). */
const dayOf = (day: Date) => `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;

test("the cancellations open on the last 30 days ending today, with the demo's readers who left then", async ({ page, request }) => {
  const login = await request.post('/api/auth/login', { data: { email: accounts.director, password } });
  const headers = { authorization: `Bearer ${((await login.json()) as { data: string }).data}` };
  const newsletters = ((await (await request.get('/api/newsletters/list', { headers })).json()) as { data: { _id: string; key: string }[] }).data;
  const newsletter = newsletters.find((item) => item.key === 'sabah-bulteni')!;

  const today = new Date();
  const first = new Date(today.getFullYear(), today.getMonth(), today.getDate() - (constants.statistics.cancellationDays - 1));
  const answer = await request.post('/api/analytics/filter', {
    headers,
    data: {
      source: 'events',
      filter: {
        type: 'cancellation',
        cancellation: { date: { startAt: `${dayOf(first)}T00:00:00.000Z`, endAt: `${dayOf(today)}T23:59:59.999Z` }, cancellableIds: [newsletter._id] },
      },
    },
  });
  expect(answer.status()).toBe(200);
  const rows = ((await answer.json()) as { data: { result: CancellationRow[] } }).data.result;
  // The demo has readers who left in the last 30 days: the view is not an empty box.
  expect(rows.length).toBeGreaterThan(0);

  await signIn(page, accounts.director, { at: `/newsletters/show/${newsletter._id}/analytics` });
  const range = page.getByRole('group', { name: 'Cancellations range' });
  await expect(range.getByRole('combobox', { name: 'Cancellations from' })).toHaveText(written(first));
  await expect(range.getByRole('combobox', { name: 'Cancellations to' })).toHaveText(written(today));

  // The donut's table: each reason with its count, as many as the call answers for each.
  const donut = page.getByRole('figure', { name: 'Cancellation reasons' });
  const reasons = [...constants.audience.cancellationReasons, constants.audience.otherReason];
  const presets = new Set<string>(constants.audience.cancellationReasons);
  for (const reason of reasons) {
    const expected = rows.filter((row) => (presets.has(row.reason) ? row.reason : constants.audience.otherReason) === reason).length;
    await expect(donut.getByRole('row', { name: `${reason} ${expected.toLocaleString('en-US')}`, exact: true })).toHaveCount(1);
  }
  await expect(page.getByRole('grid', { name: 'Cancellations' })).toBeVisible();
});
