/**
 * The reader pages (issue 31 point 2): a reader opens a newsletter's landing page, whose subscribe
 * form is in view at once, follows its latest issue from the archive, subscribes from the issue's
 * page and, another reader, from a story's page, each confirming through the link of the e-mail
 * (the outbox); an unknown address under the newsletter shows a 404 page in its colours. At 375 px
 * no page scrolls sideways.
 */
import type { Page } from '@playwright/test';
import { expect, ownServerTest } from './fixtures';
import { waitForMailTo } from './helpers';

// Its readers subscribe to Sabah Bülteni, whose count other journeys check: it runs on the second server (fixtures.ts ownServerTest).
const test = ownServerTest();

const newsletter = { key: 'sabah-bulteni', title: 'Sabah Bülteni' };

/** Subscribes an address through the subscribe band of the page open, and confirms it through the e-mail's link. */
async function subscribeHere(page: Page, email: string): Promise<void> {
  const band = page.locator('section.band');
  await page.getByRole('link', { name: 'Abone ol' }).click();
  await expect(band.getByRole('textbox', { name: 'E-posta adresiniz' })).toBeInViewport();
  await band.getByRole('textbox', { name: 'E-posta adresiniz' }).fill(email);
  await band.getByRole('button', { name: 'Abone ol' }).click();
  await expect(page.getByText('Aboneliğinizi onaylamak için e-posta kutunuza gönderdiğimiz bağlantıya tıklayın.')).toBeVisible();
  const mail = await waitForMailTo(email);
  const link = /https?:\/\/\S+\/n\/[^/\s]+\/confirm\/[\w.-]+/.exec(mail.text)?.[0];
  expect(link, mail.text).toBeDefined();
  await page.goto(new URL(link!).pathname);
  await expect(page.getByText('Aboneliğiniz onaylandı. Hoş geldiniz!')).toBeVisible();
}

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  expect(scroll, page.url()).toBeLessThanOrEqual(client);
}

test('a reader finds the form at once, reads the latest issue from the archive and subscribes from an issue and from a story', async ({ page }) => {
  await page.goto(`/n/${newsletter.key}`);
  await expect(page.getByRole('heading', { name: newsletter.title, level: 1 })).toBeVisible();
  // The form leads: the e-mail address is its first field, in view without scrolling, its button in the newsletter's colour.
  const form = page.locator('form.signup');
  await expect(form.getByRole('textbox').first()).toHaveAccessibleName('E-posta adresiniz');
  await expect(form.getByRole('textbox', { name: 'E-posta adresiniz' })).toBeInViewport();
  const brand = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--brand').trim());
  const button = form.getByRole('button', { name: 'Abone ol' });
  expect(await button.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe(
    await page.evaluate((color) => {
      const probe = document.createElement('div');
      probe.style.color = color;
      document.body.append(probe);
      const value = getComputedStyle(probe).color;
      probe.remove();
      return value;
    }, brand),
  );

  // The archive: the newest issue, linked to its page.
  const latest = page.locator('section.latest-issues li a').first();
  const subject = (await latest.textContent())!;
  await latest.click();
  await expect(page).toHaveURL(/\/i\/[\w-]+$/);
  await expect(page.getByRole('heading', { name: subject, level: 1 })).toBeVisible();
  await expect(page.locator('footer')).toContainText('Masthead ile yayınlanır');
  await subscribeHere(page, 'sayidan.okur@example.com');

  // A story of the newsletter: an article of the latest issue, from its 'Devamını oku'.
  await page.goto(`/n/${newsletter.key}`);
  await page.locator('section.latest-issues li a').first().click();
  const readMore = page.getByRole('link', { name: 'Devamını oku' }).first();
  await readMore.click();
  await expect(page).toHaveURL(/\/s\/[\w-]+$/);
  await subscribeHere(page, 'yazidan.okur@example.com');
});

test('an unknown address under a newsletter shows a 404 page in its colours', async ({ page }) => {
  await page.goto(`/n/${newsletter.key}`);
  const colour = await page.evaluate(() => getComputedStyle(document.querySelector('header.hero')!).backgroundColor);
  const answer = await page.goto(`/n/${newsletter.key}/boyle-bir-sayfa-yok`);
  expect(answer!.status()).toBe(404);
  expect(answer!.headers()['content-type']).toContain('text/html');
  await expect(page.getByRole('heading', { name: 'Sayfa bulunamadı', level: 1 })).toBeVisible();
  const header = page.locator('header.masthead');
  await expect(header.getByRole('link', { name: newsletter.title })).toBeVisible();
  // The header wears the newsletter's colour, as its landing page does.
  expect(await header.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe(colour);
  await page.getByRole('link', { name: 'Ana sayfaya dön' }).click();
  await expect(page).toHaveURL(new RegExp(`/n/${newsletter.key}$`));
});

test('no reader page scrolls sideways at 375 px, and the form is in view on the landing page', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 667 });
  await page.goto(`/n/${newsletter.key}`);
  await expect(page.locator('form.signup').getByRole('textbox', { name: 'E-posta adresiniz' })).toBeInViewport();
  await expectNoSidewaysScroll(page);
  const issue = await page.locator('section.latest-issues li a').first().getAttribute('href');
  for (const path of [issue!, `/n/${newsletter.key}/archive`, `/n/${newsletter.key}/yok`]) {
    await page.goto(path);
    await expectNoSidewaysScroll(page);
  }
  await page.goto(issue!);
  await page.getByRole('link', { name: 'Devamını oku' }).first().click();
  await expect(page).toHaveURL(/\/s\/[\w-]+$/);
  await expectNoSidewaysScroll(page);
});
