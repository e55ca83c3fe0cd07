/**
 * Episodes: an editor opens Content Studio → Episodes, makes an episode of a recording and plays
 * it, schedules one, then browses a podcast feed served by the test (a local RSS feed with MP3
 * episodes) through 'Upload from Megaphone', imports an episode and makes an episode of it.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { feedEpisodes, feedTitle, startPodcastHost, type PodcastHost } from '../api/podcast-host';
import { accounts, closeToasts, expectToast, fillDateTime, keepScreenshot, signIn } from './helpers';

/** Demo data (plugins/episodes/server/seed.ts, plugins/recordings/server/seed.ts). */
const demoEpisode = 'Güne Başlarken: Pazartesi Özeti';
const scheduledDemoEpisode = 'Hafta Sonu Planı';
const editorsRecording = 'Haftanın özeti — 12 Kasım';

const card = (page: Page, title: string) => page.getByTestId('episode-card').filter({ has: page.getByRole('heading', { name: title, exact: true }) });

async function openEpisodes(page: Page) {
  await signIn(page, accounts.editor);
  await expect(page.getByRole('heading', { name: 'Sabah Bülteni', level: 1 })).toBeVisible();
  // Content Studio → Episodes.
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Episodes' }).click();
  await expect(page).toHaveURL(/\/newsletters\/show\/[^/]+\/episodes$/);
  await expect(page.getByRole('heading', { name: 'Episodes', level: 1 })).toBeVisible();
}

async function create(page: Page, entry: 'Recording' | 'Upload from Megaphone') {
  await page.getByRole('button', { name: 'CREATE' }).click();
  await page.getByRole('menuitem', { name: entry }).click();
}

