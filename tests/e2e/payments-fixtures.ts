/**
 * The payments journeys' `test`: the worker's server points its Stripe package at a local stand-in
 * (tests/api/stripe-standin.ts) through STRIPE_API_URL; the stand-in posts its events to the
 * endpoints the server creates at its public address (localhost). And the steps the journeys share:
 * a premium story, a reader subscribed on the landing page.
 */
import type { Page } from '@playwright/test';
import { expect, test as base } from './fixtures';
import { waitForMailTo } from './helpers';
import { startServer, type RunningServer } from './server';
import { startStripeStandin, type StripeStandin } from '../api/stripe-standin';

export const test = base.extend<object, { standin: StripeStandin; server: RunningServer }>({
  standin: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern; this one has none
    async ({}, use) => {
      const standin = await startStripeStandin();
      await use(standin);
      await standin.close();
    },
    { scope: 'worker' },
  ],
  server: [
    async ({ standin }, use, workerInfo) => {
      const server = await startServer(workerInfo.parallelIndex, 90_000, { STRIPE_API_URL: standin.url });
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
});

/** Sabah Bülteni's metro story, which the journeys make premium: its teaser is everyone's, the rest the payers'. */
export const metroStory = {
  slug: 'sehirde-yeni-metro-hatti-acildi',
  title: 'Şehirde Yeni Metro Hattı Açıldı',
  teaser: 'Uzun süredir beklenen metro hattı bu sabah ilk yolcularını taşıdı.',
  rest: 'Hat, şehrin doğusunu merkeze 25 dakikada bağlıyor.',
};

/**
 * Makes the metro story premium as the signed-in director (its switch is the premium journey's;
 * here the service is called as the switch calls it); answers Sabah Bülteni's id.
 */
export async function makeMetroStoryPremium(page: Page): Promise<string> {
  const headers = { authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('accessToken'))}` };
  const verify = await (await page.request.get('/api/auth/verify', { headers })).json();
  const morning = (verify.data.scopes as { _id: string; title: string }[]).find((scope) => scope.title === 'Sabah Bülteni')!._id;
  const found = await (await page.request.get(`/api/stories/list?newsletter=${morning}&search=${encodeURIComponent('Şehirde')}&limit=10`, { headers })).json();
  const storyId = (found.data as { _id: string; title: string }[]).find((row) => row.title === metroStory.title)!._id;
  expect((await page.request.post('/api/premium/story', { headers, data: { storyId } })).status()).toBe(200);
  return morning;
}

/** A reader subscribes on Sabah Bülteni's landing page (its own form, at the top) and confirms through the e-mail; answers that e-mail. */
export async function subscribeOnLanding(reader: Page, email: string) {
  await reader.goto('/n/sabah-bulteni');
  await reader.getByRole('textbox', { name: 'E-posta adresiniz' }).first().fill(email);
  await reader.getByRole('button', { name: 'Abone ol' }).first().click();
  const confirmation = await waitForMailTo(email);
  await reader.goto(new URL(/https?:\/\/\S+\/n\/[^/\s]+\/confirm\/[\w.-]+/.exec(confirmation.text)![0]).pathname);
  await expect(reader.getByText('Aboneliğiniz onaylandı. Hoş geldiniz!')).toBeVisible();
  return confirmation;
}

/** A reader on the sign-in page (where `reader` is) signs in with the link e-mailed after `previousMailId`, and lands on their account. */
export async function signInWithEmailedLink(reader: Page, email: string, previousMailId: string): Promise<void> {
  await reader.getByRole('textbox', { name: 'E-posta adresiniz' }).fill(email);
  await reader.getByRole('button', { name: 'Giriş bağlantısı gönder' }).click();
  const signInMail = await waitForMailTo(email, previousMailId);
  await reader.goto(new URL(/https?:\/\/\S+\/n\/sabah-bulteni\/signin\/[\w-]+/.exec(signInMail.text)![0]).pathname);
  await reader.getByRole('button', { name: 'Giriş yap' }).click();
  await expect(reader.getByRole('heading', { name: 'Hesabım' })).toBeVisible();
}
