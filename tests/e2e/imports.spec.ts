/**
 * Imports (issue 56), as a publisher coming from Ghost uses them: a director opens Import, picks
 * Ghost and a newsletter, chooses the site export (two posts) and the members CSV, checks them (a
 * dry run: the report says what an import would do, nothing is written), imports after the
 * confirmation, follows it to the end and reads the report, then finds the readers, with their
 * labels, on the newsletter's subscriber list. At 1440 px and on a 375 px phone, where the page
 * stays as wide as the screen.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { ghostExport } from '../api/imports/posts-fixtures';
import { ghostMembersCsv } from '../api/imports/members-fixtures';
import { expect, test } from './fixtures';
import { accounts, expectToast, follow, keepScreenshot, signIn } from './helpers';

/** The Ghost export of the journey at one width: two posts, and three members (one unsubscribed from e-mails). */
function ghostFiles(width: number): { files: string[]; members: string[] } {
  const dir = mkdtempSync(join(tmpdir(), 'masthead-ghost-'));
  const site = ghostExport(dir, [
    {
      id: `p1w${width}`,
      slug: `first-light-${width}`,
      title: `First light ${width}`,
      html: '<p>The first post.</p>',
      status: 'published',
      publishedAt: '2021-05-01T08:00:00.000Z',
    },
    {
      id: `p2w${width}`,
      slug: `second-wind-${width}`,
      title: `Second wind ${width}`,
      html: '<p>The second post.</p>',
      status: 'published',
      publishedAt: '2022-06-02T08:00:00.000Z',
    },
  ]);
  const members = [`leyla.${width}@example.com`, `omer.${width}@example.com`, `sena.${width}@example.com`];
  const csvPath = join(dir, 'members.csv');
  writeFileSync(
    csvPath,
    ghostMembersCsv([
      { email: members[0]!, name: `Leyla ${width}`, labels: ['Founding reader'], createdAt: '2021-01-01T00:00:00.000Z' },
      { email: members[1]!, name: `Ömer ${width}` },
      { email: members[2]!, name: `Sena ${width}`, subscribed: false },
    ]),
  );
  return { files: [site.path, csvPath], members };
}

async function chooseOption(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).click();
}

async function importFromGhost(page: Page, width: number, newsletter: string): Promise<void> {
  await page.setViewportSize({ width, height: 900 });
  await signIn(page, accounts.director);
  await page.waitForURL(/\/publishers\/show\/[^/]+$/);
  const publisherId = /\/publishers\/show\/([^/]+)$/.exec(page.url())![1]!;
  await follow(page, `/publishers/show/${publisherId}/imports`);
  await expect(page.getByRole('heading', { name: 'Import', level: 1 })).toBeVisible();

  const { files, members } = ghostFiles(width);
  await chooseOption(page, 'Source', 'Ghost');
  await chooseOption(page, 'Newsletter', newsletter);
  await expect(page.getByText('The site export (Settings → Import/Export: a .json file) and/or the members CSV (Members → Export).')).toBeVisible();
  await page.getByTestId('import-files').setInputFiles(files);
  await expect(page.getByText('old-site.ghost.2026-01-01.json, members.csv')).toBeVisible();

  // The check: the report of what an import would do, nothing written.
  await page.getByRole('button', { name: 'Check the files' }).click();
  await expectToast(page, 'The files are being checked.');
  const report = page.getByTestId('import-report');
  await expect(report.getByText(`Check of the files into ${newsletter}`)).toBeVisible();
  await expect(report.getByText('Nothing was written: this is what an import of these files would do.')).toBeVisible();
  await expect(report.getByRole('group', { name: 'Subscribers' })).toContainText('2');
  await expect(report.getByRole('group', { name: 'Stories' })).toContainText('2');

  // The import, after its confirmation.
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Import into ${newsletter}?` });
  await dialog.getByRole('button', { name: 'START THE IMPORT' }).click();
  await expectToast(page, 'The import is queued.');
  await expect(report.getByText(`Import into ${newsletter}`, { exact: true })).toBeVisible();
  await expect(report.getByText('Finished')).toBeVisible({ timeout: 30_000 });
  await expect(report.getByRole('group', { name: 'Subscribers' })).toContainText('2');
  await expect(report.getByRole('group', { name: 'Stories' })).toContainText('2');
  await expect(report.getByText('Imported as a subscriber.').first()).toBeVisible();
  await expect(report.getByText('Unsubscribed there: imported as unsubscribed, never mailed.')).toBeVisible();
  // The report by action: the members skipped or failed are none.
  await chooseOption(page, 'Show', 'Failed (0)');
  await expect(report.getByText('The report has no rows here.')).toBeVisible();
  await expect(page.getByText('Past imports')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  await keepScreenshot(page, `imports-report-${width}`);

  // The readers, with their labels, on the newsletter's subscriber list.
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  const verify = await (await page.request.get('/api/auth/verify', { headers: { authorization: `Bearer ${token}` } })).json();
  const newsletterId = (verify.data.scopes as { _id: string; title: string }[]).find((scope) => scope.title === newsletter)!._id;
  await follow(page, `/newsletters/show/${newsletterId}/subscribers`);
  await chooseOption(page, 'Filter by label', 'Founding reader');
  const rows = page.getByRole('grid', { name: 'Subscribers' }).locator('.ms-DetailsRow');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(members[0]!);
  await expect(rows.first()).toContainText('Founding reader');
}

test('a director imports a Ghost site export and members CSV at 1440 px: a check, then the import and its report', async ({ page }) => {
  await importFromGhost(page, 1440, 'Kültür Sanat Haftalık');
});

test('the same on a 375 px phone', async ({ page }) => {
  await importFromGhost(page, 375, 'Teknoloji Notları');
});
