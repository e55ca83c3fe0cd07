/**
 * Paid subscriptions (issue 33), as people use them, against the local Stripe stand-in
 * (tests/api/stripe-standin.ts; the server's STRIPE_API_URL points at it): a director connects
 * Stripe in Publisher Credentials with one key (the server makes the webhook endpoint) and sets Sabah Bülteni's prices in its Credentials; a reader
 * subscribes on the newsletter's landing page, meets a premium story's teaser, signs in with the
 * e-mailed link, pays through the stand-in's Checkout page and reads the story whole; a director
 * reads Earnings, with a year of demo payments, and exports it.
 */
import { expect } from './fixtures';
import { accounts, expectToast, follow, keepScreenshot, signIn, switchScope } from './helpers';
import { makeMetroStoryPremium, metroStory as story, signInWithEmailedLink, subscribeOnLanding, test } from './payments-fixtures';

const secretKey = 'sk_test_Masthead0002journey4242';

test('a reader subscribes on the landing page, pays through Checkout and reads a premium story whole', async ({ page, browser, standin }) => {
  await signIn(page, accounts.director);
  await page.waitForURL(/\/publishers\/show\/[^/]+$/);
  const publisherId = /\/publishers\/show\/([^/]+)$/.exec(page.url())![1]!;

  // The director connects the publisher's Stripe account with its key alone: only a hint comes back.
  standin.addAccount({ secretKey, businessName: 'Sabah Yayınları' });
  await follow(page, `/publishers/show/${publisherId}/settings`);
  const payments = page.getByRole('region', { name: 'PAYMENTS' });
  await payments.getByLabel('STRIPE SECRET KEY').fill(secretKey);
  // What the director sees before pressing CONNECT STRIPE: the key typed (hidden).
  await expect(payments.getByLabel('STRIPE SECRET KEY')).toHaveValue(secretKey);
  const saved = page.waitForResponse((response) => response.request().method() !== 'GET' && response.url().includes('/api/payments/'));
  await payments.getByRole('button', { name: 'CONNECT STRIPE' }).click();
  const answer = await saved;
  expect(answer.status(), await answer.text()).toBe(200);
  await expect(payments.getByText(/Stripe is connected in test mode: the account Sabah Yayınları \(acct_\w+\), with the key sk_test_…4242\./)).toBeVisible();
  await expect(payments.getByLabel('STRIPE SECRET KEY')).toHaveValue('');
  // The server made the webhook endpoint at the address the card shows.
  const webhookUrl = await payments.getByRole('textbox', { name: 'WEBHOOK ADDRESS' }).inputValue();
  expect(webhookUrl).toMatch(new RegExp(`/api/payments/webhook/${publisherId}$`));
  expect(standin.webhookEndpoints(secretKey).map((endpoint) => endpoint.url)).toEqual([webhookUrl]);
  await keepScreenshot(page, 'payments-keys');

  // Sabah Bülteni's prices, in its Credentials.
  await switchScope(page, 'Sabah Bülteni');
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Credentials' }).click();
  const plans = page.getByRole('region', { name: 'PAID PLANS' });
  await plans.getByLabel('MONTHLY PRICE').fill('49');
  await plans.getByLabel('YEARLY PRICE').fill('490');
  await plans.getByRole('button', { name: 'SAVE PRICES' }).click();
  await expectToast(page, 'The prices are saved.');

  // The metro story is premium.
  const morning = await makeMetroStoryPremium(page);

  // A reader comes to the landing page and subscribes, confirming through the e-mail.
  const context = await browser.newContext();
  const reader = await context.newPage();
  const email = 'odeyen.okur@example.com';
  const confirmation = await subscribeOnLanding(reader, email);

  // The premium story is its teaser, with the way to the plans.
  await reader.goto(`/s/${story.slug}`);
  await expect(reader.getByText(story.teaser)).toBeVisible();
  await expect(reader.getByText(story.rest)).toHaveCount(0);
  await reader.getByRole('link', { name: 'Abone olun, tamamını okuyun' }).click();
  await expect(reader.getByRole('heading', { name: 'Premium abonelik', level: 1 })).toBeVisible();
  await expect(reader.getByText('49,00')).toBeVisible();

  // Paying needs the reader signed in: the e-mailed link, then its button.
  await reader.getByRole('link', { name: 'Okur girişi' }).click();
  await signInWithEmailedLink(reader, email, confirmation.id);
  // Leaving is drawn outlined, apart from the newsletter's button that subscribes.
  const leave = reader.locator('main').getByRole('button', { name: 'Abonelikten çık', exact: true }).first();
  const join = reader.locator('main').getByRole('button', { name: 'Abone ol', exact: true }).first();
  await expect(leave).toHaveClass(/\bsecondary\b/);
  await expect(join).not.toHaveClass(/\bsecondary\b/);
  const background = (button: typeof leave) => button.evaluate((element) => getComputedStyle(element).backgroundColor);
  expect(await background(leave)).not.toBe(await background(join));

  // The plans page says what premium includes and what the yearly plan saves (490 against 12 × 49).
  await reader.goto('/n/sabah-bulteni/premium');
  await expect(reader.getByRole('heading', { name: 'Premium abonelikte neler var?', level: 2 })).toBeVisible();
  await expect(reader.getByText('Premium yazıların tamamını sitede, okur girişinizle, kısaltılmadan okursunuz.')).toBeVisible();
  await expect(reader.getByText('2 ay bedava')).toBeVisible();
  await expect(reader.getByText('12 aylık ödemeye göre yılda ₺98,00 (%17) daha az.')).toBeVisible();
  // On a phone the plans stack, their buttons apart, and nothing scrolls sideways.
  await reader.setViewportSize({ width: 375, height: 740 });
  const monthlyBox = await reader.getByRole('button', { name: 'Aylık abone ol' }).boundingBox();
  const yearlyBox = await reader.getByRole('button', { name: 'Yıllık abone ol' }).boundingBox();
  expect(yearlyBox!.y - (monthlyBox!.y + monthlyBox!.height)).toBeGreaterThanOrEqual(16);
  expect(yearlyBox!.x + yearlyBox!.width).toBeLessThanOrEqual(375);
  const widths = await reader.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  expect(widths.scroll).toBeLessThanOrEqual(widths.client);
  await reader.setViewportSize({ width: 1280, height: 720 });

  // The plans page opens the stand-in's Checkout; paying brings the reader back a payer.
  await reader.getByRole('button', { name: 'Aylık abone ol' }).click();
  await expect(reader.getByRole('heading', { name: 'Local Checkout' })).toBeVisible();
  await expect(reader.getByText(email)).toBeVisible();
  await reader.getByRole('button', { name: 'Pay' }).click();
  await expect(reader).toHaveURL(/\/n\/sabah-bulteni\/premium\?checkout=done$/);
  await expect(reader.getByText(/Premium aboneliğiniz etkin/)).toBeVisible();
  await keepScreenshot(reader, 'payments-premium-active');

  // The story is whole now, for this reader alone.
  await reader.goto(`/s/${story.slug}`);
  await expect(reader.getByText(story.rest)).toBeVisible();
  await expect(reader.getByText('Bu yazı abonelere özeldir.')).toHaveCount(0);
  const anonymous = await browser.newPage();
  await anonymous.goto(`/s/${story.slug}`);
  await expect(anonymous.getByText(story.teaser)).toBeVisible();
  await expect(anonymous.getByText(story.rest)).toHaveCount(0);
  await anonymous.close();

  // The subscriber list shows the reader as a payer.
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Home' }).click();
  await follow(page, `/newsletters/show/${morning}/subscribers`);
  await page.getByRole('searchbox').fill(email);
  await expect(page.getByText('PAID · MONTHLY')).toBeVisible();
  await context.close();
});

test('a director reads Earnings: the figures, the charts of a year of payments, and its CSV', async ({ page }) => {
  await signIn(page, accounts.director);
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Earnings' }).click();
  await expect(page).toHaveURL(/\/publishers\/show\/[^/]+\/earnings$/);
  const now = page.getByRole('region', { name: 'Now' });
  await expect(now.getByText('Monthly recurring revenue')).toBeVisible();
  await expect(now.getByText(/₺/)).toBeVisible();
  await expect(now.getByText('Paying subscribers')).toBeVisible();
  await expect(page.locator('.js-plotly-plot')).toHaveCount(3);
  await keepScreenshot(page, 'earnings');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download the earnings of this period as CSV' }).click();
  expect((await download).suggestedFilename()).toMatch(/\.csv$/);
});
