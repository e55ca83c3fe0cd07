import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { accounts, choosePublisher, keepScreenshot, openScopeMenu, signIn, signInAsAdmin } from './helpers';

const publisherHome = /\/publishers\/show\/([^/]+)$/;

async function homeId(page: Page): Promise<string> {
  await expect(page).toHaveURL(publisherHome);
  return publisherHome.exec(new URL(page.url()).pathname)![1]!;
}

test.describe('admin and publishers', () => {
  test('an admin searches the picker, selects a publisher and lands on its home', async ({ page }) => {
    await signIn(page, accounts.admin);
    const picker = page.getByRole('combobox', { name: 'Publisher' });
    await expect(picker).toBeVisible();
    await expect(page.getByRole('button', { name: 'SELECT' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Switch scope' })).toHaveCount(0);

    await picker.click();
    await expect(page.getByRole('option', { name: 'Ege Haber' })).toBeVisible();
    await expect(page.getByRole('option', { name: 'Kuzey Medya' })).toBeVisible();
    await picker.pressSequentially('Kuz');
    await keepScreenshot(page, 'publisher-picker');
    await page.getByRole('option', { name: 'Kuzey Medya' }).click();
    await expect(picker).toHaveValue('Kuzey Medya');
    await page.getByRole('button', { name: 'SELECT' }).click();

    await homeId(page);
    await expect(page.getByRole('heading', { name: 'Kuzey Medya', level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Change Publisher' })).toBeVisible();
    await expect(page.getByTestId('beta-banner')).toContainText('Masthead is in beta.');
    await keepScreenshot(page, 'publisher-home');
  });

  test('Change Publisher goes to the other publisher and back', async ({ page }) => {
    await signInAsAdmin(page, 'Kuzey Medya');
    await expect(page.getByRole('heading', { name: 'Kuzey Medya', level: 1 })).toBeVisible();
    const kuzeyId = await homeId(page);

    await page.getByRole('button', { name: 'Change Publisher' }).click();
    await expect(page).toHaveURL(/\/admin\/publishers\/$/);
    await expect(page.getByText('Change Publisher', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Cancel' })).toBeVisible();
    await choosePublisher(page, 'Ege Haber');
    await expect(page.getByRole('heading', { name: 'Ege Haber', level: 1 })).toBeVisible();
    const egeId = await homeId(page);
    expect(egeId).not.toBe(kuzeyId);
    // The scope switcher now holds the other publisher's scopes.
    expect(await openScopeMenu(page)).toEqual(['Ege Haber', 'Ege Gündem']);
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Change Publisher' }).click();
    await expect(page.getByRole('button', { name: 'SELECT' })).toBeVisible();
    await choosePublisher(page, 'Kuzey Medya');
    await expect(page.getByRole('heading', { name: 'Kuzey Medya', level: 1 })).toBeVisible();
    expect(await homeId(page)).toBe(kuzeyId);
  });

  test('Cancel on Change Publisher goes back to where the admin was', async ({ page }) => {
    await signInAsAdmin(page, 'Kuzey Medya');
    await expect(page.getByRole('heading', { name: 'Kuzey Medya', level: 1 })).toBeVisible();
    const kuzeyId = await homeId(page);
    await page.getByRole('button', { name: 'Change Publisher' }).click();
    await expect(page).toHaveURL(/\/admin\/publishers\/$/);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('heading', { name: 'Kuzey Medya', level: 1 })).toBeVisible();
    expect(await homeId(page)).toBe(kuzeyId);
  });

  test("the picker's Logout signs the admin out", async ({ page }) => {
    await signIn(page, accounts.admin);
    await expect(page.getByRole('combobox', { name: 'Publisher' })).toBeVisible();
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page.getByRole('button', { name: 'LOGIN' })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
    await page.reload();
    await expect(page.getByRole('button', { name: 'LOGIN' })).toBeVisible();
  });
});
