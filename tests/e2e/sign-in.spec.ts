import { expect, test } from './fixtures';
import { accounts, expectToast, keepScreenshot, password, signInWithForm } from './helpers';

test.describe('sign in', () => {
  test('shows each validation message of the login screen', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'LOGIN' }).click();
    await expect(page.getByText('Please type your registered e-mail.')).toBeVisible();
    await expect(page.getByText('Please type your password.')).toBeVisible();
    await page.getByLabel('E-mail').fill('not-an-email');
    await page.getByRole('textbox', { name: 'Password' }).fill('something');
    await page.getByRole('button', { name: 'LOGIN' }).click();
    await expect(page.getByText('Please type your registered e-mail.')).toBeVisible();
    await expect(page.getByText('Please type your password.')).toHaveCount(0);
    await keepScreenshot(page, 'login-validation');
  });

  test('says so when the password is wrong', async ({ page }) => {
    await signInWithForm(page, accounts.editor, 'Wrong-password-1');
    await expectToast(page, 'E-mail or password is wrong.');
    await expect(page.getByRole('button', { name: 'LOGIN' })).toBeVisible();
  });

  test('an editor signs in to a newsletter dashboard and stays signed in after a reload', async ({ page }) => {
    await signInWithForm(page, accounts.editor, password);
    await expect(page).toHaveURL(/\/newsletters\/show\/[^/]+$/);
    await expect(page.getByRole('heading', { name: 'Sabah Bülteni', level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Tips and Tricks' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toMatch(/^ey/);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Sabah Bülteni', level: 1 })).toBeVisible();
    await keepScreenshot(page, 'newsletter-dashboard');
  });
});
