/**
 * Newsletters list (spec 000 section 2 'Lists', section 4 newsletter badge): the admin opens
 * /newsletters/list, searches (nothing happens at 2 characters, the list filters at 3), switches
 * to the list view (remembered after a reload), unpublishes a newsletter and sees DRAFT, publishes
 * it again, and opens a newsletter into its scope.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { closeToasts, expectToast, follow, keepScreenshot, signInAsAdmin } from './helpers';

const kuzeyNewsletters = ['Kültür Sanat Haftalık', 'Sabah Bülteni', 'Teknoloji Notları'];

const rowOf = (page: Page, title: string) => page.getByRole('grid').getByRole('row').filter({ hasText: title });

async function act(page: Page, title: string, action: string) {
  await page.getByRole('button', { name: `Actions for ${title}` }).click();
  await page.getByRole('menuitem', { name: action }).click();
}

test('the admin searches, switches to the list view, unpublishes and publishes a newsletter', async ({ page }) => {
  const searches: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/newsletters/list') searches.push(url.searchParams.get('search') ?? '');
  });
  // Time runs as usual, and the test can move it on past the search's debounce at once.
  await page.clock.install();

  await signInAsAdmin(page);
  await follow(page, '/newsletters/list');
  await expect(page.getByRole('heading', { name: 'Newsletters', level: 1 })).toBeVisible();
  const cards = page.getByTestId('newsletter-card');
  await expect(cards).toHaveCount(3);
  await expect(cards.getByRole('heading')).toHaveText(kuzeyNewsletters);
  await expect(cards.first().getByTestId('status-badge')).toHaveText('PUBLISHED');
  await keepScreenshot(page, 'newsletters-cards');

  // Two characters: no search goes out, even once the debounce has long passed, and all three stay.
  const search = page.getByRole('searchbox', { name: 'Search newsletters' });
  const before = searches.length;
  await search.fill('Te');
  // Two seconds of the page's time, at once: well past the search's 500 ms debounce (spec section 9).
  await page.clock.runFor(2_000);
  expect(searches.slice(before).filter(Boolean)).toEqual([]);
  await expect(cards).toHaveCount(3);
  // Three: the list filters, and its search is the first to go out since.
  const filtered = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/newsletters/list' && new URL(response.url()).searchParams.get('search') === 'Tek',
  );
  await search.fill('Tek');
  await filtered;
  expect(searches.slice(before).filter(Boolean)).toEqual(['Tek']);
  await expect(cards).toHaveCount(1);
  await expect(cards.getByRole('heading')).toHaveText('Teknoloji Notları');
  await search.fill('');
  await expect(cards).toHaveCount(3);

  // The list view, remembered after a reload.
  await page.getByRole('button', { name: 'List view' }).click();
  await expect(page.getByRole('grid')).toBeVisible();
  await expect(cards).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('grid')).toBeVisible();
  await expect(page.getByRole('button', { name: 'List view' })).toHaveAttribute('aria-pressed', 'true');
  for (const title of kuzeyNewsletters) await expect(rowOf(page, title).getByTestId('status-badge')).toHaveText('PUBLISHED');

  await act(page, 'Kültür Sanat Haftalık', 'Unpublish');
  await expectToast(page, 'Newsletter unpublished.');
  await expect(rowOf(page, 'Kültür Sanat Haftalık').getByTestId('status-badge')).toHaveText('DRAFT');
  await expect(rowOf(page, 'Sabah Bülteni').getByTestId('status-badge')).toHaveText('PUBLISHED');
  await closeToasts(page);
  await keepScreenshot(page, 'newsletters-list');

  await act(page, 'Kültür Sanat Haftalık', 'Publish');
  await expectToast(page, 'Newsletter published.');
  await expect(rowOf(page, 'Kültür Sanat Haftalık').getByTestId('status-badge')).toHaveText('PUBLISHED');

  // Open goes into the newsletter's scope.
  await act(page, 'Sabah Bülteni', 'Open');
  await expect(page).toHaveURL(/\/newsletters\/show\/[^/]+$/);
  await expect(page.getByRole('button', { name: 'Switch scope' })).toContainText('Sabah Bülteni');
});
