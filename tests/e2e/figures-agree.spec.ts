/**
 * One definition per figure, shown the same everywhere (issue 55): a demo issue's opens and clicks
 * (people, each copy once), their repeats and its machine share read the same on the issue list,
 * in the editor's statistics and on its analytics page (the results, the pies' and the chart's
 * notes over its whole life, the click map), and each is what the API answers. The publish page
 * says who a send goes to as the preflight counts it. In an English browser: '1,189', '19.7%'.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { accounts, editorLoad, follow, signIn } from './helpers';

interface Results {
  opens: number;
  clickers: number;
  machineOpenShare: number | null;
  machineClickShare: number | null;
  openRate: number | null;
  clickRate: number | null;
}
interface Stats {
  totalOpens: number;
  uniqueOpens: number;
  totalClicks: number;
  uniqueClicks: number;
}
interface ListedIssue {
  _id: string;
  subject: string;
  key: string;
  results: Results & { delivered: number };
}

const count = (value: number) => new Intl.NumberFormat('en-US').format(value);
const percent = (ratio: number | null) => (ratio === null ? '—' : new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 1 }).format(ratio));

async function api<T>(page: Page, path: string): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  const answer = await page.request.get(`/api${path}`, { headers: { authorization: `Bearer ${token}` } });
  expect(answer.status(), path).toBe(200);
  return ((await answer.json()) as { data: T }).data;
}

/** The lines every screen writes for the issue, from the API's figures. */
function linesOf(results: Results, stats: Stats) {
  return {
    opened: `${count(results.opens)} opened`,
    clicked: `${count(results.clickers)} clicked`,
    openRepeats: `${count(stats.totalOpens - stats.uniqueOpens)} repeat opens not counted`,
    clickRepeats: `${count(stats.totalClicks - stats.uniqueClicks)} repeat clicks not counted`,
    machineOpens: `${percent(results.machineOpenShare)} machine opens filtered`,
    machineClicks: `${percent(results.machineClickShare)} machine clicks filtered`,
  };
}

/** The results block (the editor's statistics, the analytics page): each figure with its notes. */
async function expectResults(page: Page, lines: ReturnType<typeof linesOf>, results: Results, within = page.getByRole('region', { name: 'Results' })) {
  const opens = within.getByRole('group', { name: 'Open rate' });
  await expect(opens).toContainText(percent(results.openRate));
  for (const line of [lines.opened, lines.openRepeats, lines.machineOpens]) await expect(opens.getByText(line, { exact: true })).toBeVisible();
  const clicks = within.getByRole('group', { name: 'Click rate' });
  await expect(clicks).toContainText(percent(results.clickRate));
  for (const line of [lines.clicked, lines.clickRepeats, lines.machineClicks]) await expect(clicks.getByText(line, { exact: true })).toBeVisible();
}

