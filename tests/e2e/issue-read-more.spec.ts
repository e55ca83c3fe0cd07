/**
 * No dead ends (issue 29, decision 0033): a published demo issue's e-mail, seen in the editor's
 * PREVIEW, gives its article a 'Read more' ('Devamını oku') with an absolute link to the article's
 * page, and the issue's public page /i/{slug} does too; followed in Chromium, each opens the
 * article, released with the issue, whole.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { follow, signInAsAdmin } from './helpers';

const readMore = 'Devamını oku';
const article = { title: 'Köprüde Gece Çalışması Sürüyor', words: 'toplu taşımanın ek seferlerle destekleneceğini' };

/** Sabah Bülteni's published demo issue that carries the article. */
async function publishedIssue(page: Page) {
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  const headers = { authorization: `Bearer ${token}` };
  const verify = await (await page.request.get('/api/auth/verify', { headers })).json();
  const morning = (verify.data.scopes as { _id: string; title: string }[]).find((scope) => scope.title === 'Sabah Bülteni')!._id;
  const list = await (await page.request.get(`/api/issues/list?newsletter=${morning}&status.published=true&limit=50`, { headers })).json();
  return (list.data as { _id: string; key: string; slug: string }[]).find((row) => row.key.endsWith('-gecen-hafta'))!;
}

test("an article in a published issue: 'Read more' in the e-mail and on /i/ leads to it", async ({ page, baseURL }) => {
  await signInAsAdmin(page);
  const issue = await publishedIssue(page);

  // The e-mail, as its PREVIEW shows it: the article's headline and subtitle, and its link.
  await follow(page, `/issues/edit/${issue._id}`);
  await page.getByRole('button', { name: 'PREVIEW' }).click();
  const email = page.frameLocator('iframe[title]').first();
  await expect(email.getByRole('heading', { name: article.title })).toBeVisible();
  const link = email.getByRole('link', { name: readMore });
  await expect(link).toHaveCount(1);
  const href = (await link.getAttribute('href'))!;
  // Absolute: the mail leaves the site (PUBLIC_URL, the same server here).
  expect(href).toMatch(/^http:\/\/localhost:\d+\/s\/[a-z0-9-]+$/);
  await expect(email.getByRole('link', { name: article.title })).toHaveAttribute('href', href);
  // The preview's frame is sandboxed (no navigation from it): the reader's mail client opens the address.
  await page.goto(new URL(href).pathname);
  await expect(page.getByRole('heading', { level: 1, name: article.title })).toBeVisible();
  await expect(page.getByText(article.words)).toBeVisible();

  // The issue's page: the headline and subtitle, and 'Read more' clicked through to the article.
  await page.goto(`/i/${issue.slug}`);
  await expect(page.getByRole('heading', { level: 3, name: article.title })).toBeVisible();
  await expect(page.getByText(article.words)).toHaveCount(0);
  await Promise.all([page.waitForURL(`${baseURL}${new URL(href).pathname}`), page.getByRole('link', { name: readMore }).click()]);
  await expect(page.getByRole('heading', { level: 1, name: article.title })).toBeVisible();
  await expect(page.getByText(article.words)).toBeVisible();
});
