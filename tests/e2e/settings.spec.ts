import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { accounts, expectToast, follow, keepScreenshot, password, signIn, signInAsAdmin } from './helpers';

const roleMessage = 'Required role Admin, current role: EDITOR';

/** The demo scopes' ids, as the director sees them. */
async function demoScopes(request: APIRequestContext): Promise<{ sabah: string; kuzey: string }> {
  const login = await request.post('/api/auth/login', { data: { email: accounts.director, password } });
  const token = ((await login.json()) as { data: string }).data;
  const verify = await request.get('/api/auth/verify', { headers: { authorization: `Bearer ${token}` } });
  const scopes = ((await verify.json()) as { data: { scopes: { _id: string; title: string }[] } }).data.scopes;
  return { sabah: scopes.find((scope) => scope.title === 'Sabah Bülteni')!._id, kuzey: scopes.find((scope) => scope.title === 'Kuzey Medya')!._id };
}

const save = (page: Page) => page.getByRole('button', { name: 'SAVE', exact: true }).click();
/** A text field by its label; the name also carries a required mark or the slug's prefix ('TITLE *', 'SLUG /n/'). */
const field = (page: Page, label: string) => page.getByRole('textbox', { name: new RegExp(`^${label}( \\*| /[np]/)?$`) });

test.describe.serial('settings', () => {
  let ids: { sabah: string; kuzey: string };
  test.beforeAll(async ({ request }) => {
    ids = await demoScopes(request);
  });

  test('an editor saves the newsletter credentials and may not change interests', async ({ page }) => {
    await signIn(page, accounts.editor, { at: `/newsletters/show/${ids.sabah}/settings` });
    await expect(page.getByRole('button', { name: 'Switch scope' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Newsletter Credentials', level: 1 })).toBeVisible();
    await expect(field(page, 'TITLE')).toHaveValue('Sabah Bülteni');

    // Too short: the field says it, and so does the toast; nothing is sent.
    await field(page, 'TITLE').fill('Sa');
    await save(page);
    await expect(page.getByText('Newsletter title must be at least 3 characters.').first()).toBeVisible();
    await expectToast(page, 'Newsletter title must be at least 3 characters.');
    await field(page, 'TITLE').fill('Sabah Bülteni');

    // The slug's availability as it is typed.
    await field(page, 'SLUG').fill('teknoloji-notlari');
    await expect(page.getByText('The newsletter name teknoloji-notlari already exists.')).toBeVisible();
    await field(page, 'SLUG').fill('sabah-bulteni');
    await expect(page.getByText('sabah-bulteni is available.')).toBeVisible();

    // Interests: only an admin changes them.
    const sport = page.getByRole('checkbox', { name: 'Sports' });
    await sport.click({ force: true });
    await expectToast(page, roleMessage);
    await expect(sport).not.toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Current Affairs' })).toBeChecked();
    // No Published / Featured switches for editors.
    await expect(page.getByRole('switch', { name: 'Published' })).toHaveCount(0);

    await field(page, 'SUBTITLE').fill('Güne on dakikada hazır başlayın');
    await page.evaluate(() => window.scrollTo(0, 0));
    await keepScreenshot(page, 'newsletter-settings');
    await save(page);
    await expectToast(page, 'Your changes are saved.');
    await page.reload();
    await expect(field(page, 'SUBTITLE')).toHaveValue('Güne on dakikada hazır başlayın');
  });

  test('an admin changes interests up to the limit and sees the status switches', async ({ page }) => {
    await signInAsAdmin(page);
    await follow(page, `/newsletters/show/${ids.sabah}/settings`);
    await expect(page.getByRole('checkbox', { name: 'Current Affairs' })).toBeChecked();
    await expect(page.getByRole('switch', { name: 'Published' })).toBeChecked();
    await expect(page.getByRole('switch', { name: 'Featured' })).toBeVisible();
    // A click on the label waits for the page to stop moving (the cover image loads), as a person's would.
    for (const name of ['Sports', 'Science']) {
      await page.getByText(name, { exact: true }).click();
      await expect(page.getByRole('checkbox', { name })).toBeChecked();
    }
    await expect(page.getByText('(4/4)')).toBeVisible();
    // The fifth is out of reach.
    await expect(page.getByRole('checkbox', { name: 'Health' })).toBeDisabled();
    await save(page);
    await expectToast(page, 'Your changes are saved.');
    await page.reload();
    await expect(page.getByRole('checkbox', { name: 'Sports' })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Science' })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Health' })).toBeDisabled();
  });

  test('the welcome editor saves an intro with bold text', async ({ page }) => {
    await signIn(page, accounts.editor, { at: `/newsletters/show/${ids.sabah}/settings` });
    await expect(page.getByRole('button', { name: 'Switch scope' })).toBeVisible();
    await page.getByRole('button', { name: 'Edit Welcome Issue' }).click();
    await expect(page).toHaveURL(new RegExp(`/newsletters/show/${ids.sabah}/settings/welcome$`));
    await expect(page.getByRole('heading', { name: 'Welcome Issue', level: 1 })).toBeVisible();
    await field(page, 'SUBJECT LINE').fill('Sabah Bülteni’ne hoş geldin!');
    await field(page, 'PREVIEW TEXT').fill('Yarın sabah ilk sayın kutunda.');

    const intro = page.locator('.ck-editor__editable');
    await expect(intro).toBeVisible();
    await intro.click();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('Aramıza hoş geldin. ');
    await page.keyboard.press('ControlOrMeta+B');
    await page.keyboard.type('Her sabah yedide');
    await page.keyboard.press('ControlOrMeta+B');
    await page.keyboard.type(' buradayız.');
    await expect(intro.locator('strong')).toHaveText('Her sabah yedide');

    // A link must be absolute http, https or ftp.
    await page.keyboard.press('Shift+Home');
    await page.keyboard.press('ControlOrMeta+K');
    const url = page.getByRole('textbox', { name: 'Link URL' });
    await url.fill('javascript:alert(1)');
    await url.press('Enter');
    await expectToast(page, 'URL should be valid and must start with either https:// or http://');
    await expect(intro.locator('a')).toHaveCount(0);
    await page.keyboard.press('Escape');

    await page.evaluate(() => window.scrollTo(0, 0));
    await keepScreenshot(page, 'welcome-editor');
    await save(page);
    await expectToast(page, 'Your changes are saved.');
    await page.reload();
    await expect(field(page, 'SUBJECT LINE')).toHaveValue('Sabah Bülteni’ne hoş geldin!');
    await expect(page.locator('.ck-editor__editable strong')).toHaveText('Her sabah yedide');

    await page.getByRole('link', { name: /Back to Dashboard/ }).click();
    await expect(page).toHaveURL(new RegExp(`/newsletters/show/${ids.sabah}$`));
  });

  test('a director saves the publisher credentials', async ({ page }) => {
    await signIn(page, accounts.director, { at: `/publishers/show/${ids.kuzey}/settings` });
    await expect(page.getByRole('button', { name: 'Switch scope' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Publisher Credentials', level: 1 })).toBeVisible();
    await expect(field(page, 'TITLE')).toHaveValue('Kuzey Medya');

    await field(page, 'WEBSITE').fill('kuzeymedya.example');
    await save(page);
    await expect(page.getByText('Website must start with either "https://" or "http://".').first()).toBeVisible();
    await field(page, 'WEBSITE').fill('https://kuzey.example');
    await field(page, 'DESCRIPTION').fill('Sabah, teknoloji ve kültür bültenleri yayımlayan bağımsız yayıncı. İstanbul.');
    await field(page, 'SLUG').fill('ege-haber');
    await expect(page.getByText('The publisher name ege-haber already exists.')).toBeVisible();
    await field(page, 'SLUG').fill('kuzey-medya');
    await expect(page.getByText('kuzey-medya is available.')).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, 0));
    await keepScreenshot(page, 'publisher-settings');
    await save(page);
    await expectToast(page, 'Your changes are saved.');
    await page.reload();
    await expect(field(page, 'WEBSITE')).toHaveValue('https://kuzey.example');
    await expect(field(page, 'DESCRIPTION')).toHaveValue(/İstanbul\.$/);
  });
});
