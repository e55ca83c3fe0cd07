import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { accounts, follow, keepScreenshot, openScopeMenu, password, scopeItem, signIn, switchScope } from './helpers';

const newsletterHome = /\/newsletters\/show\/([^/]+)$/;
const publisherHome = /\/publishers\/show\/([^/]+)$/;

function idIn(page: Page, pattern: RegExp): string {
  return pattern.exec(new URL(page.url()).pathname)![1]!;
}

test.describe('scopes', () => {
  test('a director switches from the publisher to a newsletter and to another newsletter', async ({ page }) => {
    await signIn(page, accounts.director);
    await expect(page).toHaveURL(publisherHome);
    await expect(page.getByRole('heading', { name: 'Kuzey Medya', level: 1 })).toBeVisible();
    const publisherId = idIn(page, publisherHome);

    // The publisher first, then the newsletters by title; the current scope is checked.
    expect(await openScopeMenu(page)).toEqual(['Kuzey Medya', 'Kültür Sanat Haftalık', 'Sabah Bülteni', 'Teknoloji Notları']);
    await expect(scopeItem(page, 'Kuzey Medya')).toBeChecked();
    await scopeItem(page, 'Sabah Bülteni').click();
    await expect(page).toHaveURL(newsletterHome);
    await expect(page.getByRole('heading', { name: 'Sabah Bülteni', level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Switch scope' })).toContainText('Sabah Bülteni');
    const sabahId = idIn(page, newsletterHome);
    expect(sabahId).not.toBe(publisherId);

    await switchScope(page, 'Teknoloji Notları');
    await expect(page).toHaveURL(newsletterHome);
    await expect(page.getByRole('heading', { name: 'Teknoloji Notları', level: 1 })).toBeVisible();
    const teknolojiId = idIn(page, newsletterHome);
    expect(teknolojiId).not.toBe(sabahId);

    // The top bar's Back goes to the previous scope; the current scope follows the address.
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Sabah Bülteni', level: 1 })).toBeVisible();
    expect(idIn(page, newsletterHome)).toBe(sabahId);
    await page.getByRole('button', { name: 'Forward', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Teknoloji Notları', level: 1 })).toBeVisible();

    await switchScope(page, 'Kuzey Medya');
    await expect(page).toHaveURL(publisherHome);
    expect(idIn(page, publisherHome)).toBe(publisherId);
    await expect(page.getByRole('heading', { name: 'Kuzey Medya', level: 1 })).toBeVisible();
  });

  test("an editor's switcher lists only the editor's two newsletters", async ({ page }) => {
    await signIn(page, accounts.editor);
    await expect(page.getByRole('heading', { name: 'Sabah Bülteni', level: 1 })).toBeVisible();
    expect(await openScopeMenu(page)).toEqual(['Sabah Bülteni', 'Teknoloji Notları']);
    await expect(page.getByRole('menu').getByText('Publisher')).toHaveCount(0);
  });

  test("an unknown scope id goes back to the current scope's home", async ({ page }) => {
    await signIn(page, accounts.editor);
    await expect(page.getByRole('heading', { name: 'Sabah Bülteni', level: 1 })).toBeVisible();
    await switchScope(page, 'Teknoloji Notları');
    await expect(page.getByRole('heading', { name: 'Teknoloji Notları', level: 1 })).toBeVisible();
    const teknolojiId = idIn(page, newsletterHome);

    await follow(page, '/newsletters/show/does-not-exist');
    await expect(page).toHaveURL(`/newsletters/show/${teknolojiId}`);
    await expect(page.getByRole('heading', { name: 'Teknoloji Notları', level: 1 })).toBeVisible();

    // A publisher scope an editor does not have is unknown too.
    await follow(page, '/publishers/show/does-not-exist');
    await expect(page).toHaveURL(`/newsletters/show/${teknolojiId}`);
  });

  test('an author sees Coming soon! on a newsletter dashboard', async ({ page }) => {
    await signIn(page, accounts.author);
    await expect(page).toHaveURL(newsletterHome);
    await expect(page.getByText('Coming soon!')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Tips and Tricks' })).toHaveCount(0);
    await keepScreenshot(page, 'coming-soon');
    expect(await openScopeMenu(page)).toEqual(['Kültür Sanat Haftalık', 'Teknoloji Notları']);
    await scopeItem(page, 'Teknoloji Notları').click();
    await expect(page.getByRole('button', { name: 'Switch scope' })).toContainText('Teknoloji Notları');
    await expect(page.getByText('Coming soon!')).toBeVisible();
  });

  test('the console makes no request outside its own origin', async ({ page, baseURL }) => {
    const origin = new URL(baseURL!).origin;
    const urls: string[] = [];
    page.on('request', (request) => urls.push(request.url()));
    page.on('websocket', (socket) => urls.push(socket.url()));

    await page.goto('/');
    await page.goto('/forgot');
    await signIn(page, accounts.director);
    await expect(page.getByRole('heading', { name: 'Kuzey Medya', level: 1 })).toBeVisible();
    await switchScope(page, 'Sabah Bülteni');
    await expect(page.getByRole('heading', { name: 'Sabah Bülteni', level: 1 })).toBeVisible();
    await page.getByRole('region', { name: 'Tips and Tricks' }).getByRole('link', { name: 'See all' }).click();
    await expect(page.getByRole('heading', { name: 'Tips & Tricks' })).toBeVisible();
    await page.getByRole('button', { name: 'READ MORE' }).first().click();
    await expect(page).toHaveURL(/\/resources\/show\//);
    await page.getByRole('button', { name: 'Profile menu' }).click();
    await page.getByRole('menuitem', { name: 'My Profile' }).click();
    await expect(page.getByPlaceholder('Type your name...')).toBeVisible();
    await page.waitForLoadState('networkidle');

    expect(urls.length).toBeGreaterThan(10);
    const outside = urls.filter((url) => !url.startsWith('data:') && !url.startsWith('blob:') && new URL(url.replace(/^ws/, 'http')).origin !== origin);
    expect(outside).toEqual([]);
  });
  test('a page about a newsletter’s issue or story keeps the console in that newsletter', async ({ page, request }) => {
    const login = await request.post('/api/auth/login', { data: { email: accounts.director, password } });
    const headers = { authorization: `Bearer ${((await login.json()) as { data: string }).data}` };
    const newsletters = ((await (await request.get('/api/newsletters/list', { headers })).json()) as { data: { _id: string; key: string }[] }).data;
    const sabah = newsletters.find((newsletter) => newsletter.key === 'sabah-bulteni')!;
    const issues = (
      (await (await request.get(`/api/issues/list?newsletter=${sabah._id}`, { headers })).json()) as {
        data: { _id: string; subject: string; status: { emailed: boolean } }[];
      }
    ).data;
    const sent = issues.find((issue) => issue.status.emailed)!;
    const scope = page.getByRole('button', { name: 'Switch scope' });

    // Opened from the publisher's scope (a link, a bookmark): the issue's analytics move the console into its newsletter.
    await signIn(page, accounts.director);
    await expect(scope).toContainText('Kuzey Medya');
    await follow(page, `/issues/show/${sent._id}/analytics`);
    await expect(page.getByRole('heading', { name: sent.subject, level: 1 })).toBeVisible();
    await expect(scope).toContainText('Sabah Bülteni');
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Issues' }).click();
    await expect(page).toHaveURL(`/newsletters/show/${sabah._id}/issues`);

    // From another newsletter, the text-to-speech pages of Sabah Bülteni do the same.
    await switchScope(page, 'Teknoloji Notları');
    await follow(page, `/issues/audios/select/${sabah._id}`);
    await expect(page.getByRole('heading', { name: 'Create New Issue Audio', level: 1 })).toBeVisible();
    await expect(scope).toContainText('Sabah Bülteni');
  });
});
