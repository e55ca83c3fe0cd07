/**
 * A test payment round trip a publisher can try, start to end (issue 56), against the local Stripe
 * stand-in: a made-up key is refused with Stripe's reason and the card never says 'connected'; the
 * test key connects (test mode, the account's name) and the card fits a phone; a reader subscribes
 * through Checkout, the webhook makes them a payer who reads a premium story whole, they cancel in
 * the customer portal and read its teaser again. At 1440 px, the card also at 375 px.
 */
import type { Page } from '@playwright/test';
import { expect } from './fixtures';
import { accounts, closeToasts, expectToast, follow, keepScreenshot, signIn, switchScope } from './helpers';
import { makeMetroStoryPremium, metroStory as story, signInWithEmailedLink, subscribeOnLanding, test } from './payments-fixtures';

const secretKey = 'sk_test_Masthead0005roundtrip4242';
const desktop = { width: 1440, height: 900 };

/** Nothing on the page scrolls sideways. */
async function expectNoSideways(page: Page) {
  const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  expect(widths.scroll).toBeLessThanOrEqual(widths.client);
}

test('a publisher tries a test payment round trip: connect a test key, a reader pays, reads a premium story whole, cancels', async ({
  page,
  browser,
  standin,
}) => {
  await page.setViewportSize(desktop);
  standin.addAccount({ secretKey, id: 'acct_1DenemeYayin', businessName: 'Deneme Yayınları' });
  await signIn(page, accounts.director);
  await page.waitForURL(/\/publishers\/show\/[^/]+$/);
  const publisherId = /\/publishers\/show\/([^/]+)$/.exec(page.url())![1]!;
  await follow(page, `/publishers/show/${publisherId}/settings`);
  const payments = page.getByRole('region', { name: 'PAYMENTS' });
  const keyField = payments.getByLabel('STRIPE SECRET KEY');
  const connect = payments.getByRole('button', { name: 'CONNECT STRIPE' });

  // A made-up key: Stripe's reason under the field, and the card still says Stripe is not connected.
  await keyField.fill('sk_test_MadeUpKeyNobodyHas000abcd');
  await connect.click();
  await expect(payments.getByText(/^Stripe refused this key: Invalid API Key provided: sk_test_\*+abcd$/)).toBeVisible();
  await expect(payments.getByText(/Stripe is not connected/)).toBeVisible();
  await expect(payments.getByText(/Stripe is connected/)).toHaveCount(0);

  // The test key: the account it opens, in test mode.
  await keyField.fill(secretKey);
  await connect.click();
  await expectToast(page, 'Stripe is connected.');
  await expect(
    payments.getByText(
      'Stripe is connected in test mode: the account Deneme Yayınları (acct_1DenemeYayin), with the key sk_test_…4242. Payments are pretend, no card is charged.',
    ),
  ).toBeVisible();
  await expect(payments.getByText(/Masthead created this webhook endpoint/)).toBeVisible();
  expect(standin.webhookEndpoints(secretKey)).toHaveLength(1);

  // The card on a phone: everything in the width, the button whole.
  await closeToasts(page);
  await page.setViewportSize({ width: 375, height: 812 });
  await payments.scrollIntoViewIfNeeded();
  await expect(payments.getByText(/Stripe is connected in test mode/)).toBeVisible();
  const button = await connect.boundingBox();
  expect(button!.x + button!.width).toBeLessThanOrEqual(375);
  await expectNoSideways(page);
  await keepScreenshot(page, 'payments-card-phone');
  await page.setViewportSize(desktop);

  // Sabah Bülteni's monthly price, and a premium story to read.
  await switchScope(page, 'Sabah Bülteni');
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Credentials' }).click();
  const plans = page.getByRole('region', { name: 'PAID PLANS' });
  await plans.getByLabel('MONTHLY PRICE').fill('49');
  await plans.getByRole('button', { name: 'SAVE PRICES' }).click();
  await expectToast(page, 'The prices are saved.');
  await makeMetroStoryPremium(page);

  // A reader subscribes on the landing page and signs in with the e-mailed links.
  const context = await browser.newContext({ viewport: desktop });
  const reader = await context.newPage();
  const email = 'deneme.okur@example.com';
  const confirmation = await subscribeOnLanding(reader, email);
  await reader.goto('/n/sabah-bulteni/signin');
  await signInWithEmailedLink(reader, email, confirmation.id);

  // Checkout: the stand-in's page, Pay, and back a payer once the webhook has said so.
  await reader.goto(`/s/${story.slug}`);
  await expect(reader.getByText(story.rest)).toHaveCount(0);
  await reader.getByRole('link', { name: 'Abone olun, tamamını okuyun' }).click();
  await reader.getByRole('button', { name: 'Aylık abone ol' }).click();
  await expect(reader.getByRole('heading', { name: 'Local Checkout' })).toBeVisible();
  await reader.getByRole('button', { name: 'Pay' }).click();
  await expect(reader).toHaveURL(/\/n\/sabah-bulteni\/premium\?checkout=done$/);
  await expect(reader.getByText(/Premium aboneliğiniz etkin \(aylık plan/)).toBeVisible();
  expect(standin.deliveries.map((delivery) => [delivery.event.type, delivery.status])).toEqual([
    ['checkout.session.completed', 200],
    ['customer.subscription.created', 200],
    ['invoice.paid', 200],
  ]);
  await reader.goto(`/s/${story.slug}`);
  await expect(reader.getByText(story.rest)).toBeVisible();
  await keepScreenshot(reader, 'payments-round-trip-whole');

  // Cancel in the customer portal: the webhook ends it, and the story is its teaser again.
  await reader.goto('/n/sabah-bulteni/premium');
  await reader.getByRole('button', { name: 'Aboneliği yönet' }).click();
  await expect(reader.getByRole('heading', { name: 'Local Customer Portal' })).toBeVisible();
  await reader.getByRole('button', { name: 'Cancel subscription' }).click();
  await expect(reader.getByRole('cell', { name: 'canceled' })).toBeVisible();
  await reader.getByRole('link', { name: 'Return' }).click();
  await expect(reader.getByText('Premium aboneliğiniz sona erdi. Yeniden abone olabilirsiniz.')).toBeVisible();
  await reader.goto(`/s/${story.slug}`);
  await expect(reader.getByText(story.teaser)).toBeVisible();
  await expect(reader.getByText(story.rest)).toHaveCount(0);
  await context.close();

  // Nothing went wrong on the way: the card shows no problem.
  await follow(page, `/publishers/show/${publisherId}/settings`);
  await expect(page.getByRole('region', { name: 'PAYMENTS' }).getByText(/Stripe is connected in test mode/)).toBeVisible();
  await expect(page.getByText(/Last problem/)).toHaveCount(0);
});
