/**
 * Text to speech end to end (spec 002 sections 2.1 to 2.4, 4, 5, 8): an editor picks an article,
 * adds a chunk (its icon buttons' tooltips), generates all chunks with the real offline engine,
 * edits one (its old audio stays as a version) and speaks it again though the answer is lost (READY
 * all the same), builds the story, plays and downloads it, attaches it and finds the episode; a
 * story whose chunks have no audio cannot be built (the not-ready list, GO BACK); a bullet's
 * audio waits 'In Progress' and offers no attach; a director makes an issue's audio and publishes
 * it as an episode; the pickers' content type picker leads from one picker to another, by
 * keyboard too, and stands above the list on a phone with rows a finger can press.
 */
import type { Page } from '@playwright/test';
import { expect, ownServerTest } from './fixtures';
import { accounts, keepScreenshot, signIn, switchScope } from './helpers';

// These journeys make audio and episodes: they run on the second server (fixtures.ts ownServerTest).
const test = ownServerTest();

const press = (page: Page, name: string) => page.getByRole('button', { name, exact: true }).click();
const chunkCard = (page: Page, number: number) => page.getByTestId('chunk').nth(number - 1);
/** Speaking a chunk takes a moment on a busy machine. */
const speaking = { timeout: 60_000 };

async function openTts(page: Page, account: string, newsletter: string) {
  await signIn(page, account);
  await switchScope(page, newsletter);
  await page.getByRole('navigation').getByRole('link', { name: 'TTS' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Text to Speech' })).toBeVisible();
}

const contentTypes = (page: Page) => page.getByRole('listbox', { name: 'Content type' });
const contentType = (page: Page, name: string) => contentTypes(page).getByRole('option', { name, exact: true });

async function pick(page: Page, heading: string, title: string) {
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await page.getByRole('option', { name: title }).click();
  await press(page, 'CONTINUE');
}

test.describe('text to speech', () => {
  test('an editor turns an article into speech, edits a chunk, builds, plays, downloads and attaches it', async ({ page }) => {
    await openTts(page, accounts.editor, 'Sabah Bülteni');
    await press(page, 'NEW ARTICLE AUDIO');
    await pick(page, 'Create New Article Audio', 'Belediye Bütçesi Görüşmeleri');
    await expect(page).toHaveURL(/\/stories\/audios\/create\/[^/?]+$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Belediye Bütçesi Görüşmeleri' })).toBeVisible();
    await expect(chunkCard(page, 1)).toBeVisible();
    await expect(chunkCard(page, 1).getByText('DRAFT', { exact: true })).toBeVisible();

    // A second chunk, written in place and saved 1500 ms after typing stops.
    // The chunk's icon buttons say in words what they will do, in a tooltip on hover.
    const insertBelow = page.getByRole('button', { name: 'Insert a blank chunk below chunk 1' });
    await insertBelow.hover();
    await expect(page.locator('.ms-Tooltip')).toHaveText('Insert a blank chunk below');
    await insertBelow.click();
    await expect(page.getByTestId('chunk')).toHaveCount(2);
    await chunkCard(page, 2).getByRole('textbox').fill('Meclis oylamayı gelecek hafta yapacak. Toplantı halka açık.');
    await expect(chunkCard(page, 2).getByText('Saved', { exact: true })).toBeVisible();

    await press(page, 'Generate All Chunks');
    for (const number of [1, 2]) await expect(chunkCard(page, number).getByText('READY', { exact: true })).toBeVisible(speaking);
    await keepScreenshot(page, 'speech-chunks-ready');

    // Editing a chunk that has audio: it is draft again, its audio kept as a version.
    await chunkCard(page, 1).getByRole('textbox').fill('Belediye meclisi yeni yılın bütçesini görüştü. Öncelik ulaşım ve parklar.');
    await expect(chunkCard(page, 1).getByText('DRAFT', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Show the version history of chunk 1' }).click();
    const history = page.getByRole('dialog', { name: 'Chunk 1: version history' });
    await expect(history.getByRole('list', { name: 'Versions' }).getByRole('listitem')).toHaveCount(1);
    await history.getByRole('button', { name: 'Close' }).click();
    // A GENERATE whose answer never reaches the console (its request gave up, the connection
    // broke): the server has spoken the chunk all the same, and the card shows READY and its audio
    // without a reload, not DRAFT and an error.
    await page.route(
      '**/api/chunks/generate/**',
      async (route) => {
        await route.fetch({ timeout: speaking.timeout });
        await route.abort('timedout');
      },
      { times: 1 },
    );
    await page.getByRole('button', { name: 'Generate chunk 1' }).click();
    await expect(chunkCard(page, 1).getByText('READY', { exact: true })).toBeVisible(speaking);
    await expect(chunkCard(page, 1).getByRole('progressbar')).toHaveCount(0);
    await expect(chunkCard(page, 1).getByLabel('Chunk 1 audio')).toBeVisible();
    await expect(page.getByText(/Failed to generate chunk/)).toHaveCount(0);
    await page.getByRole('button', { name: 'Show the version history of chunk 1' }).click();
    await expect(history.getByRole('list', { name: 'Versions' }).getByRole('listitem')).toHaveCount(2);
    await history.getByRole('button', { name: 'Close' }).click();

    await page.getByRole('tab', { name: 'Build' }).click();
    await press(page, 'BUILD STORY');
    const download = page.getByRole('link', { name: 'DOWNLOAD THE AUDIO' }).or(page.getByRole('button', { name: 'DOWNLOAD THE AUDIO' }));
    await expect(download).toBeVisible(speaking);
    await expect(page.getByRole('button', { name: 'BUILD STORY' })).toBeDisabled();

    // The player shows the built speech's length before it is pressed (the two chunks and a
    // pause), and plays it.
    const player = page.locator('audio').first();
    await expect.poll(() => player.evaluate((audio: HTMLAudioElement) => audio.readyState)).toBeGreaterThanOrEqual(1);
    const seconds = await player.evaluate((audio: HTMLAudioElement) => audio.duration);
    expect(seconds).toBeGreaterThan(4);
    expect(seconds).toBeLessThan(60);
    await player.evaluate((audio: HTMLAudioElement) => {
      audio.muted = true;
      return audio.play();
    });
    await expect.poll(() => player.evaluate((audio: HTMLAudioElement) => audio.currentTime)).toBeGreaterThan(0);

    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    expect(file.suggestedFilename()).toMatch(/\.mp3$/);
    const { size } = await import('node:fs').then((fs) => file.path().then((path) => fs.statSync(path)));
    expect(size).toBeGreaterThan(10_000);

    await press(page, 'ATTACH TO STORY');
    const dialog = page.getByRole('dialog', { name: 'Attach to story' });
    await expect(dialog.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue('Belediye Bütçesi Görüşmeleri');
    await dialog.getByRole('textbox', { name: 'Title', exact: true }).fill('Bütçe görüşmeleri (sesli)');
    await dialog.getByRole('button', { name: 'ATTACH' }).click();
    await expect(page.getByText('TTS attached')).toBeVisible();
    await expect(
      page
        .getByRole('link', { name: /\/stories\/edit\// })
        .or(page.locator('a[href^="/stories/edit/"][target="_blank"]'))
        .first(),
    ).toBeVisible();
    await keepScreenshot(page, 'speech-attached');

    await page.getByRole('navigation').getByRole('link', { name: 'Episodes' }).click();
    await expect(page.getByText('Bütçe görüşmeleri (sesli)')).toBeVisible();
  });

  test('a story whose chunks have no audio lists them at BUILD STORY, and GO BACK returns to the chunks', async ({ page }) => {
    await openTts(page, accounts.editor, 'Sabah Bülteni');
    await press(page, 'NEW ARTICLE AUDIO');
    await pick(page, 'Create New Article Audio', 'Çarşıda Yenileme Çalışması');
    await expect(chunkCard(page, 1)).toBeVisible();
    await page.getByRole('tab', { name: 'Build' }).click();
    await press(page, 'BUILD STORY');
    const dialog = page.getByRole('dialog', { name: 'Chunks not ready' });
    await expect(dialog.getByRole('list', { name: 'Chunks not ready' })).toHaveText('Chunk 1 has no audio yet.');
    await dialog.getByRole('button', { name: 'GO BACK' }).click();
    await expect(chunkCard(page, 1)).toBeVisible();
    // The TTS list has it, still in progress.
    await page.getByRole('navigation').getByRole('link', { name: 'TTS' }).click();
    await expect(page.getByTestId('audio-row').filter({ hasText: 'Çarşıda Yenileme Çalışması' })).toContainText('In Progress');
  });

  test("a bullet's audio waits 'In Progress' and offers no attach", async ({ page }) => {
    await openTts(page, accounts.editor, 'Sabah Bülteni');
    await page.getByRole('tab', { name: 'BULLET' }).click();
    await expect(page.getByRole('button', { name: 'NEW BULLET AUDIO' })).toBeVisible();
    const row = page.getByTestId('audio-row').filter({ hasText: 'In Progress' }).first();
    await expect(row).toBeVisible();
    // A bullet is titled by its first five words, without bracketed parts or list marks.
    expect((await row.getByRole('link').innerText()).split(' ')).toHaveLength(5);
    await row.getByRole('link').click();
    await expect(chunkCard(page, 1)).toBeVisible();
    await press(page, 'Generate All Chunks');
    await expect(chunkCard(page, 1).getByText('READY', { exact: true })).toBeVisible(speaking);
    await page.getByRole('tab', { name: 'Build' }).click();
    await press(page, 'BUILD STORY');
    await expect(page.getByRole('button', { name: 'DOWNLOAD THE AUDIO' }).or(page.getByRole('link', { name: 'DOWNLOAD THE AUDIO' }))).toBeVisible(speaking);
    await expect(page.getByRole('button', { name: 'ATTACH TO STORY' })).toHaveCount(0);
  });

  test("a director makes an issue's audio from its intro and first channels, builds it and publishes it as an episode", async ({ page }) => {
    await openTts(page, accounts.director, 'Sabah Bülteni');
    await page.getByRole('tab', { name: 'ISSUES' }).click();
    await press(page, 'NEW ISSUE AUDIO');
    await expect(page.getByRole('heading', { level: 1, name: 'Create New Issue Audio' })).toBeVisible();
    // The demo's latest published issue has its audio already; this one has none.
    await page.getByRole('option', { name: 'Sabah Bülteni: Metro, bütçe ve hafta sonu' }).click();
    await press(page, 'CONTINUE');
    await expect(page).toHaveURL(/\/issues\/audios\/create\//);
    const items = page.getByTestId('audio-item');
    await expect(items.first()).toBeVisible();
    await expect(items.first()).toContainText('NOT READY');
    await press(page, 'GENERATE AUDIO FILES');
    await expect(items.filter({ hasText: 'NOT READY' })).toHaveCount(0, speaking);
    await keepScreenshot(page, 'speech-issue-items');
    await page.getByRole('tab', { name: 'Build' }).click();
    await press(page, 'BUILD ISSUE');
    await expect(page.getByRole('button', { name: 'DOWNLOAD THE AUDIO' }).or(page.getByRole('link', { name: 'DOWNLOAD THE AUDIO' }))).toBeVisible(speaking);
    await page.getByRole('tab', { name: 'Publish' }).click();
    await press(page, 'PUBLISH AS EPISODE');
    await expect(page.getByText("The audio is the issue's episode.")).toBeVisible();
    await page.getByRole('link', { name: 'Go to the episodes' }).click();
    await expect(page).toHaveURL(/\/episodes$/);
  });

  test('the content type picker leads from the article picker to the bullet and issue pickers, by keyboard too', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await openTts(page, accounts.director, 'Sabah Bülteni');
    await press(page, 'NEW ARTICLE AUDIO');
    await expect(page.getByRole('heading', { level: 1, name: 'Create New Article Audio' })).toBeVisible();
    // Each row: an icon, its title and a description; the picker on screen is the chosen one.
    await expect(contentTypes(page).getByRole('option')).toHaveCount(3);
    await expect(contentTypes(page).getByRole('option')).toContainText(['Article', 'Bullet', 'Issue']);
    const icons = { Article: 'Articles', Bullet: 'BulletedList', Issue: 'Mail' };
    for (const [name, icon] of Object.entries(icons)) {
      await expect(contentType(page, name).locator(`[data-icon-name="${icon}"]`)).toBeVisible();
      await expect(contentType(page, name)).toHaveAccessibleDescription(/\S.{20,}/);
    }
    await expect(contentType(page, 'Article')).toHaveAttribute('aria-selected', 'true');
    // Beside the list on a wide window.
    const types = (await contentTypes(page).boundingBox())!;
    const search = (await page.getByPlaceholder('Search...').boundingBox())!;
    expect(types.x + types.width).toBeLessThanOrEqual(search.x);
    await keepScreenshot(page, 'speech-content-types-1440');

    await contentType(page, 'Article').focus();
    await page.keyboard.press('Tab');
    await expect(contentType(page, 'Bullet')).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/stories\/audios\/select\/[^/?]+\?type=bullet$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Create New Bullet Audio' })).toBeVisible();
    await expect(contentType(page, 'Bullet')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('listbox', { name: 'Bullet stories' }).getByRole('option').first()).toBeVisible();

    await contentType(page, 'Issue').focus();
    await page.keyboard.press(' ');
    await expect(page).toHaveURL(/\/issues\/audios\/select\/[^/?]+$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Create New Issue Audio' })).toBeVisible();
    await expect(page.getByRole('listbox', { name: 'Issues' }).getByRole('option').first()).toBeVisible();
  });
});

test.describe('text to speech on a touch screen', () => {
  test.use({ hasTouch: true });

  test('the content type picker stands above the list on a phone, each row a 44 px touch target', async ({ page }) => {
    await openTts(page, accounts.editor, 'Sabah Bülteni');
    await press(page, 'NEW ARTICLE AUDIO');
    await page.setViewportSize({ width: 375, height: 812 });
    await expect(page.getByRole('heading', { level: 1, name: 'Create New Article Audio' })).toBeVisible();
    await expect(contentTypes(page).getByRole('option')).toHaveCount(3);
    for (const name of ['Article', 'Bullet', 'Issue']) {
      const row = (await contentType(page, name).boundingBox())!;
      expect(row.height).toBeGreaterThanOrEqual(44);
      expect(row.x + row.width).toBeLessThanOrEqual(375);
    }
    const types = (await contentTypes(page).boundingBox())!;
    const search = (await page.getByPlaceholder('Search...').boundingBox())!;
    expect(types.y + types.height).toBeLessThanOrEqual(search.y);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
    await keepScreenshot(page, 'speech-content-types-375');
    await contentType(page, 'Bullet').tap();
    await expect(page.getByRole('heading', { level: 1, name: 'Create New Bullet Audio' })).toBeVisible();
  });
});
