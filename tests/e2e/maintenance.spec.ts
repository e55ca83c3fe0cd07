import { expect, test } from './fixtures';
import { accounts, keepScreenshot, setMaintenance, signIn, signInAsAdmin } from './helpers';

test.describe('maintenance', () => {
  test.afterEach(async ({ request }) => {
    // The features file is shared by the worker's journeys: maintenance always goes off again.
    await setMaintenance(request, false);
  });

  test('an editor sees the maintenance screen instead of the console', async ({ page, request }) => {
    await setMaintenance(request, true);
    await signIn(page, accounts.editor);
    await expect(page.getByRole('heading', { name: 'Bakımdayız' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Switch scope' })).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toHaveCount(0);
    await expect(page.getByTestId('beta-banner')).toHaveCount(0);
    await keepScreenshot(page, 'maintenance');
  });

  test('a signed-in editor gets the maintenance screen on reload, and the console back when it ends', async ({ page, request }) => {
    await signIn(page, accounts.editor);
    await expect(page.getByRole('heading', { name: 'Sabah Bülteni', level: 1 })).toBeVisible();

    await setMaintenance(request, true);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Bakımdayız' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Sabah Bülteni', level: 1 })).toHaveCount(0);

    await setMaintenance(request, false);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Sabah Bülteni', level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Bakımdayız' })).toHaveCount(0);
  });

  test('an admin still gets the normal console', async ({ page, request }) => {
    await setMaintenance(request, true);
    await signInAsAdmin(page, 'Kuzey Medya');
    await expect(page.getByRole('heading', { name: 'Kuzey Medya', level: 1 })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Kuzey Medya', level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Switch scope' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Bakımdayız' })).toHaveCount(0);
  });
});
