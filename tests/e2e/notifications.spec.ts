/**
 * Notifications (spec 002 section 2.13): the bell with the unread count, 'Only show unread',
 * Refresh, read and unread, in-app and https links, the empty text, and an admin's announcement
 * reaching an editor of the publisher and opening on /announcements/{id}.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { accounts, closeToasts, expectToast, keepScreenshot, signIn, signInAsAdmin, signOut } from './helpers';

const emptyText = "You don't have any new notifications yet.";

async function openBell(page: Page) {
  await page.getByRole('button', { name: /^Notifications/ }).click();
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  await expect(panel.getByRole('heading', { name: 'Notifications' })).toBeVisible();
  await expect(panel.getByTestId('notification').first().or(panel.getByText(emptyText))).toBeVisible();
  return panel;
}

const item = (page: Page, title: string) => page.getByRole('dialog', { name: 'Notifications' }).getByTestId('notification').filter({ hasText: title });

test.describe('notifications', () => {
  test('the editor reads, filters and follows notifications', async ({ page, context }) => {
    // The https notification opens another site in a new window: answer it here, offline.
    await context.route('https://www.w3.org/**', (route) => route.fulfill({ contentType: 'text/html', body: '<h1>Writing guide</h1>' }));
    await signIn(page, accounts.editor);
    await expect(page.getByRole('heading', { name: 'Sabah Bülteni', level: 1 })).toBeVisible();

    const badge = page.getByTestId('notifications-badge');
    await expect(badge).toHaveText(/^\d+$/);
    const unreadAtStart = Number(await badge.textContent());
    expect(unreadAtStart).toBeGreaterThan(0);

    const panel = await openBell(page);
    const items = panel.getByTestId('notification');
    const total = await items.count();
    expect(total).toBeGreaterThan(unreadAtStart);
    await expect(panel.getByRole('button', { name: 'Mark as read' })).toHaveCount(unreadAtStart);
    // The sender's initials: the admin's announcement comes from Deniz Aksoy.
    await expect(item(page, 'Bildirimler ve duyurular artık konsolda').getByText('DA', { exact: true })).toBeVisible();
    await keepScreenshot(page, 'notifications');

    // Only show unread: the read ones go.
    await panel.getByRole('switch', { name: 'Only show unread' }).click();
    await expect(items).toHaveCount(unreadAtStart);
    await expect(panel.getByText('Yeni görseller yüklendi')).toHaveCount(0);
    await panel.getByRole('switch', { name: 'Only show unread' }).click();
    await expect(items).toHaveCount(total);

    // An in-app link: followed in the console, and now read.
    await item(page, 'Teknoloji Notları ekibine eklendiniz')
      .getByRole('button', { name: /Teknoloji Notları ekibine eklendiniz/ })
      .click();
    await expect(page.getByRole('dialog', { name: 'Notifications' })).toHaveCount(0);
    await expect(page).toHaveURL(/\/newsletters\/show\/[^/]+$/);
    await expect(page.getByRole('heading', { name: 'Teknoloji Notları', level: 1 })).toBeVisible();
    await expect(badge).toHaveText(String(unreadAtStart - 1));
    await openBell(page);
    await expect(item(page, 'Teknoloji Notları ekibine eklendiniz').getByRole('button', { name: 'Mark as read' })).toHaveCount(0);

    // An https link: a new window, the console stays where it is.
    const popup = context.waitForEvent('page');
    await item(page, 'Yazım rehberi güncellendi')
      .getByRole('button', { name: /Yazım rehberi/ })
      .click();
    const guide = await popup;
    await expect(guide).toHaveURL(/^https:\/\/www\.w3\.org\//);
    await guide.close();
    await expect(page).toHaveURL(/\/newsletters\/show\/[^/]+$/);

    // The dot marks one read; in the only-unread list it leaves, until none is left.
    await panel.getByRole('switch', { name: 'Only show unread' }).click();
    await expect(items).toHaveCount(unreadAtStart - 1);
    for (let left = unreadAtStart - 1; left > 0; left -= 1) {
      await items.first().getByRole('button', { name: 'Mark as read' }).click();
      await expect(items).toHaveCount(left - 1);
    }
    await expect(panel.getByText(emptyText)).toBeVisible();
    await expect(badge).toHaveCount(0);

    // Refresh asks the server again: still nothing unread, everything read in the full list.
    await panel.getByRole('button', { name: 'Refresh' }).click();
    await expect(panel.getByText(emptyText)).toBeVisible();
    await panel.getByRole('switch', { name: 'Only show unread' }).click();
    await panel.getByRole('button', { name: 'Refresh' }).click();
    await expect(items).toHaveCount(total);
    await expect(panel.getByRole('button', { name: 'Mark as read' })).toHaveCount(0);
  });

  test("an admin's announcement reaches the publisher's editor", async ({ page }) => {
    const subject = `Bakım duyurusu ${Date.now()}`;
    await signInAsAdmin(page, 'Kuzey Medya');
    const panel = await openBell(page);
    await panel.getByRole('link', { name: 'New announcement' }).click();
    await expect(page).toHaveURL(/\/announcements\/create$/);
    await expect(page.getByRole('heading', { name: 'New announcement', level: 1 })).toBeVisible();

    const form = page.getByRole('form', { name: 'New announcement' });
    await form.getByRole('button', { name: 'SEND' }).click();
    await expectToast(page, 'Error!');
    await expect(form.getByText('Please enter a subject.')).toBeVisible();
    await expect(form.getByText('Please write the announcement.')).toBeVisible();

    await form.getByRole('combobox', { name: 'PUBLISHER' }).click();
    await page.getByRole('option', { name: 'Kuzey Medya' }).click();
    await form.getByRole('textbox', { name: 'SUBJECT' }).fill(subject);
    await form.getByRole('textbox', { name: 'PREVIEW' }).fill('Cumartesi gece kısa bir bakım yapılacak.');
    // The shared rich-text editor: two paragraphs, one word in bold.
    const editor = form.locator('.ck-editor__editable');
    await editor.click();
    await page.keyboard.type('Konsol cumartesi 02:00 ile 03:00 arasında kapalı olacak.');
    await page.keyboard.press('Enter');
    await page.keyboard.press('ControlOrMeta+B');
    await page.keyboard.type('Taslaklarınızı');
    await page.keyboard.press('ControlOrMeta+B');
    await page.keyboard.type(' önceden kaydedin.');
    await expect(form.getByText('Please write the announcement.')).toHaveCount(0);
    await closeToasts(page);
    await keepScreenshot(page, 'announcement-create');
    await form.getByRole('button', { name: 'SEND' }).click();
    await expectToast(page, 'The announcement is sent to');
    await expect(page).toHaveURL(/\/announcements\/[0-9a-f-]{36}$/);
    const address = new URL(page.url()).pathname;
    await expect(page.getByRole('heading', { name: subject, level: 1 })).toBeVisible();
    await signOut(page);

    await signIn(page, accounts.editor);
    await expect(page.getByRole('heading', { name: 'Sabah Bülteni', level: 1 })).toBeVisible();
    await openBell(page);
    const announcement = item(page, subject);
    await expect(announcement).toContainText('Cumartesi gece kısa bir bakım yapılacak.');
    await expect(announcement.getByRole('button', { name: 'Mark as read' })).toBeVisible();
    await announcement.getByRole('button', { name: new RegExp(subject) }).click();
    await expect(page).toHaveURL(new RegExp(`${address}$`));
    await expect(page.getByRole('heading', { name: subject, level: 1 })).toBeVisible();
    await expect(page.getByText('Cumartesi gece kısa bir bakım yapılacak.')).toBeVisible();
    const body = page.getByTestId('announcement-body');
    await expect(body.locator('p')).toHaveCount(2);
    await expect(body).toContainText('Taslaklarınızı önceden kaydedin.');
    await expect(body.locator('strong')).toHaveText('Taslaklarınızı');
    await keepScreenshot(page, 'announcement');
  });
});
