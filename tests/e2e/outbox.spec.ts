/**
 * The outbox (Masthead issue 14): the journeys' server has no SMTP server, so a password reset
 * e-mail is captured; an admin opens Outbox from the menu, finds it newest first, searches for
 * it, and reads it: its headers, its HTML in the sandboxed frame, and its text.
 */
import { expect, test } from './fixtures';
import { accounts, keepScreenshot, lastMailTo, saveScreenshot, signInAsAdmin, waitForMailTo } from './helpers';

const subject = 'Reset your Masthead password';

test.describe('outbox', () => {
  test('an admin reads the e-mail the server captured', async ({ page, request }) => {
    // A reset asked for, as the forgot screen does; the author's password stays as it is.
    const previousId = lastMailTo(accounts.author)?.id;
    expect((await request.put('/api/auth/password/forgot', { data: { email: accounts.author } })).status()).toBe(200);
    const mail = await waitForMailTo(accounts.author, previousId);

    await signInAsAdmin(page, 'Kuzey Medya');
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Outbox' }).click();
    await expect(page).toHaveURL(/\/outbox$/);
    await expect(page.getByRole('heading', { name: 'Outbox', level: 1 })).toBeVisible();
    await expect(page.getByText('No SMTP server is configured (SMTP_URL)')).toBeVisible();
    const grid = page.getByRole('grid', { name: 'Captured e-mail' });
    // Newest first: the first row after the header row is the mail just captured.
    const newest = grid.getByRole('row').nth(1);
    await expect(newest).toContainText(accounts.author);
    await expect(newest).toContainText(subject);

    // The search finds it by its recipient (after the debounce); a word in no message finds nothing.
    const search = page.getByRole('searchbox', { name: 'Search the outbox' });
    await search.fill('zzz-hiçbir-ileti');
    await expect(page.getByText('Nothing matches your search.')).toBeVisible();
    await search.fill(accounts.author);
    await expect(grid.getByRole('row').nth(1)).toContainText(accounts.author);
    // Every row but the header is a mail to the author.
    await expect(grid.getByRole('row').filter({ hasNotText: accounts.author })).toHaveCount(1);
    await keepScreenshot(page, 'outbox');

    // Opened: the headers, the HTML in a frame that runs no script, then the text.
    await grid.getByRole('row').nth(1).getByRole('link', { name: subject }).click();
    await expect(page).toHaveURL(new RegExp(`/outbox/${mail.id}$`));
    const panel = page.getByRole('dialog', { name: subject });
    const headers = panel.getByRole('definition');
    await expect(headers.filter({ hasText: accounts.author })).toHaveCount(1);
    await expect(headers.filter({ hasText: 'no-reply@masthead.local' })).toHaveCount(1);
    const frame = panel.locator('iframe');
    await expect(frame).toHaveAttribute('sandbox', '');
    await expect(page.frameLocator(`iframe[title="E-mail: ${subject}"]`).getByRole('link', { name: 'Reset my password' })).toBeVisible();
    // axe cannot enter a frame that allows no script: the panel is checked on its Text tab below.
    await saveScreenshot(page, 'outbox-message');

    await panel.getByRole('tab', { name: 'Text' }).click();
    await expect(frame).toHaveCount(0);
    await expect(panel.getByText(/\/forgot-password\?code=/)).toBeVisible();
    await keepScreenshot(page, 'outbox-message-text');

    await panel.getByRole('button', { name: 'Close' }).click();
    await expect(page).toHaveURL(/\/outbox$/);
    await expect(panel).toHaveCount(0);
  });
});
