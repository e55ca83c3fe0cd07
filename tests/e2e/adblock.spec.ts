import { expect, test } from './fixtures';
import { accounts, editorLoad, keepScreenshot, signIn } from './helpers';

// The dialog's chunk loads only once a blocker is found: a busy 2-core machine has taken over 10 s to fetch and compile it.
const dialogLoad = editorLoad;

const bait = '**/ads/adsbygoogle.js';
// A blocking Fluent dialog: its role is alertdialog, and its root has no box of its own (the content is fixed),
// so visibility is checked on the title inside.

test.describe('ad blocker', () => {
  test('no dialog when nothing blocks the bait file', async ({ page }) => {
    const baitAnswer = page.waitForResponse((response) => response.url().endsWith('/ads/adsbygoogle.js'));
    await signIn(page, accounts.editor);
    expect((await baitAnswer).ok()).toBe(true);
    await expect(page.getByRole('heading', { name: 'Sabah Bülteni', level: 1 })).toBeVisible();
    await expect(page.getByRole('alertdialog', { name: 'AdBlock Detected' })).toHaveCount(0);
  });

  test("the dialog appears, and 'Continue anyway' is remembered", async ({ page }) => {
    await page.route(bait, (route) => route.abort());
    await signIn(page, accounts.editor);
    const dialog = page.getByRole('alertdialog', { name: 'AdBlock Detected' });
    await expect(dialog.getByRole('heading', { name: 'AdBlock Detected' })).toBeVisible(dialogLoad);
    await expect(dialog.getByRole('button', { name: "I've disabled AdBlock" })).toBeVisible();
    await keepScreenshot(page, 'adblock');

    await dialog.getByRole('button', { name: 'Continue anyway' }).click();
    await expect(dialog).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('adblock-continue'))).toBe('true');

    const baitRequests: string[] = [];
    page.on('request', (request) => request.url().includes('/ads/adsbygoogle.js') && baitRequests.push(request.url()));
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Sabah Bülteni', level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expect(dialog).toHaveCount(0);
    // The choice stands: the console does not even ask for the bait file again.
    expect(baitRequests).toEqual([]);
  });

  test("'I've disabled AdBlock' reloads the console", async ({ page }) => {
    await page.route(bait, (route) => route.abort());
    await signIn(page, accounts.editor);
    const dialog = page.getByRole('alertdialog', { name: 'AdBlock Detected' });
    await expect(dialog.getByRole('heading', { name: 'AdBlock Detected' })).toBeVisible(dialogLoad);

    // The user turns the blocker off, then says so.
    await page.unroute(bait);
    const baitAnswer = page.waitForResponse((response) => response.url().endsWith('/ads/adsbygoogle.js'));
    await Promise.all([page.waitForEvent('load'), dialog.getByRole('button', { name: "I've disabled AdBlock" }).click()]);
    expect((await baitAnswer).ok()).toBe(true);
    await expect(page.getByRole('heading', { name: 'Sabah Bülteni', level: 1 })).toBeVisible();
    await expect(dialog).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('adblock-continue'))).toBeNull();
  });
});
