import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectToast, keepScreenshot, lastMailTo, password, resetLinkIn, resetPasswordByApi, signInWithForm, signOut, waitForMailTo } from './helpers';

// Reset journeys use the other publisher's director, so the accounts the other journeys sign in with keep their password.
const email = 'director@egehaber.example';
const newPassword = 'Ege-Haber-new-2';
const passwordRule = 'Password must be minimum 8 characters and it should contain at least one uppercase, lowercase, number, and a symbol.';
const invalidLink = 'This reset link is not valid. Please ask for a new one.';

/** Asks for a reset link on /forgot, as a user would, and answers the e-mail that arrives. */
async function askForResetMail(page: Page) {
  const previousId = lastMailTo(email)?.id;
  await page.goto('/forgot');
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'SEND' }).click();
  await expectToast(page, 'We have sent an email to you. Check your inbox.');
  return waitForMailTo(email, previousId);
}

test.describe('password reset', () => {
  test('the forgot screen asks for a registered e-mail', async ({ page }) => {
    await page.goto('/');
    await keepScreenshot(page, 'login');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await expect(page).toHaveURL(/\/forgot$/);
    await page.getByRole('button', { name: 'SEND' }).click();
    await expect(page.getByText('Please type your registered e-mail.')).toBeVisible();
    await page.getByLabel('E-mail').fill('not-an-email');
    await page.getByRole('button', { name: 'SEND' }).click();
    await expect(page.getByText('Please type your registered e-mail.')).toBeVisible();
    await keepScreenshot(page, 'forgot');
    await page.getByRole('button', { name: 'Back to sign in' }).click();
    await expect(page.getByRole('button', { name: 'LOGIN' })).toBeVisible();
  });

  test('the forgot screen says the e-mail is sent, and it is', async ({ page, baseURL }) => {
    const mail = await askForResetMail(page);
    await expectToast(page, 'Success!');
    expect(mail.text).toContain(`${baseURL}/forgot-password?code=`);
    expect(resetLinkIn(mail.text)).toContain(`&email=${encodeURIComponent(email)}`);
  });

  test('the reset screen checks the new password and its confirmation', async ({ page }) => {
    await page.goto(`/forgot-password?code=not-checked-yet&email=${encodeURIComponent(email)}`);
    const fresh = page.getByRole('textbox', { name: 'New password', exact: true });
    const confirm = page.getByRole('textbox', { name: 'Confirm the new password' });
    await fresh.fill('short');
    await confirm.fill('short');
    await page.getByRole('button', { name: 'RESET PASSWORD' }).click();
    await expect(page.getByText(passwordRule)).toBeVisible();
    await expect(page.getByText("Passwords don't match.")).toHaveCount(0);

    await fresh.fill(newPassword);
    await confirm.fill(`${newPassword}x`);
    await page.getByRole('button', { name: 'RESET PASSWORD' }).click();
    await expect(page.getByText("Passwords don't match.")).toBeVisible();
    await expect(page.getByText(passwordRule)).toHaveCount(0);
    await keepScreenshot(page, 'reset');
  });

  test.describe('through the link in the e-mail', () => {
    test.afterAll(async ({ request }) => {
      // All journeys share one server: the demo password comes back.
      await resetPasswordByApi(request, email, password);
      expect((await request.post('/api/auth/login', { data: { email, password } })).status()).toBe(200);
    });

    test('sets the new password and signs in; the link does not work twice', async ({ page }) => {
      const link = resetLinkIn((await askForResetMail(page)).text);

      await page.goto(link);
      await expect(page.getByText(`For ${email}`)).toBeVisible();
      await page.getByRole('textbox', { name: 'New password', exact: true }).fill(newPassword);
      await page.getByRole('textbox', { name: 'Confirm the new password' }).fill(newPassword);
      await page.getByRole('button', { name: 'RESET PASSWORD' }).click();
      await expect(page).toHaveURL(/\/publishers\/show\/[^/]+$/);
      await expect(page.getByRole('heading', { name: 'Ege Haber', level: 1 })).toBeVisible();

      await signOut(page);
      await page.goto(link);
      await page.getByRole('textbox', { name: 'New password', exact: true }).fill('Another-pass-3');
      await page.getByRole('textbox', { name: 'Confirm the new password' }).fill('Another-pass-3');
      await page.getByRole('button', { name: 'RESET PASSWORD' }).click();
      await expectToast(page, invalidLink);
      await expect(page.getByRole('button', { name: 'RESET PASSWORD' })).toBeVisible();

      // The new password is the one that works now.
      await signInWithForm(page, email, password);
      await expectToast(page, 'E-mail or password is wrong.');
      await signInWithForm(page, email, newPassword);
      await expect(page.getByRole('heading', { name: 'Ege Haber', level: 1 })).toBeVisible();
    });
  });
});