test("an issue's opens, clicks and machine share read the same on the issue list, in the editor and on its analytics, as the API answers them", async ({
  page,
}) => {
  await signIn(page, accounts.director);
  await expect(page.getByRole('button', { name: 'Switch scope' })).toBeVisible();
  const scopes = (await api<{ scopes: { _id: string; title: string }[] }>(page, '/auth/verify')).scopes;
  const newsletterId = scopes.find((scope) => scope.title === 'Sabah Bülteni')!._id;
  const listed = await api<ListedIssue[]>(page, `/issues/list?newsletter=${newsletterId}&status.published=true&desc=true&limit=10`);
  const issue = listed.find((each) => each.results.delivered > 0)!;
  const { results, stats } = await api<{ results: Results; stats: Stats }>(page, `/issues/list/${issue._id}?updateStats=true`);
  // The list and the issue call answer the same results.
  expect(issue.results).toMatchObject(results as unknown as Record<string, unknown>);
  const lines = linesOf(results, stats);
  expect(stats.totalOpens).toBeGreaterThan(stats.uniqueOpens);
  expect(results.machineOpenShare).toBeGreaterThan(0);

  // The issue list: each rate with its people, the machine share as the rate's tooltip.
  await follow(page, `/newsletters/show/${newsletterId}/issues`);
  await page.getByRole('button', { name: 'List view' }).click();
  const row = page
    .getByRole('row')
    .filter({ hasText: issue.subject || issue.key })
    .first();
  const openCell = row.getByText(`${percent(results.openRate)} (${count(results.opens)})`, { exact: true });
  await expect(openCell).toBeVisible();
  await expect(openCell).toHaveAttribute('title', lines.machineOpens);
  const clickCell = row.getByText(`${percent(results.clickRate)} (${count(results.clickers)})`, { exact: true });
  await expect(clickCell).toHaveAttribute('title', lines.machineClicks);

  // The editor's statistics.
  await follow(page, `/issues/edit/${issue._id}`);
  const statistics = page.getByTestId('issue-statistics');
  await expect(statistics).toBeVisible(editorLoad);
  await expectResults(page, lines, results, statistics);

  // The analytics page: the results, no second total, and the notes of the issue's whole life the same figures.
  await follow(page, `/issues/show/${issue._id}/analytics`);
  await expectResults(page, lines, results);
  await expect(page.getByText(/^Total (opens|clicks)\b/)).toHaveCount(0);
  await expect(page.getByRole('group', { name: /Total opens|Unique opens|Total clicks|Unique clicks/ })).toHaveCount(0);
  const notes = async (title: string) => page.getByRole('region', { name: title, exact: true }).locator('.analytics-note').allTextContents();
  const panel = (title: string) => page.getByRole('region', { name: title, exact: true });
  await expect(panel('OPENS BY DEVICE').getByRole('figure')).toBeAttached();
  expect(await notes('OPENS BY DEVICE')).toEqual(expect.arrayContaining([lines.machineOpens, lines.openRepeats]));
  await expect(panel('CLICKS BY DEVICE').getByRole('figure')).toBeAttached();
  expect(await notes('CLICKS BY DEVICE')).toEqual(expect.arrayContaining([lines.machineClicks, lines.clickRepeats]));
  // The chart opens on the issue's whole life: its notes are the issue's figures, not ones of some dates.
  await expect(panel('OPENS AND CLICKS').getByRole('figure')).toBeAttached();
  expect(await notes('OPENS AND CLICKS')).toEqual(expect.arrayContaining([lines.machineOpens, lines.openRepeats, lines.machineClicks, lines.clickRepeats]));
  await expect(panel('CLICK MAP').getByTestId('click-map-content')).toBeVisible();
  expect(await notes('CLICK MAP')).toEqual([lines.machineClicks]);
  // Every machine share on the page is one of the issue's two figures.
  const shares = await page.getByText(/machine (opens|clicks) filtered$/).allTextContents();
  expect(shares.length).toBeGreaterThan(4);
  for (const share of shares) expect([lines.machineOpens, lines.machineClicks]).toContain(share.replace(/^In these dates: /, ''));
  expect(shares.filter((share) => share.startsWith('In these dates'))).toEqual([]);
});

test('the publish page says who a send goes to as the preflight counts it', async ({ page }) => {
  await signIn(page, accounts.director);
  await expect(page.getByRole('button', { name: 'Switch scope' })).toBeVisible();
  const scopes = (await api<{ scopes: { _id: string; title: string }[] }>(page, '/auth/verify')).scopes;
  const newsletterId = scopes.find((scope) => scope.title === 'Sabah Bülteni')!._id;
  const drafts = await api<{ _id: string }[]>(page, `/issues/list?newsletter=${newsletterId}&status=draft&limit=1`);
  const preflight = await api<{ recipients: { email: number; notification: number }; suppressed: number }>(page, `/issues/preflight/${drafts[0]!._id}`);
  await follow(page, `/issues/edit/${drafts[0]!._id}/publish`);
  const summary = page.getByRole('region', { name: 'Summary' });
  await expect(summary).toContainText(
    `${count(preflight.recipients.email)} e-mail and ${count(preflight.recipients.notification)} app subscribers`,
    editorLoad,
  );
});
