/**
 * Feedback (spec 002 section 2.12): an author reports a bug from the profile menu and from the
 * beta banner (the validation messages first), and an admin finds it in the list and marks it done.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { accounts, closeToasts, expectToast, keepScreenshot, signIn, signInAsAdmin, signOut } from './helpers';

const sent = 'Thank you! Your feedback is sent.';

async function fillAndSend(page: Page, dialog: ReturnType<Page['getByRole']>, values: { product: string; title: string; description: string }) {
  await dialog.getByRole('combobox', { name: 'PRODUCT' }).click();
  await page.getByRole('option', { name: values.product, exact: true }).click();
  await dialog.getByRole('textbox', { name: 'TITLE' }).fill(values.title);
  await dialog.getByRole('textbox', { name: 'DESCRIPTION' }).fill(values.description);
  await dialog.getByRole('button', { name: 'SEND' }).click();
}

test.describe('feedback', () => {
  test('an author reports bugs; an admin marks one done', async ({ page }) => {
    // Over 20 s in a full run on two cores (a third of the default minute): two accounts, two dialogs, a list.
    test.slow();
    const stamp = Date.now();
    const fromMenu = `Kaydet düğmesi yanıt vermiyor ${stamp}`;
    const fromBanner = `Görsel seçici boş açılıyor ${stamp}`;

    await signIn(page, accounts.author);
    await expect(page.getByRole('button', { name: 'Profile menu' })).toBeVisible();

    // From the profile menu: the messages first, then it is sent.
    await page.getByRole('button', { name: 'Profile menu' }).click();
    await expect(page.getByRole('menuitem', { name: 'Give Feedback' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Request a Feature' })).toBeVisible();
    await page.getByRole('menuitem', { name: 'Report a Bug' }).click();
    // Fluent's role=dialog element has no size of its own: look at what it holds.
    let dialog = page.getByRole('dialog', { name: 'Report a Bug' });
    await expect(dialog.getByRole('button', { name: 'SEND' })).toBeVisible();
    await dialog.getByRole('button', { name: 'SEND' }).click();
    await expectToast(page, 'Error!');
    await expect(dialog.getByText('Please choose a product.')).toBeVisible();
    await expect(dialog.getByText('The title must be at least 3 characters.')).toBeVisible();
    await expect(dialog.getByText('The description must be at least 10 characters.')).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'See all feedback' })).toHaveCount(0);
    await keepScreenshot(page, 'feedback-dialog');
    await fillAndSend(page, dialog, { product: 'Console', title: fromMenu, description: 'Profil sayfasında SAVE düğmesine bastığımda hiçbir şey olmuyor.' });
    await expectToast(page, sent);
    await expect(dialog).toHaveCount(0);

    // From the beta banner.
    const banner = page.getByTestId('beta-banner');
    await expect(banner.getByText('Give Feedback')).toBeVisible();
    await banner.getByText('Report a Bug').click();
    dialog = page.getByRole('dialog', { name: 'Report a Bug' });
    await expect(dialog.getByRole('button', { name: 'SEND' })).toBeVisible();
    await dialog.getByRole('combobox', { name: 'PRODUCT' }).click();
    await page.getByRole('option', { name: 'Stories', exact: true }).click();
    await dialog.getByRole('textbox', { name: 'TITLE' }).fill('ab');
    await dialog.getByRole('textbox', { name: 'DESCRIPTION' }).fill('Seçici açıldığında görseller birkaç saniye görünmüyor.');
    await dialog.getByRole('button', { name: 'SEND' }).click();
    await expect(dialog.getByText('The title must be at least 3 characters.')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'TITLE' }).fill(fromBanner);
    await expect(dialog.getByText('The title must be at least 3 characters.')).toHaveCount(0);
    await dialog.getByRole('button', { name: 'SEND' }).click();
    await expectToast(page, sent);
    await expect(dialog).toHaveCount(0);
    await signOut(page);

    // The admin: reached from the feedback dialog, newest first, the status changed in place.
    await signInAsAdmin(page, 'Kuzey Medya');
    await page.getByRole('button', { name: 'Profile menu' }).click();
    await page.getByRole('menuitem', { name: 'Give Feedback' }).click();
    await page.getByRole('dialog', { name: 'Give Feedback' }).getByRole('link', { name: 'See all feedback' }).click();
    await expect(page).toHaveURL(/\/admin\/feedback$/);
    await expect(page.getByRole('heading', { name: 'Feedback', level: 1 })).toBeVisible();
    const rows = page.getByRole('grid', { name: 'Feedback' }).getByRole('row');
    const bannerRow = rows.filter({ hasText: fromBanner });
    const menuRow = rows.filter({ hasText: fromMenu });
    await expect(bannerRow).toContainText(accounts.author);
    await expect(bannerRow).toContainText('Stories');
    await expect(bannerRow).toContainText('Bug');
    await expect(menuRow).toContainText('Console');
    await expect(rows.nth(1)).toContainText(fromBanner);

    await menuRow.getByRole('combobox', { name: `Status of ${fromMenu}` }).click();
    await page.getByRole('option', { name: 'Done' }).click();
    await expectToast(page, 'The status is updated.');
    await expect(menuRow.getByRole('combobox', { name: `Status of ${fromMenu}` })).toContainText('Done');

    await page.getByRole('combobox', { name: 'Status', exact: true }).click();
    await page.getByRole('option', { name: 'Done' }).click();
    await expect(menuRow).toBeVisible();
    await expect(bannerRow).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Feedback', level: 1 })).toBeVisible();
    await expect(rows.filter({ hasText: fromMenu }).getByRole('combobox', { name: `Status of ${fromMenu}` })).toContainText('Done');
    await page.getByRole('combobox', { name: 'Status', exact: true }).click();
    await page.getByRole('option', { name: 'All statuses' }).click();
    await expect(bannerRow.getByRole('combobox', { name: `Status of ${fromBanner}` })).toContainText('New');
    await closeToasts(page);
    await keepScreenshot(page, 'feedback');
  });
});
