/**
 * Issue 55 point 4: the demo director opens the publisher analytics and reads each newsletter's
 * subscribers, growth and rates in the table, equal to what the API answers for the page's range,
 * written as the English console writes them ('45.4% (2,381)'); sorts it by open rate; and on a
 * phone the page stays 375 px wide, the table scrolling in its own box.
 */
import { expect, test } from './fixtures';
import { accounts, signIn } from './helpers';

interface Row {
  _id: string;
  title: string;
  subscribers: number;
  growth: number;
  results: { opens: number; clickers: number; unsubscribes: number; openRate: number | null; clickRate: number | null; unsubscribeRate: number | null };
}

const count = (value: number) => value.toLocaleString('en-US');
const percent = (ratio: number) => new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 1 }).format(ratio);
/** A rate as the issue list writes it: the share and its people, '—' with nothing delivered. */
const rate = (ratio: number | null, people: number) => (ratio === null ? '—' : `${percent(ratio)} (${count(people)})`);
const signed = (value: number) => (value > 0 ? `+${count(value)}` : value < 0 ? `−${count(-value)}` : '0');

test("the publisher's newsletters side by side, as the API answers them, sortable, on a phone too", async ({ page }) => {
  const answered = page.waitForResponse((response) => /\/api\/publishers\/analytics\/[^/?]+\?/.test(response.url()));
  await signIn(page, accounts.director);
  const publisherId = await page.evaluate(async () => {
    const verify = await fetch('/api/auth/verify', { headers: { authorization: `Bearer ${localStorage.getItem('accessToken')}` } });
    return ((await verify.json()) as { data: { user: { publisher: string } } }).data.user.publisher;
  });
  await page.goto(`/publishers/show/${publisherId}/analytics`);
  const answer = await answered;
  expect(answer.status()).toBe(200);
  const rows = ((await answer.json()) as { data: Row[] }).data;
  // The demo's newsletters have issues e-mailed in the weekly window: rates to compare.
  expect(rows.filter((row) => row.results.openRate !== null).length).toBeGreaterThan(1);

  const grid = page.getByRole('grid', { name: 'NEWSLETTERS' });
  const cells = async () =>
    grid
      .getByRole('row')
      .filter({ has: page.getByRole('gridcell') })
      .evaluateAll((found) => found.map((row) => [...row.querySelectorAll('[role="gridcell"], [role="rowheader"]')].map((cell) => cell.textContent ?? '')));
  const written = (row: Row) => [
    row.title,
    count(row.subscribers),
    signed(row.growth),
    rate(row.results.openRate, row.results.opens),
    rate(row.results.clickRate, row.results.clickers),
    rate(row.results.unsubscribeRate, row.results.unsubscribes),
  ];
  // Most subscribers first.
  await expect.poll(cells).toEqual([...rows].sort((a, b) => b.subscribers - a.subscribers).map(written));

  // By open rate, highest first; again, lowest first; a newsletter with nothing delivered last either way.
  const byOpenRate = (highest: boolean) =>
    [...rows]
      .sort((a, b) => {
        const [first, second] = [a.results.openRate, b.results.openRate];
        if (first === null || second === null) return Number(first === null) - Number(second === null);
        return highest ? second - first : first - second;
      })
      .map((row) => row.title);
  await grid.getByRole('columnheader', { name: 'Open rate' }).click();
  await expect.poll(async () => (await cells()).map((row) => row[0])).toEqual(byOpenRate(true));
  await grid.getByRole('columnheader', { name: 'Open rate' }).click();
  await expect.poll(async () => (await cells()).map((row) => row[0])).toEqual(byOpenRate(false));

  // A phone: nothing wider than the window; the table keeps every column and scrolls in its box.
  await page.setViewportSize({ width: 375, height: 800 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expect(grid.getByRole('columnheader', { name: 'Unsubscribe rate' })).toHaveCount(1);
  const scrolls = await page
    .locator('.analytics-comparison')
    .evaluate((box) =>
      [box, ...box.querySelectorAll('*')].some((element) => element.scrollWidth > element.clientWidth + 1 && getComputedStyle(element).overflowX === 'auto'),
    );
  expect(scrolls).toBe(true);
});
