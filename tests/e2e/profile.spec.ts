import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { accounts, expectToast, follow, keepScreenshot, password, signIn, signInWithForm, signOut, userIdOf } from './helpers';

const socialUrlText = 'Your social URL must start with either "https://" or "http://"';

async function openMyProfile(page: Page) {
  await page.getByRole('button', { name: 'Profile menu' }).click();
  await page.getByRole('menuitem', { name: 'My Profile' }).click();
  await expect(page).toHaveURL(/\/users\/show\/[^/]+$/);
  const card = page.getByRole('region', { name: 'USER CREDENTIALS' });
  await expect(card.getByText('USER CREDENTIALS', { exact: true })).toBeVisible();
  return {
    card,
    name: card.getByPlaceholder('Type your name...'),
    bio: card.getByPlaceholder('Type your biography...'),
    url: card.getByPlaceholder('Type your social url...'),
    save: page.getByRole('button', { name: 'SAVE' }),
  };
}

test.describe('my profile', () => {
  test('checks the social URL and the name, then saves the profile', async ({ page }) => {
    await signIn(page, accounts.editor);
    await expect(page.getByRole('heading', { name: 'Sabah Bülteni', level: 1 })).toBeVisible();
    const form = await openMyProfile(page);
    await expect(form.card).toContainText(accounts.editor);
    await expect(form.name).not.toHaveValue('');
    const original = { name: await form.name.inputValue(), bio: await form.bio.inputValue(), url: await form.url.inputValue() };
    await keepScreenshot(page, 'profile');

    try {
      for (const bad of ['ftp://x', 'social.example']) {
        await form.url.fill(bad);
        await form.save.click();
        await expect(form.card.getByText(socialUrlText)).toBeVisible();
        await expectToast(page, 'Error!');
        await expectToast(page, socialUrlText);
      }
      // Editing the field takes its message away.
      await form.url.fill('https://example.org/emre');
      await expect(form.card.getByText(socialUrlText)).toHaveCount(0);

      await form.name.fill('');
      await form.save.click();
      await expect(form.card.getByText('Name cannot be empty.')).toBeVisible();
      await expectToast(page, 'Name cannot be empty.');

      await form.name.fill('Emre Demir Yeni');
      await form.bio.fill('Yeni biyografi.');
      await form.save.click();
      await expectToast(page, 'Your profile is saved.');
      await expect(form.card.getByText('Name cannot be empty.')).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Profile menu' })).toContainText('Emre Demir Yeni');

      // Saved on the server: a reload shows the new values.
      await page.reload();
      await expect(form.name).toHaveValue('Emre Demir Yeni');
      await expect(form.bio).toHaveValue('Yeni biyografi.');
      await expect(form.url).toHaveValue('https://example.org/emre');
    } finally {
      // All journeys share the demo accounts: the original profile comes back.
      await follow(page, '/');
      const again = await openMyProfile(page);
      await again.name.fill(original.name);
      await again.bio.fill(original.bio);
      await again.url.fill(original.url);
      await again.save.click();
      await expectToast(page, 'Your profile is saved.');
      await expect(page.getByRole('button', { name: 'Profile menu' })).toContainText(original.name);
    }
  });

  test("someone else's profile address, or a junk one, goes away to '/'", async ({ page, request }) => {
    const directorId = await userIdOf(request, accounts.director);
    await signIn(page, accounts.editor);
    await expect(page.getByRole('heading', { name: 'Sabah Bülteni', level: 1 })).toBeVisible();
    const home = page.url();

    await follow(page, `/users/show/${directorId}`);
    await expect(page).toHaveURL(home);
    await expect(page.getByRole('heading', { name: 'Sabah Bülteni', level: 1 })).toBeVisible();
    await expect(page.getByPlaceholder('Type your name...')).toHaveCount(0);

    await follow(page, '/users/show/junk');
    await expect(page).toHaveURL(home);
    await expect(page.getByPlaceholder('Type your name...')).toHaveCount(0);
  });

  // Toasts stand below the top bar: after a failed save the user can correct the form and save at once.
  test("an error toast does not cover the top bar's SAVE", async ({ page }) => {
    await signIn(page, accounts.editor);
    await expect(page.getByRole('heading', { name: 'Sabah Bülteni', level: 1 })).toBeVisible();
    const form = await openMyProfile(page);
    const original = await form.url.inputValue();
    await form.url.fill('ftp://x');
    await form.save.click();
    await expectToast(page, socialUrlText);
    await form.url.fill(original);
    // Fails: the toast intercepts the pointer for 7 seconds.
    await form.save.click({ timeout: 2_000 });
    await expectToast(page, 'Your profile is saved.');
  });

  test('changes the password: a wrong current one is refused, the other sessions end, the new one signs in', async ({ page, browser, request }) => {
    const email = 'burak.sahin@kuzeymedya.example';
    const changed = 'Changed-secret-9';
    // Another browser signed in as the same user before the change.
    const elsewhere = await (await browser.newContext()).newPage();
    await signIn(elsewhere, email, { ownSession: true });
    await expect(elsewhere.getByRole('button', { name: 'Profile menu' })).toBeVisible();

    await signIn(page, email);
    await expect(page.getByRole('button', { name: 'Profile menu' })).toBeVisible();
    await openMyProfile(page);
    const card = page.getByRole('region', { name: 'CHANGE PASSWORD' });
    try {
      await card.getByLabel('CURRENT PASSWORD').fill('Wrong-pass-1');
      await card.getByLabel('NEW PASSWORD', { exact: true }).fill(changed);
      await card.getByLabel('CONFIRM NEW PASSWORD').fill(changed);
      await card.getByRole('button', { name: 'CHANGE PASSWORD' }).click();
      await expect(card.getByText('Your current password is wrong.')).toBeVisible();

      await card.getByLabel('CURRENT PASSWORD').fill(password);
      await card.getByRole('button', { name: 'CHANGE PASSWORD' }).click();
      await expectToast(page, 'Your password is changed.');
      await keepScreenshot(page, 'profile-password-changed');

      // This session goes on with its new token; the other browser is back at the sign-in screen.
      await page.reload();
      await expect(page.getByRole('region', { name: 'USER CREDENTIALS' })).toBeVisible();
      await elsewhere.reload();
      await expect(elsewhere.getByRole('button', { name: 'LOGIN' })).toBeVisible();

      await signOut(page);
      await signInWithForm(page, email, changed);
      await expect(page.getByRole('button', { name: 'Profile menu' })).toBeVisible();
    } finally {
      // All journeys share the demo accounts: the demo password comes back.
      const login = await request.post('/api/auth/login', { data: { email, password: changed } });
      if (login.ok()) {
        const token = ((await login.json()) as { data: string }).data;
        await request.put('/api/auth/password/change', {
          headers: { authorization: `Bearer ${token}` },
          data: { currentPassword: changed, password, passwordConfirm: password },
        });
      }
      await elsewhere.context().close();
    }
  });
});
