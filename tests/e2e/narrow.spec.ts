/**
 * The console on a phone (issue 31): below 768 pixels the sidebar is a drawer behind the top bar's
 * menu button, the page takes the whole width, and following a link in the drawer closes it.
 */
import { expect, test } from './fixtures';
import { accounts, keepScreenshot, signIn } from './helpers';

test.use({ viewport: { width: 375, height: 812 } });

test('a narrow window opens the menu as a drawer, and a link followed closes it', async ({ page }) => {
  await signIn(page, accounts.director);
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
  await expect(menu).toHaveCount(0);
  // Once the home page's panels are in, the page is the window's width: nothing scrolls sideways.
  await expect(page.getByText('Sabah Bülteni', { exact: true }).first()).toBeVisible();
  await keepScreenshot(page, 'narrow-home');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(menu).toBeVisible();
  await keepScreenshot(page, 'narrow-drawer');
  await menu.getByRole('link', { name: 'Analytics' }).click();
  await expect(page).toHaveURL(/\/analytics$/);
  await expect(menu).toHaveCount(0);

  // Wider than a tablet, the sidebar is back beside the page.
  await page.setViewportSize({ width: 1024, height: 800 });
  await expect(menu).toBeVisible();
  await expect(page.getByRole('button', { name: 'Open menu' })).toHaveCount(0);
});
