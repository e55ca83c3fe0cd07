/**
 * Embeds and custom buttons (issue 32), as a director uses them: a button and an embed of each kind
 * (YouTube, Spotify, a post on Twitter, one of our own stories) put into a draft article through
 * the block toolbar's quick-insert items and the toolbar, the button changed through its own
 * toolbar, seen as widgets in the editor, saved, and
 * read on the article's public page as players, the Twitter widget, the card and the button; the
 * issue intro's button and embed in the rendered e-mail as a bulletproof button and a card of text with
 * its small linked picture (issue 54).
 */
import type { Page } from '@playwright/test';
import { expect, ownServerTest } from './fixtures';
import { accounts, editorLoad, fillDateTime, follow, keepScreenshot, signIn, switchScope } from './helpers';

const test = ownServerTest();

const body = (page: Page) => page.locator('.ck-editor__editable').first();
const saveStatus = (page: Page) => page.getByRole('status', { name: 'Save status' });
const card = (page: Page, title: string) => page.getByTestId('story-card').filter({ has: page.getByRole('heading', { name: title, exact: true }) });

/** Nothing leaves the machine: the players' and Twitter's addresses are refused, as a reader's blocker would. */
async function offline(page: Page) {
  await page.route(/youtube|spotify|twitter|twimg/, (route) => route.abort());
}

async function openAsItIs(page: Page, title: string) {
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Stories' }).click();
  await page.getByRole('searchbox', { name: /Search/ }).fill(title);
  await card(page, title)
    .getByRole('button', { name: `Actions for ${title}` })
    .click();
  await page.getByRole('menuitem', { name: 'Open', exact: true }).click();
  await expect(page).toHaveURL(/\/stories\/edit\/[^/]+$/);
  await expect(body(page)).toBeVisible(editorLoad);
}

/** Puts the caret at the end of the body. */
async function toEnd(page: Page) {
  await body(page).click();
  await page.keyboard.press('ControlOrMeta+End');
}

async function insertButton(page: Page, open: () => Promise<void>, text: string, url: string) {
  await open();
  const dialog = page.getByRole('dialog', { name: 'Insert Button' });
  await dialog.getByPlaceholder('Enter text...').fill(text);
  await dialog.getByPlaceholder('Enter URL...').fill(url);
  // Enter submits, as the spec says.
  await dialog.getByPlaceholder('Enter URL...').press('Enter');
  await expect(dialog).toBeHidden();
}

/** Embeds an address where the caret is (after what was inserted last). */
async function embed(page: Page, url: string) {
  await page.locator('.ck-toolbar').first().getByRole('button', { name: 'Embed' }).click();
  const dialog = page.getByRole('dialog', { name: 'Embed' });
  await dialog.getByPlaceholder('Enter URL...').fill(url);
  await dialog.getByRole('button', { name: 'EMBED' }).click();
  // The picture takes the spec's 7 to 10 seconds at most on a real service; the dialog says so meanwhile.
  await expect(dialog).toBeHidden({ timeout: 30_000 });
}

test('a director puts a button and embeds into an article and readers get them on its page', async ({ page, baseURL, server }) => {
  await offline(page);
  await signIn(page, accounts.director);
  await switchScope(page, 'Sabah Bülteni');
  await openAsItIs(page, 'Gece Pazarı Geri Dönüyor');
  // The draft has no cover yet: an article is saved with one.
  await page.getByRole('button', { name: 'Select Image' }).click();
  const picker = page.getByRole('dialog', { name: 'Select Image' });
  await picker.getByRole('option').first().click();
  await picker.getByRole('button', { name: 'SELECT' }).click();
  await expect(picker).toBeHidden();

  // The block toolbar beside the line offers the spec's quick-insert items.
  await toEnd(page);
  await page.locator('.ck-block-toolbar-button').click();
  const quick = page.locator('.ck-block-toolbar .ck-toolbar, .ck-toolbar_floating').last();
  for (const item of ['Embed', 'Insert Button', 'Add bullet', 'Horizontal line']) await expect(quick.getByRole('button', { name: item })).toBeVisible();
  await insertButton(page, () => quick.getByRole('button', { name: 'Insert Button' }).click(), 'Program', ' https://example.com/gece-pazari ');
  await expect(body(page).locator('.mh-button')).toHaveText('Program');
  // A placed button is changed in place: its toolbar reopens the dialog with what it holds.
  await body(page).locator('.mh-button').click();
  await page.locator('.ck-balloon-panel_visible').getByRole('button', { name: 'Edit button' }).click();
  const editing = page.getByRole('dialog', { name: 'Edit Button' });
  await expect(editing.getByPlaceholder('Enter URL...')).toHaveValue('https://example.com/gece-pazari');
  await editing.getByPlaceholder('Enter text...').fill('Programı indir');
  await editing.getByRole('button', { name: 'Save Button' }).click();
  await expect(editing).toBeHidden();
  await expect(body(page).locator('.mh-button')).toHaveCount(1);
  await expect(body(page).locator('.mh-button')).toHaveText('Programı indir');
  await toEnd(page);

  const own = `${baseURL}/s/sehirde-yeni-metro-hatti-acildi`;
  for (const url of [
    'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    'https://open.spotify.com/episode/4uLU6hMCjMI75M1A2tKUQC',
    'https://x.com/masthead/status/1234567890',
    own,
  ])
    await embed(page, url);
  const widgets = body(page).locator('figure.mh-embed');
  await expect(widgets).toHaveCount(4);
  await expect(widgets.locator('.mh-embed__kind')).toHaveText(['YouTube', 'Spotify', 'Twitter', 'Masthead']);
  for (const image of await widgets.locator('img').all())
    await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBeGreaterThan(0);
  await keepScreenshot(page, 'story-embeds');
  await expect(saveStatus(page)).toHaveText('Saved', { timeout: 15_000 });

  // Published, its page plays the video and the episode, shows the post and the card, and the button.
  await page.getByRole('tab', { name: 'Publish' }).click();
  // With its notification it may go at once (a director's article alone waits half an hour).
  await page.getByRole('switch', { name: 'Send as notification' }).click();
  // The picker holds whole minutes and the server gives 'now' a minute's grace: typed early in a
  // minute, the time is still now when the click reaches the server on a busy machine. Late in a
  // minute, the journey types the next one and moves the server's clock to it, instead of waiting.
  const now = Date.now();
  const minute = new Date(now).getSeconds() < 30 ? now : Math.ceil(now / 60_000) * 60_000;
  if (minute > now) await server.advanceClock(minute - now);
  await fillDateTime(page, 'Publish date', new Date(minute));
  await page.getByRole('button', { name: 'PUBLISH', exact: true }).click();
  await expect(page.getByRole('button', { name: 'UNPUBLISH' })).toBeVisible({ timeout: 30_000 });
  const link = await page.getByRole('textbox', { name: 'Article link' }).inputValue();
  await page.goto(link);
  await expect(page.locator('iframe[src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"]')).toHaveAttribute('height', '340');
  await expect(page.locator('iframe[src="https://open.spotify.com/embed/episode/4uLU6hMCjMI75M1A2tKUQC"]')).toHaveAttribute('height', '232');
  await expect(page.locator('blockquote.twitter-tweet a[href="https://twitter.com/masthead/status/1234567890"] img')).toBeVisible();
  const ownCard = page.locator(`figure.mh-embed a[href="${own}"] img`);
  await expect(ownCard).toBeVisible();
  await expect(page.getByRole('link', { name: 'Programı indir' })).toHaveAttribute('href', 'https://example.com/gece-pazari?a=customButton');
  await keepScreenshot(page, 'story-embeds-public');
  await ownCard.click();
  await expect(page.getByRole('heading', { name: 'Şehirde Yeni Metro Hattı Açıldı', level: 1 })).toBeVisible();
});