test.describe('episodes', () => {
  let host: PodcastHost;
  test.beforeAll(async ({ server }) => {
    // Covers from the console's own origin: its content policy allows no other http address.
    host = await startPodcastHost({ coverUrl: `${server.url}/demo/kultur-sanat.svg` });
  });
  test.afterAll(async () => {
    await host.close();
  });

  test('make an episode of a recording, play it, and schedule one', async ({ page, baseURL }) => {
    await openEpisodes(page);
    await expect(card(page, demoEpisode)).toBeVisible();
    await expect(card(page, demoEpisode).getByTestId('episode-status')).toHaveText('PUBLISHED');
    await expect(card(page, scheduledDemoEpisode).getByTestId('episode-status')).toContainText('SCHEDULED · ');
    await expect(page.getByRole('textbox', { name: 'Podcast feed' })).toHaveValue(`${baseURL}/n/sabah-bulteni/podcast.xml`);
    // TTS leads to the text-to-speech list, where stories become an episode's audio.
    await page.getByRole('button', { name: 'CREATE' }).click();
    await expect(page.getByRole('menuitem', { name: 'Recording' })).toBeVisible();
    await page.getByRole('menuitem', { name: 'TTS' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Text to Speech' })).toBeVisible();
    await page.goBack();

    await create(page, 'Recording');
    const picker = page.getByRole('dialog', { name: 'Select Recording' });
    await picker.getByRole('option', { name: editorsRecording }).click();
    await picker.getByRole('button', { name: 'SELECT' }).click();

    const form = page.getByRole('dialog', { name: 'New Episode' });
    await expect(form.getByRole('textbox', { name: /^TITLE/ })).toHaveValue(editorsRecording);
    await form.getByRole('textbox', { name: /^TITLE/ }).fill('');
    await form.getByRole('button', { name: 'SAVE' }).click();
    await expect(form.getByText('Title cannot be empty.')).toBeVisible();
    await form.getByRole('textbox', { name: /^TITLE/ }).fill('Uçtan uca bölüm');
    await form.getByRole('textbox', { name: 'SUBTITLE' }).fill('Tarayıcıdan yapılan bölüm');
    await form.getByRole('textbox', { name: 'BODY' }).fill('Bir kayıttan yapılan ve hemen yayımlanan bölüm.');
    await form.getByText('Publish now', { exact: true }).click();
    await form.getByRole('button', { name: 'SAVE' }).click();
    await expectToast(page, 'The episode is created.');
    await expect(form).toBeHidden();

    const made = card(page, 'Uçtan uca bölüm');
    await expect(made).toBeVisible();
    await expect(made.getByTestId('episode-status')).toHaveText('PUBLISHED');
    await expect(made.getByText('Tarayıcıdan yapılan bölüm')).toBeVisible();
    // Its player plays the recording's audio.
    const player = made.locator('audio');
    await expect(player).toHaveAttribute('preload', 'none');
    const played = await player.evaluate(async (audio: HTMLAudioElement) => {
      audio.muted = true;
      await audio.play();
      // Playing: the position moves on (or the element reports why it cannot).
      await new Promise<void>((resolve) => {
        const moved = () => (audio.currentTime > 0 || audio.error ? resolve() : undefined);
        audio.addEventListener('timeupdate', moved);
        audio.addEventListener('error', moved);
        moved();
      });
      return { time: audio.currentTime, error: audio.error?.code ?? null };
    });
    expect(played.error).toBeNull();
    expect(played.time).toBeGreaterThan(0);

    // Edit Credentials: schedule it; a date in the past is refused.
    await made.getByRole('button', { name: 'More' }).click();
    await page.getByRole('menuitem', { name: 'Edit Credentials' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Credentials' });
    await edit.getByText('Schedule', { exact: true }).click();
    await fillDateTime(edit, 'DATE AND TIME', new Date(2020, 0, 1, 10, 0));
    await edit.getByRole('button', { name: 'SAVE' }).click();
    await expect(edit.getByText('Choose a date in the future.')).toBeVisible();
    await fillDateTime(edit, 'DATE AND TIME', new Date(2031, 4, 4, 9, 30));
    await edit.getByRole('button', { name: 'SAVE' }).click();
    await expectToast(page, 'The episode is saved.');
    await expect(made.getByTestId('episode-status')).toHaveText('SCHEDULED · 04 May 2031 09:30');

    // Only my content: the director's demo episode goes.
    await expect(card(page, 'Sabah Kahvesi: Şehirde Ulaşım')).toBeVisible();
    await page.getByRole('switch', { name: 'Show only my content' }).click();
    await expect(card(page, 'Sabah Kahvesi: Şehirde Ulaşım')).toHaveCount(0);
    await expect(made).toBeVisible();
    await page.getByRole('switch', { name: 'Show only my content' }).click();
    await expect(card(page, 'Sabah Kahvesi: Şehirde Ulaşım')).toBeVisible();
    await closeToasts(page);
    await keepScreenshot(page, 'episodes');

    // Delete, after confirming.
    await made.getByRole('button', { name: 'More' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page.getByRole('dialog', { name: 'Delete Episode' }).getByRole('button', { name: 'DELETE' }).click();
    await expectToast(page, 'The episode is deleted.');
    await expect(made).toHaveCount(0);
  });

  test('browse a podcast feed, import an episode and make an episode of it', async ({ page }) => {
    await openEpisodes(page);
    await create(page, 'Upload from Megaphone');
    const browser = page.getByRole('dialog', { name: 'Podcasts' });
    const feedField = browser.getByRole('textbox', { name: 'Podcast feed URL' });
    await feedField.fill('ftp://example.com/feed.xml');
    await browser.getByRole('button', { name: 'ADD' }).click();
    await expect(browser.getByText('URL should be valid and must start with either https:// or http://')).toBeVisible();
    await feedField.fill(`${host.url}/feed.xml`);
    await browser.getByRole('button', { name: 'ADD' }).click();
    await expectToast(page, 'The podcast feed is added.');

    const podcasts = browser.getByRole('grid', { name: 'Podcasts' });
    const row = podcasts.getByRole('row').filter({ hasText: feedTitle });
    await expect(row).toContainText(String(feedEpisodes.length));
    await expect(row).toContainText('03 November 2025');
    await row.getByRole('button', { name: feedTitle, exact: true }).click();

    const episodes = browser.getByRole('grid', { name: 'Episodes' });
    for (const episode of feedEpisodes) await expect(episodes.getByRole('row').filter({ hasText: episode.title })).toBeVisible();
    await expect(episodes.getByRole('row').filter({ hasText: feedEpisodes[1]!.title })).toContainText('27 October 2025');
    await closeToasts(page);
    await keepScreenshot(page, 'podcast-browser');

    // Back to the podcasts, and in again.
    await browser.getByRole('button', { name: 'Back', exact: true }).click();
    await expect(podcasts).toBeVisible();
    await podcasts.getByRole('button', { name: feedTitle, exact: true }).click();
    await episodes.getByRole('button', { name: `Import ${feedEpisodes[1]!.title}` }).click();
    await expectToast(page, 'The episode is imported as a recording.');

    const form = page.getByRole('dialog', { name: 'New Episode' });
    await expect(form.getByRole('textbox', { name: /^TITLE/ })).toHaveValue(feedEpisodes[1]!.title);
    await expect(form.getByRole('textbox', { name: 'SUBTITLE' })).toHaveValue(feedEpisodes[1]!.subtitle);
    await form.getByRole('button', { name: 'SAVE' }).click();
    await expectToast(page, 'The episode is created.');
    const imported = card(page, feedEpisodes[1]!.title);
    await expect(imported).toBeVisible();
    await expect(imported.getByTestId('episode-status')).toHaveText('DRAFT');

    // The imported recording is in the library.
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Recordings' }).click();
    await expect(page.getByTestId('recording-card').filter({ hasText: feedEpisodes[1]!.title })).toBeVisible();
  });
});
