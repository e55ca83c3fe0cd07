/**
 * The reader pages (issue 31 point 2): a reader opens a newsletter's landing page, whose subscribe
 * form is in view at once, follows its latest issue from the archive, subscribes from the issue's
 * page and, another reader, from a story's page, each confirming through the link of the e-mail
 * (the outbox); an unknown address under the newsletter shows a 404 page in its colours. Every
 * page after an action leads on (issue 55 point 6): the answer to the form names the address and
 * sends the e-mail again, the thank-you page offers the latest issue, a 404 links home. At 375 px
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
  await expect(page.getByText(`Onay e-postasını şu adrese gönderdik: ${email}`)).toBeVisible();
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

test('after subscribing the reader sees the address and has the e-mail sent again; after confirming, the latest issue is offered', async ({ page }) => {
  const email = 'yeniden.gonderen@example.com';
  await page.goto(`/n/${newsletter.key}`);
  const latestSubject = (await page.locator('section.latest-issues li a').first().textContent())!.trim();
  const form = page.locator('form.signup');
  await form.getByRole('textbox', { name: 'E-posta adresiniz' }).fill(email);
  await form.getByRole('button', { name: 'Abone ol' }).click();
  await expect(page.getByRole('heading', { name: 'E-posta kutunuza bakın', level: 1 })).toBeVisible();
  await expect(page.getByText(`Onay e-postasını şu adrese gönderdik: ${email}`)).toBeVisible();
  const first = await waitForMailTo(email);

  // The e-mail did not come: the button sends it again, and the page says so.
  await page.getByRole('button', { name: 'Onay e-postasını yeniden gönder' }).click();
  await expect(page.getByText(`Onay e-postasını yeniden gönderdik: ${email}`)).toBeVisible();
  const again = await waitForMailTo(email, first.id);
  expect(again.subject).toBe(first.subject);
  const link = /https?:\/\/\S+\/n\/[^/\s]+\/confirm\/[\w.-]+/.exec(again.text)?.[0];
  expect(link, again.text).toBeDefined();

  // Confirming offers the latest issue, to read on the web, and the newsletter's page.
  await page.goto(new URL(link!).pathname);
  await expect(page.getByText('Aboneliğiniz onaylandı. Hoş geldiniz!')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Son sayı', level: 2 })).toBeVisible();
  await expect(page.locator('main ol.issues li a')).toHaveText(latestSubject);
  await expect(page.getByRole('link', { name: `${newsletter.title} sayfasına gidin` })).toHaveAttribute('href', `/n/${newsletter.key}`);
  await page.getByRole('link', { name: 'Son sayıyı web’de okuyun' }).click();
  await expect(page).toHaveURL(/\/i\/[\w-]+$/);
  await expect(page.getByRole('heading', { name: latestSubject, level: 1 })).toBeVisible();
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

  // An address that names no newsletter: Masthead's look, and a link to the site's home.
  expect((await page.goto('/i/boyle-bir-sayi-yok'))!.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Sayfa bulunamadı', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ana sayfaya dön' })).toHaveAttribute('href', '/');
});

test('no reader page scrolls sideways at 375 px, and the form is in view on the landing page', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 667 });
  await page.goto(`/n/${newsletter.key}`);
  await expect(page.locator('form.signup').getByRole('textbox', { name: 'E-posta adresiniz' })).toBeInViewport();
  await expectNoSidewaysScroll(page);
  const issue = await page.locator('section.latest-issues li a').first().getAttribute('href');
  for (const path of [issue!, `/n/${newsletter.key}/archive`, `/n/${newsletter.key}/yok`, '/i/boyle-bir-sayi-yok']) {
    await page.goto(path);
    await expectNoSidewaysScroll(page);
  }
  // The answer to the form, with its address and its button within the screen.
  await page.goto(`/n/${newsletter.key}`);
  const email = 'dar.ekrandan.bir.okur.uzun.adresiyle@example.com';
  await page.locator('form.signup').getByRole('textbox', { name: 'E-posta adresiniz' }).fill(email);
  await page.locator('form.signup').getByRole('button', { name: 'Abone ol' }).click();
  await expect(page.getByText(`Onay e-postasını şu adrese gönderdik: ${email}`)).toBeVisible();
  await expectNoSidewaysScroll(page);
  const resend = await page.getByRole('button', { name: 'Onay e-postasını yeniden gönder' }).boundingBox();
  expect(resend!.x).toBeGreaterThanOrEqual(0);
  expect(resend!.x + resend!.width).toBeLessThanOrEqual(375);
  await page.goto(issue!);
  await page.getByRole('link', { name: 'Devamını oku' }).first().click();
  await expect(page).toHaveURL(/\/s\/[\w-]+$/);
  await expectNoSidewaysScroll(page);
});
