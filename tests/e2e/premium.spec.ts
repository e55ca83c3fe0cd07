/**
 * Premium stories: a director turns a published article's Premium switch on in its settings and
 * its public page shows the teaser and the notice instead of the body; the story's own saves leave
 * the mark alone; turned off, the page shows the whole article again. An editor sees no switch.
 * The journey runs on the second server (fixtures.ts ownServerTest): it changes what readers of a demo article see.
 */
import type { Page } from '@playwright/test';
import { expect, ownServerTest } from './fixtures';
import { accounts, editorLoad, expectToast, keepScreenshot, signIn, switchScope } from './helpers';

const test = ownServerTest();

const article = {
  title: 'Modern Sanat Müzesinde Yeni Sergi',
  newsletter: 'Kültür Sanat Haftalık',
  teaser: 'Sergi, otuz yaş altı yirmi sanatçının işlerini bir araya getiriyor.',
  rest: 'Müze, perşembe akşamları ücretsiz rehberli turlar düzenleyecek.',
};
const premiumNotice = 'Bu yazı abonelere özeldir.';

const premiumSwitch = (page: Page) => page.getByRole('switch', { name: 'Premium' });
const card = (page: Page, title: string) => page.getByTestId('story-card').filter({ has: page.getByRole('heading', { name: title, exact: true }) });

/** Opens a story as it is (its card menu's Open), from the newsletter's stories. */
async function openAsItIs(page: Page, title: string) {
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Stories' }).click();
  await page.getByRole('searchbox', { name: /Search/ }).fill(title);
  await card(page, title)
    .getByRole('button', { name: `Actions for ${title}` })
    .click();
  await page.getByRole('menuitem', { name: 'Open', exact: true }).click();
  await expect(page).toHaveURL(/\/stories\/edit\/[^/]+$/);
  await expect(page.getByRole('textbox', { name: 'Slug' })).toBeVisible();
}

/** The article's public page, as a reader sees it now. */
async function expectPublicPage(reader: Page, slug: string, premium: boolean) {
  await reader.goto(`/s/${slug}`);
  await expect(reader.getByRole('heading', { name: article.title, level: 1 })).toBeVisible();
  await expect(reader.getByText(article.teaser)).toBeVisible();
  await expect(reader.getByText(premiumNotice)).toHaveCount(premium ? 1 : 0);
  await expect(reader.getByText(article.rest)).toHaveCount(premium ? 0 : 1);
}

test.describe('premium stories', () => {
  test('a director makes a published article premium and back, and its public page follows', async ({ page, context }) => {
    await signIn(page, accounts.director);
    await switchScope(page, article.newsletter);
    await openAsItIs(page, article.title);
    const slug = await page.getByRole('textbox', { name: 'Slug' }).inputValue();
    expect(slug).toBe('modern-sanat-muzesinde-yeni-sergi');
    const reader = await context.newPage();
    await expectPublicPage(reader, slug, false);

    // The switch says what the premium-story service says, once it has said it.
    await expect(premiumSwitch(page)).toBeEnabled();
    await expect(premiumSwitch(page)).not.toBeChecked();
    const marked = page.waitForResponse(
      (response) => response.request().method() === 'PUT' && new URL(response.url()).pathname.startsWith('/api/premium/story/'),
    );
    await premiumSwitch(page).click();
    expect((await (await marked).json()) as unknown).toMatchObject({ success: true, data: { isPremium: true } });
    await expectToast(page, 'The story is premium.');
    await expect(premiumSwitch(page)).toBeChecked();
    await keepScreenshot(page, 'story-settings-premium');
    await expectPublicPage(reader, slug, true);

    // Read again from the service after a reload, which loads the editor's chunk again (seconds on a busy machine).
    await page.reload();
    await expect(premiumSwitch(page)).toBeEnabled(editorLoad);
    await expect(premiumSwitch(page)).toBeChecked();

    await premiumSwitch(page).click();
    await expectToast(page, 'The story is no longer premium.');
    await expect(premiumSwitch(page)).not.toBeChecked();
    await expectPublicPage(reader, slug, false);
  });

  test('the story’s saves leave the premium mark alone', async ({ page, context }) => {
    await signIn(page, accounts.director);
    await switchScope(page, article.newsletter);
    await openAsItIs(page, article.title);
    const slug = await page.getByRole('textbox', { name: 'Slug' }).inputValue();
    await expect(premiumSwitch(page)).toBeEnabled();
    await premiumSwitch(page).click();
    await expectToast(page, 'The story is premium.');

    // Edited again (back to draft, still published) and saved: the switch and the page stay premium.
    const saves: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PUT' && new URL(request.url()).pathname.startsWith('/api/stories/update/')) saves.push(request.postData() ?? '');
    });
    await page.getByRole('button', { name: 'EDIT' }).click();
    await page.getByRole('dialog', { name: 'Edit the story?' }).getByRole('button', { name: 'EDIT' }).click();
    await expect(page.getByTestId('status-badge').first()).toHaveText('DRAFT');
    await page.getByRole('textbox', { name: 'Keywords' }).fill('sergi, resim');
    await expect(page.getByRole('status', { name: 'Save status' })).toHaveText('Saved', { timeout: 10_000 });
    expect(saves.length).toBeGreaterThan(0);
    expect(saves.every((body) => !body.includes('isPremium'))).toBe(true);
    await expect(premiumSwitch(page)).toBeChecked();
    await page.reload();
    await expect(premiumSwitch(page)).toBeEnabled(editorLoad);
    await expect(premiumSwitch(page)).toBeChecked();
    const reader = await context.newPage();
    await expectPublicPage(reader, slug, true);
  });

  test('an editor sees no premium switch', async ({ page }) => {
    await signIn(page, accounts.editor);
    await switchScope(page, 'Sabah Bülteni');
    await openAsItIs(page, 'Şehirde Yeni Metro Hattı Açıldı');
    await expect(premiumSwitch(page)).toHaveCount(0);
  });
});
