/**
 * The e-mail on a phone (issue 54 point 4, docs/decisions/0054): an issue whose intro holds the
 * demo's story card, its video card and a custom button, built by the server as subscribers get it,
 * read in Chromium at 320, 375 and 800 px. Every visible word is real text at 13 px or more and
 * nothing scrolls sideways; the screenshots at the three widths go with the test's output. The
 * PREVIEW shows the same e-mail at a phone's width.
 */
import type { Page, TestInfo } from '@playwright/test';
import { expect, ownServerTest } from './fixtures';
import { accounts, follow, signIn } from './helpers';

// This journey adds an issue to Sabah Bülteni, whose drafts the issues list journey counts: it runs on the second server (fixtures.ts ownServerTest).
const test = ownServerTest();

const storyTitle = 'Şehirde Yeni Metro Hattı Açıldı';
const buttonLabel = 'Bülteni bir arkadaşınıza önerin';

/** An issue of Sabah Bülteni whose intro holds the demo's story card and button (from the issue ready to test-send) and the metro story's video. */
async function issueWithEmbeds(page: Page): Promise<{ id: string; headers: Record<string, string> }> {
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  const headers = { authorization: `Bearer ${token}` };
  const get = async (path: string) => (await (await page.request.get(`/api${path}`, { headers })).json()).data;
  const verify = await get('/auth/verify');
  const morning = (verify.scopes as { _id: string; title: string }[]).find((scope) => scope.title === 'Sabah Bülteni')!._id;
  const ready = ((await get(`/issues/list?newsletter=${morning}&search=hazir&limit=10`)) as { _id: string; key: string }[]).find((row) =>
    row.key.endsWith('-sabah-bulteni-hazir'),
  )!;
  const readyIntro = (await get(`/issues/update/${ready._id}`)).body.intro.html as string;
  const stories = (await get(`/stories/list?newsletter=${morning}&search=${encodeURIComponent('Şehirde')}&limit=10`)) as { _id: string; title: string }[];
  const story = await get(`/stories/list/${stories.find((row) => row.title === storyTitle)!._id}`);
  const video = /<figure class="mh-embed" data-embed="youtube"[\s\S]*?<\/figure>/.exec(story.body.html as string)![0];

  const form = await get(`/issues/create?newsletter=${morning}`);
  const template = (form.data.channelTemplates as { _id: string }[])[0]!;
  const created = await page.request.post('/api/issues/create', {
    headers,
    data: { newsletter: morning, slug: `telefon-${Date.now().toString(36)}`, template: template._id },
  });
  expect(created.status(), await created.text()).toBe(200);
  const id = (await created.json()).data._id as string;
  const edited = await page.request.put(`/api/issues/update/${id}/edit`, {
    headers,
    data: { issue: { subject: 'Telefonda okunan sayı', preview: 'Kartlar ve düğme', intro: { html: `<p>Günaydın!</p>${readyIntro}${video}` } } },
  });
  expect(edited.status(), await edited.text()).toBe(200);
  return { id, headers };
}

/** What a reader would have to squint at or scroll to: visible text under 13 px, and how far the page is wider than the screen. */
function readability(page: Page) {
  return page.evaluate(() => {
    const small: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) {
      const text = walker.currentNode as Text;
      if (!text.data.trim()) continue;
      const range = document.createRange();
      range.selectNodeContents(text);
      const box = range.getBoundingClientRect();
      const style = getComputedStyle(text.parentElement!);
      if (box.width === 0 || box.height === 0 || style.visibility === 'hidden' || Number(style.opacity) === 0) continue;
      if (parseFloat(style.fontSize) < 13) small.push(`${style.fontSize}: ${text.data.trim().slice(0, 40)}`);
    }
    return { small, overflow: document.documentElement.scrollWidth - window.innerWidth };
  });
}

/** A screenshot kept in the test's output folder and attached to its report. */
async function attachShot(page: Page, testInfo: TestInfo, name: string, fullPage = true) {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

test('the e-mail with a story card, a video card and a button reads at 320, 375 and 800 px: real text of 13 px or more, no sideways scroll', async ({
  page,
}, testInfo) => {
  await signIn(page, accounts.director);
  await page.waitForURL(/\/(publishers|newsletters)\/show\//);
  const { id, headers } = await issueWithEmbeds(page);
  const built = await page.request.post(`/api/issues/build/${id}`, { headers });
  expect(built.status(), await built.text()).toBe(200);
  const { html } = (await built.json()).data as { html: string };

  const mail = await page.context().newPage();
  for (const width of [375, 320, 800]) {
    await mail.setViewportSize({ width, height: 800 });
    await mail.setContent(html, { waitUntil: 'load' });
    // The cards are words: the story's headline, its excerpt and newsletter; the video's title and its play mark.
    const story = mail.getByRole('link', { name: storyTitle, exact: true });
    await expect(story).toBeVisible();
    expect(await story.evaluate((link) => parseFloat(getComputedStyle(link).fontSize))).toBeGreaterThanOrEqual(16);
    const storyCard = mail.locator('.x-embed').filter({ has: story });
    await expect(storyCard.getByText('Sabah Bülteni', { exact: true })).toBeVisible();
    await expect(storyCard.locator('.x-embed-text > div')).toHaveCount(3);
    await expect(mail.getByRole('link', { name: 'YouTube video', exact: true })).toBeVisible();
    await expect(mail.getByText('▶ YouTube · youtube.com', { exact: true })).toBeVisible();
    await expect(mail.getByRole('link', { name: buttonLabel })).toBeVisible();
    // Never the machine's own name, and the pictures loaded (not their alt texts).
    await expect(mail.locator('body')).not.toContainText('localhost');
    for (const picture of await mail.locator('.x-embed img').all())
      expect(await picture.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
    expect(await readability(mail), `at ${width} px`).toEqual({ small: [], overflow: 0 });
    await attachShot(mail, testInfo, `e-mail-${width}px`);
  }
  // On a phone the small picture stands above the words; on a desktop, beside them.
  const besideAt = async (width: number) => {
    await mail.setViewportSize({ width, height: 800 });
    const card = mail.locator('.x-embed').filter({ hasText: 'YouTube video' });
    const [picture, words] = await Promise.all([card.locator('.x-embed-pic').boundingBox(), card.locator('.x-embed-text').boundingBox()]);
    return words!.x > picture!.x + picture!.width - 1;
  };
  expect(await besideAt(800)).toBe(true);
  expect(await besideAt(375)).toBe(false);
  await mail.close();

  // The PREVIEW shows it at a phone's width too.
  await follow(page, `/issues/edit/${id}`);
  await page.getByRole('button', { name: 'PREVIEW' }).click();
  // A busy machine builds the preview in more than the default ten seconds.
  await expect(page.getByText('Building the preview...')).toBeHidden({ timeout: 60_000 });
  const preview = page.getByRole('dialog', { name: 'Telefonda okunan sayı' });
  // Fluent's label stands over its radio button: the label is what a person clicks.
  await preview.getByText('Phone', { exact: true }).click();
  await expect(preview.getByRole('radio', { name: 'Phone' })).toBeChecked();
  const phone = page.getByTitle('Issue preview (phone)');
  await expect(phone).toBeVisible();
  expect(await phone.evaluate((frame) => frame.clientWidth)).toBe(375);
  await expect(page.frameLocator('iframe[title="Issue preview (phone)"]').getByRole('link', { name: storyTitle, exact: true })).toBeVisible();
  await attachShot(page, testInfo, 'preview-phone', false);
});
