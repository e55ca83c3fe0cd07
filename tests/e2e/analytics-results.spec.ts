/**
 * Analytics a publisher reads in ten seconds (issue 30), on the demo data in Chromium: an e-mailed
 * issue's results at the top of its analytics, the newsletter's latest issues with their rates,
 * and the publisher's charts, each checked against what the API answers, written in the console's
 * language (in an English browser, English: '41.2%', '2,751'). Every chart names its series and marks the running period
 * 'so far'. The three pages are kept as screenshots at 1440, 768 and 375 pixels, checked with axe
 * at the first (widths.spec.ts checks them with axe at a phone's width). Each page is a test of its
 * own, so that two workers share them.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { accounts, follow, keepScreenshot, saveScreenshot, signIn } from './helpers';

interface Results {
  sent: number;
  delivered: number;
  openRate: number | null;
  clickRate: number | null;
  unsubscribeRate: number | null;
  bounceRate: number | null;
  complaints: number;
}
interface ListedIssue {
  _id: string;
  subject: string;
  key: string;
  results: Results;
}

// The console's language is the browser's (English here): numbers and rates as Intl writes them there.
const count = (value: number) => new Intl.NumberFormat('en-US').format(value);
const rate = (ratio: number | null) => (ratio === null ? '—' : new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 1 }).format(ratio));

const widths = [1440, 768, 375];

async function api<T>(page: Page, path: string): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  const answer = await page.request.get(`/api${path}`, { headers: { authorization: `Bearer ${token}` } });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { data: T }).data;
}

/** Every chart on the page has drawn (no skeleton left), names each of its series, and none is 'null'. */
async function expectNamedCharts(page: Page, titles: string[]) {
  for (const title of titles) {
    const panel = page.getByRole('region', { name: title, exact: true });
    // The figure first: before the page has drawn its panels there is no skeleton to count either.
    const figure = panel.getByRole('figure');
    await expect(figure).toBeAttached();
    await expect(panel.getByRole('status')).toHaveCount(0);
    const names = await figure.locator('thead th').allTextContents();
    expect(names.length, `${title} has a series`).toBeGreaterThan(0);
    for (const name of names) expect(name.trim(), `${title} names its series`).not.toMatch(/^(null|undefined|)$/);
  }
}

/** Keeps the page at each width, from the top: checked with axe at the first, as keepScreenshot does. */
async function keepAtEachWidth(page: Page, name: string) {
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    await page.evaluate(() => window.scrollTo(0, 0));
    if (width === widths[0]) await keepScreenshot(page, `${name}-${width}`);
    else await saveScreenshot(page, `${name}-${width}`);
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

/** Signs the director in and answers Sabah Bülteni's id and its e-mailed issues, newest first. */
async function sabahBulteni(page: Page): Promise<{ newsletterId: string; emailed: ListedIssue[] }> {
  await signIn(page, accounts.director);
  await expect(page.getByRole('button', { name: 'Switch scope' })).toBeVisible();
  const scopes = (await api<{ scopes: { _id: string; title: string; publisher?: string }[] }>(page, '/auth/verify')).scopes;
  const newsletterId = scopes.find((scope) => scope.title === 'Sabah Bülteni')!._id;
  const issues = await api<ListedIssue[]>(page, `/issues/list?newsletter=${newsletterId}&status.published=true&desc=true&limit=10`);
  const emailed = issues.filter((issue) => issue.results.delivered > 0);
  expect(emailed.length).toBeGreaterThan(1);
  return { newsletterId, emailed };
}

test.describe.configure({ mode: 'parallel' });

test("the issue's analytics and the issue list show the API's rates in the console's language", async ({ page }) => {
  const { newsletterId, emailed } = await sabahBulteni(page);

  // The issue's analytics: its results first, as the API counts them.
  const issue = emailed[0]!;
  const { results } = await api<{ results: Results }>(page, `/issues/list/${issue._id}?updateStats=true`);
  await follow(page, `/issues/show/${issue._id}/analytics`);
  const panel = page.getByRole('region', { name: 'Results' });
  await expect(panel.getByRole('group', { name: 'Sent' })).toContainText(count(results.sent));
  await expect(panel.getByRole('group', { name: 'Delivered' })).toContainText(count(results.delivered));
  await expect(panel.getByRole('group', { name: 'Open rate' })).toContainText(rate(results.openRate));
  await expect(panel.getByRole('group', { name: 'Click rate' })).toContainText(rate(results.clickRate));
  await expect(panel.getByRole('group', { name: 'Unsubscribe rate' })).toContainText(rate(results.unsubscribeRate));
  await expect(panel.getByRole('group', { name: 'Bounced' })).toContainText(rate(results.bounceRate));
  await expect(panel.getByRole('group', { name: 'Complaints' })).toContainText(count(results.complaints));
  await expectNamedCharts(page, ['OPENS BY DEVICE', 'OPENS BY SOURCE', 'OPENS AND CLICKS']);
  await keepAtEachWidth(page, 'analytics-issue-results');

  // The issue list compares the same rates at a glance.
  await follow(page, `/newsletters/show/${newsletterId}/issues`);
  await page.getByRole('button', { name: 'List view' }).click();
  const row = page
    .getByRole('row')
    .filter({ hasText: issue.subject || issue.key })
    .first();
  await expect(row).toContainText(rate(issue.results.openRate));
  await expect(row).toContainText(rate(issue.results.clickRate));
});

test("the newsletter's analytics show each latest issue's rates, and name every chart's series", async ({ page }) => {
  const { newsletterId, emailed } = await sabahBulteni(page);
  await follow(page, `/newsletters/show/${newsletterId}/analytics`);
  const latest = page.getByRole('region', { name: 'ISSUES' });
  for (const each of emailed) {
    const line = latest.getByRole('listitem').filter({ has: page.getByRole('link', { name: each.subject || each.key, exact: true }) });
    await expect(line).toContainText(`Open rate ${rate(each.results.openRate)} · Click rate ${rate(each.results.clickRate)}`);
  }
  await expectNamedCharts(page, ['SUBSCRIBERS', 'SUBSCRIPTIONS', 'UNSUBSCRIPTION', 'TOTAL READS', 'TOTAL CLICKS']);
  // The running week is drawn apart and says so, never as a fall.
  await expect(page.getByRole('region', { name: 'TOTAL READS', exact: true }).getByText('so far').first()).toBeAttached();
  await keepAtEachWidth(page, 'analytics-newsletter-rates');
});

test("the publisher's analytics show its newsletters together, every chart's series named", async ({ page }) => {
  const { newsletterId } = await sabahBulteni(page);
  const publisherId = (await api<{ publisher: string }>(page, `/newsletters/list/${newsletterId}`)).publisher;
  await follow(page, `/publishers/show/${publisherId}/analytics`);
  await expectNamedCharts(page, ['SUBSCRIBERS', 'SUBSCRIPTIONS', 'UNSUBSCRIPTION', 'TOTAL READS', 'TOTAL CLICKS']);
  await keepAtEachWidth(page, 'analytics-publisher');
});