test("the issue intro's button and embed reach the e-mail as a bulletproof button and a card of text with its linked picture", async ({ page, baseURL }) => {
  await offline(page);
  await signIn(page, accounts.director);
  await page.waitForURL(/\/(publishers|newsletters)\/show\//);
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  const headers = { authorization: `Bearer ${token}` };
  const verify = await (await page.request.get('/api/auth/verify', { headers })).json();
  const morning = (verify.data.scopes as { _id: string; title: string }[]).find((scope) => scope.title === 'Sabah Bülteni')!._id;
  const list = await (await page.request.get(`/api/issues/list?newsletter=${morning}&search=hazir&limit=10`, { headers })).json();
  const issue = (list.data as { _id: string; key: string }[]).find((row) => row.key.endsWith('-sabah-bulteni-hazir'))!;

  await follow(page, `/issues/edit/${issue._id}`);
  const intro = page.locator('[data-field="intro"] .ck-editor__editable');
  await expect(intro).toBeVisible(editorLoad);
  await intro.click();
  await expect(page.locator('[data-field="intro"]')).toHaveAttribute('data-writing', 'true');
  await page.keyboard.press('ControlOrMeta+End');
  await insertButton(
    page,
    () => page.locator('[data-field="intro"] .ck-toolbar').first().getByRole('button', { name: 'Insert Button' }).click(),
    'Anketi doldur',
    'https://example.com/anket',
  );
  await page.keyboard.press('ControlOrMeta+End');
  await page.locator('[data-field="intro"] .ck-toolbar').first().getByRole('button', { name: 'Embed' }).click();
  const dialog = page.getByRole('dialog', { name: 'Embed' });
  await dialog.getByPlaceholder('Enter URL...').fill(`${baseURL}/s/sehirde-yeni-metro-hatti-acildi`);
  await dialog.getByRole('button', { name: 'EMBED' }).click();
  await expect(dialog).toBeHidden({ timeout: 30_000 });
  // The intro reached the server with both, after the demo's card and button (other editors and the e-mail read it there).
  await expect
    .poll(async () => {
      const html = (await (await page.request.get(`/api/issues/update/${issue._id}`, { headers })).json()).data.body.intro.html as string;
      return [html.includes('Anketi doldur'), html.split('class="mh-embed"').length - 1];
    })
    .toEqual([true, 2]);

  await page.getByRole('button', { name: 'PREVIEW' }).click();
  // The preview is the e-mail rendered by the server; a busy machine builds it in more than the default ten seconds.
  await expect(page.getByText('Building the preview...')).toBeHidden({ timeout: 60_000 });
  const mail = page.frameLocator('iframe[title]').first();
  const button = mail.locator('td[bgcolor="#ffce14"] a', { hasText: 'Anketi doldur' });
  await expect(button).toHaveAttribute('href', 'https://example.com/anket?a=customButton');
  // The demo's card of the story and the one just embedded: their headlines are text, beside their small pictures.
  await expect(mail.getByRole('link', { name: 'Şehirde Yeni Metro Hattı Açıldı', exact: true })).toHaveCount(2);
  const pictures = mail.locator(`a[href$="/s/sehirde-yeni-metro-hatti-acildi"] img[src^="${baseURL}/uploads/"]`);
  await expect(pictures).toHaveCount(2);
  await expect(pictures.last()).toBeVisible();
  // Loaded, not their alt texts.
  for (const picture of await pictures.all()) await expect.poll(() => picture.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  await expect(mail.locator('iframe')).toHaveCount(0);
  await keepScreenshot(page, 'issue-email-embeds');
});
