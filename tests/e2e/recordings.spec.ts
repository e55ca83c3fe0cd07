import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { demoTone } from '../../core/server/services/demo-audio';
import { accounts, closeToasts, expectToast, keepScreenshot, signIn } from './helpers';

const typeMessage = 'You can only upload MP3/MPEG/M4A file!';
/** Demo recordings (plugins/recordings/server/seed.ts): one the director uploaded, one the editor did. */
const directorsRecording = 'Sabah Bülteni açılış müziği';
const editorsRecording = 'Haftanın özeti — 12 Kasım';

async function openRecordings(page: Page) {
  await signIn(page, accounts.editor);
  await expect(page.getByRole('heading', { name: 'Sabah Bülteni', level: 1 })).toBeVisible();
  // Assets → Recordings.
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Recordings' }).click();
  await expect(page).toHaveURL(/\/newsletters\/show\/[^/]+\/recordings$/);
  await expect(page.getByRole('heading', { name: 'Recordings', level: 1 })).toBeVisible();
}

const card = (page: Page, title: string) => page.getByTestId('recording-card').filter({ has: page.getByText(title, { exact: true }) });

async function cardMenu(page: Page, title: string, item: string) {
  await card(page, title).getByRole('button', { name: 'More' }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

test.describe('recordings', () => {
  let folder: string;
  test.beforeAll(() => {
    folder = mkdtempSync(join(tmpdir(), 'masthead-recordings-'));
  });
  test.afterAll(() => {
    rmSync(folder, { recursive: true, force: true });
  });

  test('upload, play, refusals, only my content, edit and delete', async ({ page }) => {
    const mp3Path = join(folder, 'e2e-chime.mp3');
    writeFileSync(mp3Path, await demoTone({ seconds: 7, notes: [523.25, 659.25, 783.99, 1046.5] }));

    await openRecordings(page);
    await expect(card(page, directorsRecording)).toBeVisible();
    await expect(card(page, editorsRecording)).toBeVisible();

    await page.getByRole('button', { name: 'UPLOAD' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload Recording' });
    const fileInput = dialog.getByLabel('Audio file');
    // Refused by the console: not MP3, MPEG or M4A.
    await fileInput.setInputFiles({ name: 'voice.wav', mimeType: 'audio/wav', buffer: Buffer.from('RIFF....WAVEfmt ') });
    await expectToast(page, typeMessage);
    // Named .mp3 but text: refused by the server, which reads the content.
    await fileInput.setInputFiles({ name: 'song.mp3', mimeType: 'audio/mpeg', buffer: Buffer.from('these are only words\n'.repeat(40)) });
    const title = dialog.getByRole('textbox', { name: /^TITLE/ });
    await title.fill('Sahte şarkı');
    const refused = page.waitForResponse(
      (response) => response.request().method() === 'POST' && new URL(response.url()).pathname.startsWith('/api/recordings'),
    );
    await dialog.getByRole('button', { name: 'UPLOAD' }).click();
    expect((await refused).status()).toBe(422);
    // The server's words are the console's: one toast says them (the same message does not stack).
    await expect(page.getByTestId('toast').filter({ hasText: typeMessage })).toHaveCount(1);

    // The title is required.
    await fileInput.setInputFiles(mp3Path);
    await expect(dialog.getByText('e2e-chime.mp3')).toBeVisible();
    await title.fill('');
    await dialog.getByRole('button', { name: 'UPLOAD' }).click();
    await expect(dialog.getByText('Title cannot be empty.')).toBeVisible();

    await title.fill('Uçtan uca kayıt');
    await dialog.getByRole('textbox', { name: 'DESCRIPTION' }).fill('Tarayıcıdan yüklenen kısa bir melodi.');
    await keepScreenshot(page, 'recordings-upload');
    await dialog.getByRole('button', { name: 'UPLOAD' }).click();
    await expect(dialog).toBeHidden();
    const uploaded = card(page, 'Uçtan uca kayıt');
    await expect(uploaded).toBeVisible();
    // The length the server read from the file.
    await expect(uploaded.getByText('0:07')).toBeVisible();
    await expect(uploaded.getByText('Emre Demir')).toBeVisible();
    await expect(uploaded.getByText('Tarayıcıdan yüklenen kısa bir melodi.')).toBeVisible();
    // The toasts of the refusals would cover the page's header in the picture.
    await closeToasts(page);
    await keepScreenshot(page, 'recordings');

    // It plays: the file is served by the same server, and time moves on.
    const audio = uploaded.locator('audio');
    await expect(audio).toHaveAttribute('aria-label', 'Uçtan uca kayıt');
    await audio.evaluate((element: HTMLAudioElement) => element.play());
    await expect.poll(() => audio.evaluate((element: HTMLAudioElement) => element.currentTime), { timeout: 10_000 }).toBeGreaterThan(0.5);
    expect(await audio.evaluate((element: HTMLAudioElement) => element.paused)).toBe(false);
    expect(await audio.evaluate((element: HTMLAudioElement) => Math.round(element.duration))).toBe(7);
    await audio.evaluate((element: HTMLAudioElement) => element.pause());

    // Show only my content: the director's recording goes, the editor's stay; remembered on reload.
    await page.getByRole('switch', { name: 'Show only my content' }).click();
    await expect(card(page, directorsRecording)).toHaveCount(0);
    await expect(card(page, editorsRecording)).toBeVisible();
    await expect(uploaded).toBeVisible();
    await page.reload();
    await expect(page.getByRole('switch', { name: 'Show only my content' })).toBeChecked();
    await expect(card(page, editorsRecording)).toBeVisible();
    await expect(card(page, directorsRecording)).toHaveCount(0);
    await page.getByRole('switch', { name: 'Show only my content' }).click();
    await expect(card(page, directorsRecording)).toBeVisible();

    // Edit: the slug follows the title.
    await cardMenu(page, 'Uçtan uca kayıt', 'Edit');
    const edit = page.getByRole('dialog', { name: 'Edit Recording' });
    await edit.getByRole('textbox', { name: /^TITLE/ }).fill('Öğle arası jeneriği');
    await edit.getByRole('textbox', { name: 'SUBTITLE' }).fill('Kısa sürüm');
    await expect(edit.getByRole('textbox', { name: 'SLUG' })).toHaveValue('ogle-arasi-jenerigi');
    await keepScreenshot(page, 'recordings-edit');
    await edit.getByRole('button', { name: 'SAVE' }).click();
    await expect(edit).toBeHidden();
    const edited = card(page, 'Öğle arası jeneriği');
    await expect(edited).toBeVisible();
    await expect(edited.getByText('Kısa sürüm')).toBeVisible();
    await expect(card(page, 'Uçtan uca kayıt')).toHaveCount(0);

    // Delete, after confirming.
    const audioUrl = await edited.locator('audio').getAttribute('src');
    await cardMenu(page, 'Öğle arası jeneriği', 'Delete');
    const confirm = page.getByRole('dialog', { name: 'Delete Recording' });
    await confirm.getByRole('button', { name: 'DELETE' }).click();
    await expect(confirm).toBeHidden();
    await expect(card(page, 'Öğle arası jeneriği')).toHaveCount(0);
    expect((await page.request.get(audioUrl!)).status()).toBe(404);
    await page.reload();
    await expect(card(page, directorsRecording)).toBeVisible();
    await expect(card(page, 'Öğle arası jeneriği')).toHaveCount(0);
  });
});
