/**
 * Subscribers: an editor finds the weekly spotlight on the newsletter dashboard, follows 'See
 * subscribers', pages through the table, imports a CSV (a good file: a toast with the counts; a
 * file with bad rows: each row's problem listed, nothing imported) and exports the CSV.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { readFileSync } from 'node:fs';
import { accounts, expectToast, keepScreenshot, signIn } from './helpers';

const rows = (page: Page) => page.getByRole('grid', { name: 'Subscribers' }).locator('.ms-DetailsRow');
const csv = (name: string, text: string) => ({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });

test('an editor pages through, imports and exports the subscribers', async ({ page }) => {
  await signIn(page, accounts.editor);
  await expect(page.getByRole('heading', { name: 'Sabah Bülteni', level: 1 })).toBeVisible();

  // The spotlight: a year of demo sign-ups, so the figures show.
  const spotlight = page.getByRole('region', { name: 'Weekly Spotlight' });
  await expect(spotlight.getByRole('group', { name: 'By e-mail' })).toContainText('since last week');
  await expect(spotlight.getByRole('group', { name: 'By notification' })).toBeVisible();
  await spotlight.getByRole('link', { name: 'See subscribers' }).click();

  await expect(page).toHaveURL(/\/newsletters\/show\/[^/]+\/subscribers$/);
  await expect(page.getByRole('heading', { name: 'Subscribers', level: 1 })).toBeVisible();
  await expect(page.getByText('4,000 subscribers')).toBeVisible();
  for (const header of ['TYPE', 'NAME', 'EMAIL ADDRESS', 'CITY', 'SIGN-UP DATE']) {
    await expect(page.getByRole('columnheader', { name: header })).toBeVisible();
  }
  await expect(rows(page)).toHaveCount(10);
  await expect(rows(page).first()).toContainText('FREE');
  // Dates in the console's language (the browser's, English): '12 November 2026'.
  await expect(rows(page).first()).toContainText(/\d{1,2} (January|February|March|April|May|June|July|August|September|October|November|December) \d{4}/);

  // Paging: 400 pages of 10.
  const firstOnPageOne = await rows(page).first().innerText();
  const pages = page.getByRole('navigation', { name: 'Pages' });
  await expect(pages.getByRole('button', { name: 'Page 400' })).toBeVisible();
  await pages.getByRole('button', { name: 'Next page' }).click();
  await expect(pages.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  await expect(rows(page).first()).not.toHaveText(firstOnPageOne);
  await expect(rows(page)).toHaveCount(10);

  // A good file: two new subscribers on top of the list.
  const fileInput = page.getByLabel('CSV file');
  await fileInput.setInputFiles(
    csv('yeni-aboneler.csv', 'Email,Name,City\nselin.ozturk@example.com,Selin Öztürk,İzmir\nkaan.yurt@example.com,Kaan Yurt,Ankara\n'),
  );
  await expectToast(page, '2 subscribers imported, 0 skipped (already subscribed).');
  await expect(pages.getByRole('button', { name: 'Page 1', exact: true })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByText('4,002 subscribers')).toBeVisible();
  await expect(rows(page).filter({ hasText: 'selin.ozturk@example.com' })).toContainText('Selin Öztürk');

  // A file with bad rows: every problem listed, nothing imported.
  await fileInput.setInputFiles(csv('hatali.csv', 'email,name\nbir@example.com,Bir\nbozuk-adres,İki\nuc@example.com,Üç\nbir@example.com,Dört\n'));
  const dialog = page.getByRole('dialog', { name: 'Import Errors' });
  await expect(dialog.getByRole('listitem')).toHaveText(['Row 3: Email is not valid.', 'Row 5: Email is repeated (first on row 2).']);
  await keepScreenshot(page, 'subscribers-import-errors');
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText('4,002 subscribers')).toBeVisible();

  // Search by the start of a name.
  await page.getByRole('searchbox', { name: 'Search subscribers' }).fill('selin öz');
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('selin.ozturk@example.com');
  await page.getByRole('searchbox', { name: 'Search subscribers' }).fill('');
  await expect(page.getByText('4,002 subscribers')).toBeVisible();

  // The export: every subscriber, the header first.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'EXPORT CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^sabah-bulteni-subscribers-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = readFileSync((await download.path())!, 'utf8')
    .trimEnd()
    .split('\n');
  expect(lines[0]).toBe('email,name,city,created_at');
  expect(lines).toHaveLength(4003);
  expect(
    lines
      .slice(1, 3)
      .map((line) => line.split(',')[0])
      .sort(),
  ).toEqual(['kaan.yurt@example.com', 'selin.ozturk@example.com']);

  await keepScreenshot(page, 'subscribers');
});
