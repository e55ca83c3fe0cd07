import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import sharp from 'sharp';
import { accounts, closeToasts, expectToast, keepScreenshot, signIn } from './helpers';

const typeMessage = 'You can only upload JPG/PNG/GIF file!';
const sizeMessage = 'Image must smaller than 5MB!';
const altMessage = 'Lütfen alt metin girin.';
/** A demo image the director uploaded (server/demo.ts). */
const directorsAlt = 'Gün doğumunda mor tonlarda üst üste sıralanmış dağ sırtları';

const pngOf = (width: number, height: number, color: string) =>
  sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();

async function openImages(page: Page) {
  await signIn(page, accounts.editor);
  await expect(page.getByRole('heading', { name: 'Sabah Bülteni', level: 1 })).toBeVisible();
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Images' }).click();
  await expect(page).toHaveURL(/\/newsletters\/show\/[^/]+\/images$/);
  await expect(page.getByRole('heading', { name: 'Images', level: 1 })).toBeVisible();
}

const card = (page: Page, alt: string) => page.getByTestId('image-card').filter({ has: page.getByRole('img', { name: alt, exact: true }) });

async function cardMenu(page: Page, alt: string, item: string) {
  await card(page, alt).getByRole('button', { name: 'More' }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

test.describe('images', () => {
  test("upload with alt text, refusals with the spec's messages, filter, edit, copy and delete", async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await openImages(page);
    // The demo images, as small copies.
    await expect(card(page, directorsAlt)).toBeVisible();
    const firstImage = page.getByTestId('image-card').first().getByRole('img');
    await expect(firstImage).toHaveAttribute('src', /-small\.webp$/);

    await page.getByRole('button', { name: 'UPLOAD' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload Image' });
    await expect(dialog.getByText('Recommended size: 1200 x 500 px')).toBeVisible();
    const fileInput = dialog.getByLabel('Image file');
    const altField = dialog.getByRole('textbox', { name: 'ALT TEXT' });

    // Refused by the console before sending: not an image type, more than 5 MB.
    await fileInput.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('just text') });
    await expectToast(page, typeMessage);
    await fileInput.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(5242881, 1) });
    await expectToast(page, sizeMessage);

    // A .png that is really text passes the console's check and is refused by the server.
    await fileInput.setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: Buffer.from('this is not a picture\n'.repeat(10)) });
    await altField.fill('Sahte görsel');
    await dialog.getByRole('button', { name: 'UPLOAD' }).click();
    await expectToast(page, typeMessage);

    // Alt text is required, in Turkish, before anything is sent.
    await fileInput.setInputFiles({ name: 'e2e-photo.png', mimeType: 'image/png', buffer: await pngOf(1200, 500, '#2b88d8') });
    await expect(dialog.getByRole('img', { name: 'Preview of the chosen image' })).toBeVisible();
    await altField.fill('');
    await dialog.getByRole('button', { name: 'UPLOAD' }).click();
    await expectToast(page, altMessage);
    await expect(dialog.getByText(altMessage)).toBeVisible();

    const alt = 'Uçtan uca test için mavi görsel';
    await altField.fill(alt);
    await dialog.getByRole('textbox', { name: 'SOURCE' }).fill('Test Kaynağı');
    await dialog.getByRole('textbox', { name: 'CAPTION' }).fill('Uçtan uca test açıklaması');
    await dialog.getByRole('button', { name: 'UPLOAD' }).click();
    await expect(dialog).toBeHidden();
    await expect(card(page, alt)).toBeVisible();
    await expect(card(page, alt).getByRole('img')).toHaveAttribute('src', /-small\.webp$/);
    await expect(card(page, alt)).toContainText('Uçtan uca test açıklaması');
    await expect(card(page, alt)).toContainText('Emre Demir');
    await closeToasts(page);
    await keepScreenshot(page, 'images');

    // Filter by Uploader: only the editor's own images; remembered after a reload.
    const all = await page.getByTestId('image-card').count();
    await page.getByRole('switch', { name: 'Filter by Uploader' }).click();
    await expect(card(page, directorsAlt)).toHaveCount(0);
    await expect(card(page, alt)).toBeVisible();
    expect(await page.getByTestId('image-card').count()).toBeLessThan(all);
    for (const text of await page.getByTestId('image-card').allInnerTexts()) expect(text).toContain('Emre Demir');
    await page.reload();
    await expect(page.getByRole('switch', { name: 'Filter by Uploader' })).toBeChecked();
    await expect(card(page, alt)).toBeVisible();
    await expect(card(page, directorsAlt)).toHaveCount(0);
    await page.getByRole('switch', { name: 'Filter by Uploader' }).click();
    await expect(card(page, directorsAlt)).toBeVisible();

    // Edit Credentials: alt is required here too, then saved.
    await cardMenu(page, alt, 'Edit Credentials');
    const edit = page.getByRole('dialog', { name: 'Edit Credentials' });
    await edit.getByRole('textbox', { name: 'ALT TEXT' }).fill('');
    await edit.getByRole('button', { name: 'SAVE' }).click();
    await expectToast(page, altMessage);
    const edited = 'Düzenlenmiş mavi görsel';
    await edit.getByRole('textbox', { name: 'ALT TEXT' }).fill(edited);
    await edit.getByRole('textbox', { name: 'CAPTION' }).fill('Yeni açıklama');
    await edit.getByRole('button', { name: 'SAVE' }).click();
    await expect(edit).toBeHidden();
    await expect(card(page, edited)).toContainText('Yeni açıklama');
    await page.reload();
    await expect(card(page, edited)).toContainText('Yeni açıklama');

    // Copy Image: the original's absolute address.
    await cardMenu(page, edited, 'Copy Image');
    await expectToast(page, 'Copied!');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toMatch(/^http:\/\/localhost:\d+\/uploads\/images\/.+\.png$/);
    expect((await page.request.get(copied)).headers()['content-type']).toBe('image/png');

    // Delete, after confirming.
    await cardMenu(page, edited, 'Delete');
    const confirm = page.getByRole('dialog', { name: 'Delete Image' });
    await confirm.getByRole('button', { name: 'DELETE' }).click();
    await expect(card(page, edited)).toHaveCount(0);
    await page.reload();
    await expect(card(page, directorsAlt)).toBeVisible();
    await expect(card(page, edited)).toHaveCount(0);
  });

  test('the profile picture is chosen with the picker: GALLERY, then UPLOAD', async ({ page }) => {
    await signIn(page, accounts.editor);
    await expect(page.getByRole('heading', { name: 'Sabah Bülteni', level: 1 })).toBeVisible();
    const original = await page.evaluate(async () => {
      const response = await fetch('/api/auth/profile/update', { headers: { authorization: `Bearer ${localStorage.getItem('accessToken')}` } });
      return ((await response.json()) as { data: { body: { profile: Record<string, string> } } }).data.body.profile;
    });
    try {
      await page.getByRole('button', { name: 'Profile menu' }).click();
      await page.getByRole('menuitem', { name: 'My Profile' }).click();
      const profile = page.getByRole('region', { name: 'USER CREDENTIALS' });
      const picture = profile.getByRole('img', { name: 'PROFILE PICTURE' });

      await profile.getByRole('button', { name: 'Change Image' }).click();
      const picker = page.getByRole('dialog', { name: 'Select Image' });
      await expect(picker.getByRole('tab', { name: 'GALLERY' })).toHaveAttribute('aria-selected', 'true');
      const tile = picker.getByRole('option', { name: directorsAlt });
      await expect(tile).toBeVisible();
      await expect(tile.getByRole('img')).toHaveAttribute('src', /-small\.webp$/);
      await tile.click();
      await keepScreenshot(page, 'image-picker');
      await picker.getByRole('button', { name: 'SELECT' }).click();
      await expect(picker).toBeHidden();
      await expect(picture).toHaveAttribute('src', /-medium\.webp$/);
      const fromGallery = await picture.getAttribute('src');

      // UPLOAD: the new image is chosen at once, and is in the gallery afterwards.
      await profile.getByRole('button', { name: 'Change Image' }).click();
      await picker.getByRole('tab', { name: 'UPLOAD' }).click();
      await picker.getByLabel('Image file').setInputFiles({ name: 'avatar.png', mimeType: 'image/png', buffer: await pngOf(400, 400, '#ffce14') });
      await picker.getByRole('button', { name: 'UPLOAD' }).click();
      await expectToast(page, altMessage);
      await picker.getByRole('textbox', { name: 'ALT TEXT' }).fill('Sarı profil resmi');
      await keepScreenshot(page, 'image-picker-upload');
      await picker.getByRole('button', { name: 'UPLOAD' }).click();
      await expect(picker).toBeHidden();
      await expect(picture).not.toHaveAttribute('src', fromGallery!);
      await expect(picture).toHaveAttribute('src', /-medium\.webp$/);

      await page.getByRole('button', { name: 'SAVE' }).click();
      await expectToast(page, 'Your profile is saved.');
      const saved = await picture.getAttribute('src');
      await page.reload();
      await expect(picture).toHaveAttribute('src', saved!);

      await profile.getByRole('button', { name: 'Change Image' }).click();
      await expect(picker.getByRole('option', { name: 'Sarı profil resmi' })).toBeVisible();
      await picker.getByRole('button', { name: 'CANCEL' }).click();
    } finally {
      // The demo accounts are shared by every journey: the original picture comes back.
      await page.evaluate(async (profile) => {
        await fetch('/api/auth/profile/update', {
          method: 'PUT',
          headers: { authorization: `Bearer ${localStorage.getItem('accessToken')}`, 'content-type': 'application/json' },
          body: JSON.stringify({ profile }),
        });
      }, original);
    }
  });
});
