/**
 * The design pages in Chromium (spec 002 sections 2.6 to 2.8): a director builds a channel
 * template (channels added, dragged and moved by keyboard, renamed, made the default) and 'New
 * Issue' offers it first; an e-mail design change shows in the real e-mail's preview in light and
 * dark, is stored, and the stored e-mail follows the reader's dark mode; the landing page's cover
 * is saved 2 s after it changes and shown on /n/{key}. Each test puts the demo newsletter back as
 * it found it: the other journeys of this worker's server read the same newsletter.
 */
import type { APIRequestContext, FrameLocator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { accounts, constants, follow, keepScreenshot, password, signIn } from './helpers';

const newsletterTitle = 'Sabah Bülteni';
const newsletterKey = 'sabah-bulteni';

async function directorToken(request: APIRequestContext): Promise<string> {
  const login = await request.post('/api/auth/login', { data: { email: accounts.director, password } });
  return ((await login.json()) as { data: string }).data;
}

/** The demo newsletter's id, as the director sees it. */
async function newsletterId(request: APIRequestContext): Promise<string> {
  const token = await directorToken(request);
  const verify = await request.get('/api/auth/verify', { headers: { authorization: `Bearer ${token}` } });
  const scopes = ((await verify.json()) as { data: { scopes: { _id: string; title: string }[] } }).data.scopes;
  return scopes.find((scope) => scope.title === newsletterTitle)!._id;
}

const saveStatus = (page: Page) => page.getByTestId('save-status');
/** Waits for the page's autosave to have stored everything. */
const saved = (page: Page) => expect(saveStatus(page)).toHaveText('Saved');

async function openAsDirector(page: Page, path: string, heading: string): Promise<void> {
  await signIn(page, accounts.director, { at: path });
  await expect(page.getByRole('button', { name: 'Switch scope' })).toBeVisible();
  await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
}

test.describe.serial('design', () => {
  let id: string;
  test.beforeAll(async ({ request }) => {
    id = await newsletterId(request);
  });

  test("a channel template is built, made the default, and 'New Issue' offers it first", async ({ page }) => {
    await openAsDirector(page, `/newsletters/show/${id}/channels`, 'Channel Templates');
    const templates = page.getByTestId('channel-template');
    const original = page.getByRole('region', { name: 'Günlük Bülten' });
    await expect(original.getByText('Default', { exact: true })).toBeVisible();
    const count = await templates.count();

    await page.getByRole('button', { name: 'NEW TEMPLATE' }).click();
    await expect(templates).toHaveCount(count + 1);
    let card = page.getByRole('region', { name: 'New Template' });
    const newChannel = card.getByRole('textbox', { name: 'New channel in New Template' });
    // The new card's field has the focus: the first channel is typed at once.
    await expect(newChannel).toBeFocused();
    await page.keyboard.type('Gündem Özeti');
    await page.keyboard.press('Enter');
    await newChannel.fill('Ekonomi');
    await card.getByRole('button', { name: 'ADD' }).click();
    await newChannel.fill('Spor');
    await newChannel.press('Enter');
    // An empty name is not added; a name used twice is red and keeps the page from saving.
    await newChannel.fill('   ');
    await newChannel.press('Enter');
    await newChannel.fill('spor');
    await newChannel.press('Enter');
    const names = card.getByTestId('channel-name');
    await expect(names).toHaveText(['Gündem Özeti', 'Ekonomi', 'Spor', 'spor']);
    await expect(card.getByText('spor is not unique.', { exact: true })).toBeVisible();
    await expect(saveStatus(page)).toHaveText('Not Saved');
    await card.getByRole('button', { name: 'Delete spor', exact: true }).click();
    await expect(card.getByText('Spor is not unique.', { exact: true })).toHaveCount(0);

    // Reordered by dragging, then by keyboard.
    await names.filter({ hasText: 'Spor' }).dragTo(names.filter({ hasText: 'Gündem Özeti' }));
    await expect(names).toHaveText(['Spor', 'Gündem Özeti', 'Ekonomi']);
    await card.getByRole('button', { name: 'Move Ekonomi up', exact: true }).focus();
    await page.keyboard.press('Enter');
    await expect(names).toHaveText(['Spor', 'Ekonomi', 'Gündem Özeti']);
    await saved(page);

    // Renamed: a title another template has is refused.
    await card.getByRole('button', { name: 'Actions for New Template' }).click();
    await expect(page.getByRole('menu').locator('.ms-ContextualMenu-itemText')).toHaveText(['Make Default Template', 'Rename', 'Delete']);
    await page.getByRole('menuitem', { name: 'Rename' }).click();
    const rename = page.getByRole('dialog', { name: 'Rename Template' });
    const title = rename.getByRole('textbox', { name: 'Title' });
    await title.fill('hafta sonu');
    await rename.getByRole('button', { name: 'RENAME' }).click();
    await expect(rename.getByText('A template named hafta sonu already exists.')).toBeVisible();
    await keepScreenshot(page, 'channel-template-rename');
    await title.fill('Akşam Bülteni');
    await rename.getByRole('button', { name: 'RENAME' }).click();
    await expect(rename).toBeHidden();
    card = page.getByRole('region', { name: 'Akşam Bülteni' });

    await card.getByRole('button', { name: 'Actions for Akşam Bülteni' }).click();
    await page.getByRole('menuitem', { name: 'Make Default Template' }).click();
    await expect(card.getByText('Default', { exact: true })).toBeVisible();
    await expect(original.getByText('Default', { exact: true })).toHaveCount(0);
    await saved(page);
    await page.evaluate(() => window.scrollTo(0, 0));
    await keepScreenshot(page, 'channel-templates');

    // Stored: as it was left after a reload.
    await page.reload();
    await expect(card.getByTestId('channel-name')).toHaveText(['Spor', 'Ekonomi', 'Gündem Özeti']);
    await expect(card.getByText('Default', { exact: true })).toBeVisible();

    // 'New Issue' starts from the default template.
    await follow(page, `/issues/create/${id}`);
    const template = page.getByRole('combobox', { name: 'Channel template' });
    await expect(template).toContainText('Akşam Bülteni');
    await expect(page.getByText('Channels: Draft Stories, Spor, Ekonomi, Gündem Özeti')).toBeVisible();

    // Back as it was: the demo default again, and the new template deleted after its confirmation.
    await follow(page, `/newsletters/show/${id}/channels`);
    await original.getByRole('button', { name: 'Actions for Günlük Bülten' }).click();
    await page.getByRole('menuitem', { name: 'Make Default Template' }).click();
    await card.getByRole('button', { name: 'Actions for Akşam Bülteni' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page.getByRole('dialog', { name: 'Delete Template' }).getByRole('button', { name: 'DELETE' }).click();
    await expect(card).toHaveCount(0);
    await saved(page);
    await page.reload();
    await expect(templates).toHaveCount(count);
    await expect(original.getByText('Default', { exact: true })).toBeVisible();
  });

  test('an e-mail design change shows in the preview, light and dark, and is stored', async ({ page, browser, request }) => {
    await openAsDirector(page, `/newsletters/show/${id}/email-design`, 'Email Design');
    const background = page.getByRole('group', { name: 'Card background color' });
    const light = background.getByRole('textbox', { name: 'Card background color' });
    const dark = background.getByRole('textbox', { name: 'Dark' });
    const before = { light: await light.inputValue(), dark: await dark.inputValue() };
    const preview = page.frameLocator('iframe[title^="E-mail preview"]');
    // The preview's frame is replaced on every render: a read that meets the swap is read again.
    const cardColor = (frame: FrameLocator) =>
      frame
        .locator('.x-card td')
        .first()
        .evaluate((cell) => getComputedStyle(cell).backgroundColor)
        .catch(() => 'replaced');
    await expect(page.getByTestId('email-preview')).toHaveAttribute('data-state', 'ready');
    await expect(page.getByTestId('email-size')).toHaveText(/^E-mail size: \d+ KB$/);
    // The preview beside the form, each colour beside its Dark variant.
    const form = (await page.getByRole('region', { name: 'Banner' }).boundingBox())!;
    expect((await page.getByTestId('email-preview').boundingBox())!.x).toBeGreaterThan(form.x + form.width);
    expect((await dark.boundingBox())!.y).toBe((await light.boundingBox())!.y);

    // Light: the new colour, rendered by the server.
    await light.fill('#fde2e4');
    await expect.poll(() => cardColor(preview)).toBe('rgb(253, 226, 228)');

    // Dark: its Dark variant, with the switch.
    await dark.fill('#2b1d3a');
    await page.getByRole('switch', { name: 'Dark mode' }).click();
    const darkPreview = page.frameLocator('iframe[title="E-mail preview (dark)"]');
    await expect.poll(() => cardColor(darkPreview)).toBe('rgb(43, 29, 58)');
    await saved(page);
    await keepScreenshot(page, 'email-design');

    // The switch shows the light e-mail whatever the console's setting; the e-mail as sent follows
    // the reader's setting (Apple Mail, iOS: prefers-color-scheme).
    await page.getByRole('switch', { name: 'Dark mode' }).click();
    await expect.poll(() => cardColor(preview)).toBe('rgb(253, 226, 228)');
    const token = await page.evaluate(() => localStorage.getItem('accessToken'));
    const design = await (await request.get(`/api/newsletters/update/${id}/design/email/update`, { headers: { authorization: `Bearer ${token}` } })).json();
    const asSent = await request.put(`/api/newsletters/update/${id}/design/email/preview`, {
      headers: { authorization: `Bearer ${token}` },
      data: design.data.body,
    });
    const html = ((await asSent.json()) as { data: string }).data;
    const reader = await browser.newPage({ colorScheme: 'dark' });
    try {
      await reader.setContent(html);
      expect(
        await reader
          .locator('.x-card td')
          .first()
          .evaluate((cell) => getComputedStyle(cell).backgroundColor),
      ).toBe('rgb(43, 29, 58)');
      await reader.emulateMedia({ colorScheme: 'light' });
      expect(
        await reader
          .locator('.x-card td')
          .first()
          .evaluate((cell) => getComputedStyle(cell).backgroundColor),
      ).toBe('rgb(253, 226, 228)');
    } finally {
      await reader.close();
    }

    // Stored.
    await page.reload();
    await expect(light).toHaveValue('#fde2e4');
    await expect(dark).toHaveValue('#2b1d3a');

    // An invalid colour is refused at the field and not saved.
    await light.fill('#fde2');
    await expect(background.getByText('Choose a colour as #rrggbb.')).toBeVisible();
    await expect(saveStatus(page)).toHaveText('Not Saved');

    // Back as it was.
    await light.fill(before.light);
    await dark.fill(before.dark);
    await saved(page);
    await page.reload();
    await expect(light).toHaveValue(before.light);
  });

  test('the landing page cover is saved 2 seconds after it changes and shown on /n/{key}', async ({ page, context }) => {
    await openAsDirector(page, `/newsletters/show/${id}/web-design`, 'Web Design');
    await expect(page.getByText('Recommended size 1200x500 px')).toBeVisible();
    const cover = page.getByRole('img', { name: 'Landing page cover' });
    const before = await cover.getAttribute('src');

    await page.getByRole('button', { name: 'Change Image' }).click();
    const picker = page.getByRole('dialog', { name: 'Select Image' });
    const tiles = picker.getByRole('option');
    await expect(tiles.first()).toBeVisible();
    // A picture other than the cover now.
    const count = await tiles.count();
    let chosen = '';
    for (let index = 0; index < count && !chosen; index++) {
      const small = (await tiles.nth(index).getByRole('img').getAttribute('src')) ?? '';
      if (before && before.replace(/-medium\.webp$/, '') === small.replace(/-small\.webp$/, '')) continue;
      await tiles.nth(index).click();
      chosen = small.replace(/-small\.webp$/, '-medium.webp');
    }
    const changedAt = Date.now();
    const stored = page.waitForResponse((response) => response.request().method() === 'PUT' && response.url().includes('/design/web/update'));
    await picker.getByRole('button', { name: 'SELECT' }).click();
    await expect(cover).toHaveAttribute('src', chosen);
    const answer = await stored;
    expect(((await answer.json()) as { data: { body: { cover: string } } }).data.body.cover).toBe(chosen);
    expect(Date.now() - changedAt).toBeGreaterThanOrEqual(constants.debounces.coverAutosaveMs - 100);
    await saved(page);
    await keepScreenshot(page, 'web-design');

    // 'View landing page' opens /n/{key} in a new tab, with the cover.
    const [landing] = await Promise.all([context.waitForEvent('page'), page.getByRole('link', { name: 'View landing page' }).click()]);
    await landing.waitForLoadState();
    expect(new URL(landing.url()).pathname).toBe(`/n/${newsletterKey}`);
    await expect(landing.locator('img.cover')).toHaveAttribute('src', chosen);
    await landing.close();

    // Back as it was.
    if (before) {
      await page.request.put(`/api/newsletters/update/${id}/design/web/update`, {
        headers: { authorization: `Bearer ${await directorToken(page.request)}` },
        data: { cover: before },
      });
      await page.reload();
      await expect(cover).toHaveAttribute('src', before);
    }
  });
});
