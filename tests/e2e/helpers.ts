import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readOutbox } from '../../core/server/services/mail';
import type { Constants } from '../../schemas/generated/config/constants';
import { expectAccessible } from './axe';
import { e2eConfigDir, e2eDataDir, keepScreens, screensDir } from './paths';
import { inEither, say, type Lang } from './languages';

/**
 * How long an editor page may take to appear: a worker's first visit loads and compiles CKEditor's
 * chunk (served by the built server, under 5 s in a full run on two cores), and two pages may open it at once.
 */
export const editorLoad = { timeout: 15_000 };

export const password = 'Masthead-demo-1';

/** config/constants.json, read as a file: Playwright's loader takes no JSON module (core/shared/config imports config/*.json). */
export const constants = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'config', 'constants.json'), 'utf8')) as Constants;
export const accounts = {
  admin: 'admin@masthead.local',
  director: 'director@masthead.local',
  editor: 'editor@masthead.local',
  author: 'author@masthead.local',
} as const;

/** Signs in through the login screen, as a person does: for the journeys of signing in itself. */
export async function signInWithForm(page: Page, email: string, secret = password): Promise<void> {
  await page.goto('/');
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill(secret);
  await page.getByRole('button', { name: 'LOGIN' }).click();
}

/** The worker's sessions by e-mail (a worker has one server): each account signs in once per worker, not once per journey. */
const sessions = new Map<string, string>();

/** A session of the account on the page's server: the worker's, while the server still accepts it, or a new one. */
async function sessionOf(request: APIRequestContext, email: string, own: boolean): Promise<string> {
  const known = own ? undefined : sessions.get(email);
  if (known && (await request.get('/api/auth/verify', { headers: { authorization: `Bearer ${known}` } })).ok()) return known;
  const login = await request.post('/api/auth/login', { data: { email, password } });
  expect(login.status(), `signing in ${email}`).toBe(200);
  const token = ((await login.json()) as { data: string }).data;
  if (!own) sessions.set(email, token);
  return token;
}

/**
 * Opens the console signed in as the account, as it opens after a reload: the session, made once per
 * worker (sessionOf), is put where the console keeps it (local storage's accessToken) and the
 * console loads; `ownSession` signs in anew, for a journey of sessions that end apart (a person
 * signed in on two computers); `at` is the address it opens at (the console's home by default). The
 * journeys of the login screen itself use signInWithForm.
 */
export async function signIn(page: Page, email: string, { ownSession = false, at = '/' } = {}): Promise<void> {
  const token = await sessionOf(page.request, email, ownSession);
  // A small file of the server's origin, to reach its local storage without loading the console.
  await page.goto('/favicon.svg');
  await page.evaluate((session) => {
    // Another account's scope is not this one's: as after a logout.
    localStorage.removeItem('current-scope');
    localStorage.setItem('accessToken', session);
  }, token);
  await page.goto(at);
}

/**
 * Goes to an address of the console by its router, as a link does (wouter follows
 * history.pushState), instead of loading the console again: a load costs about two seconds of the
 * machine's CPU (decision 0046). It passes through the console's page for an unknown address
 * first, so that what is awaited next is the new screen and not the one before it.
 */
export async function follow(page: Page, path: string): Promise<void> {
  const push = (to: string) => page.evaluate((address) => history.pushState(null, '', address), to);
  await push('/between-screens');
  await expect(page.getByText(inEither('This page does not exist.'))).toBeVisible();
  await push(path);
}

/** Signs in as an admin and picks a publisher in the picker. */
export async function signInAsAdmin(page: Page, publisher = 'Kuzey Medya'): Promise<void> {
  await signIn(page, accounts.admin);
  await choosePublisher(page, publisher);
}

/** Picks a publisher in the admin's picker and waits for the console: by its scope switcher, or by another button that shows once it is there (a phone keeps the switcher in the drawer). */
export async function choosePublisher(page: Page, publisher: string, { shown = 'Switch scope', lang = 'en' as Lang } = {}): Promise<void> {
  const picker = page.getByRole('combobox', { name: say(lang, 'Publisher') });
  await picker.click();
  await page.getByRole('option', { name: publisher }).click();
  await page.getByRole('button', { name: say(lang, 'SELECT') }).click();
  await expect(page.getByRole('button', { name: shown })).toBeVisible();
}

export async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Profile menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page.getByRole('button', { name: 'LOGIN' })).toBeVisible();
}

/** The newest e-mail sent to an address (the outbox in the e2e server's DATA_DIR). */
export function lastMailTo(email: string) {
  return readOutbox(e2eDataDir).find((entry) => entry.to === email);
}

/** Changes config/features.json of the running server (it re-reads the file by itself). */
export function setFeatures(change: Record<string, unknown>): void {
  const file = join(e2eConfigDir, 'features.json');
  writeFileSync(file, JSON.stringify({ ...JSON.parse(readFileSync(file, 'utf8')), ...change }, null, 2));
}

/** Checks the screen with axe, and keeps a screenshot of it as a test artefact (tests/artifacts/screens) when the run keeps them (keepScreens). */
export async function keepScreenshot(page: Page, name: string): Promise<void> {
  await expectAccessible(page);
  await saveScreenshot(page, name);
}

/** The whole page, saved in tests/artifacts/screens when the run keeps them: for a screen axe has checked already at another width. */
export async function saveScreenshot(page: Page, name: string): Promise<void> {
  if (keepScreens) await page.screenshot({ path: join(screensDir, `${name}.png`), fullPage: true });
}

/**
 * Makes the page's clock read early in a minute, and run on as usual from there. The publish forms
 * offer a time a minute ahead with its seconds zeroed, so the release is 0 to 60 seconds away
 * depending on when the form opened: opened early in the minute, the journey has most of a minute
 * before the job releases it. Late in the real minute, the page's clock starts at the next
 * minute instead of the test waiting for it; the time offered is then a little more than a minute
 * ahead of the server's, which takes it as well.
 */
export async function earlyInTheMinute(page: Page, latestSecond = 15): Promise<void> {
  const now = Date.now();
  const early = new Date(now).getSeconds() <= latestSecond;
  await page.clock.install({ time: early ? now : Math.ceil(now / 60_000) * 60_000 });
}

/** Fills a day and time field (core/client/DateTimeField.tsx): the day typed as 'yyyy-MM-dd' into its calendar's field, the time as 'HH:mm'. */
export async function fillDateTime(scope: Page | Locator, label: string, at: Date): Promise<void> {
  const two = (value: number) => String(value).padStart(2, '0');
  const day = scope.getByRole('combobox', { name: label, exact: true });
  await day.fill(`${at.getFullYear()}-${two(at.getMonth() + 1)}-${two(at.getDate())}`);
  // Taken as it loses the focus (Enter would open the calendar).
  await day.blur();
  await scope.getByRole('textbox', { name: `${label} time` }).fill(`${two(at.getHours())}:${two(at.getMinutes())}`);
}

export async function expectToast(page: Page, text: string): Promise<void> {
  await expect(page.getByTestId('toast').filter({ hasText: text }).first()).toBeVisible();
}

/**
 * Closes the page's toasts with their Close buttons, for a screenshot without them: by themselves
 * they go only after 4 s (an error's after 7 s). A toast may go by itself between the count and the
 * click, so the closing is tried again until none is left.
 */
export async function closeToasts(page: Page): Promise<void> {
  const toasts = page.getByTestId('toast');
  const close = toasts.getByRole('button', { name: 'Close' });
  await expect(async () => {
    while ((await close.count()) > 0) await close.first().click({ timeout: 1000 });
    await expect(toasts).toHaveCount(0, { timeout: 1000 });
  }).toPass();
}

/** Waits for an e-mail to an address newer than `previousId` (the id of the newest one before). */
export async function waitForMailTo(email: string, previousId?: string) {
  let mail: ReturnType<typeof lastMailTo>;
  await expect
    .poll(
      () => {
        mail = lastMailTo(email);
        return mail && mail.id !== previousId;
      },
      { message: `an e-mail to ${email}` },
    )
    .toBe(true);
  return mail!;
}

/** The reset link (PUBLIC_URL/forgot-password?code=...&email=...) in a reset e-mail. */
export function resetLinkIn(text: string): string {
  const link = /https?:\/\/\S+\/forgot-password\?code=\S+/.exec(text)?.[0];
  if (!link) throw new Error(`no reset link in: ${text}`);
  return link;
}

/** Sets a password through the API (forgot, the link's code from the outbox, reset), e.g. to put a demo password back. */
export async function resetPasswordByApi(request: APIRequestContext, email: string, newPassword = password): Promise<void> {
  const previousId = lastMailTo(email)?.id;
  const forgot = await request.put('/api/auth/password/forgot', { data: { email } });
  expect(forgot.status()).toBe(200);
  const link = new URL(resetLinkIn((await waitForMailTo(email, previousId)).text));
  const reset = await request.put('/api/auth/password/reset', {
    data: { email, token: link.searchParams.get('code'), password: newPassword, passwordConfirm: newPassword },
  });
  expect(reset.status(), await reset.text()).toBe(200);
}

/** Switches maintenance and waits until the server reports it (the console asks on load: reload afterwards). */
export async function setMaintenance(request: APIRequestContext, on: boolean): Promise<void> {
  setFeatures({ maintenance: on });
  await expect.poll(async () => ((await (await request.get('/api/editor/version')).json()) as { data: string }).data === 'maintenance').toBe(on);
}

/** A user's id, from signing in through the API. */
export async function userIdOf(request: APIRequestContext, email: string, secret = password): Promise<string> {
  const login = await request.post('/api/auth/login', { data: { email, password: secret } });
  expect(login.status()).toBe(200);
  const token = ((await login.json()) as { data: string }).data;
  const verify = await request.get('/api/auth/verify', { headers: { authorization: `Bearer ${token}` } });
  return ((await verify.json()) as { data: { user: { _id: string } } }).data.user._id;
}

/**
 * A scope in the switcher's menu. The items are checkable (the current scope is checked), so their
 * role is menuitemcheckbox; a publisher's name ends with its secondary text 'Publisher'.
 */
export function scopeItem(page: Page, title: string) {
  const escaped = title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return page.getByRole('menu').getByRole('menuitemcheckbox', { name: new RegExp(`^${escaped}( Publisher)?$`) });
}

/** Opens the sidebar's scope switcher and answers the scope titles in the menu, in order. */
export async function openScopeMenu(page: Page): Promise<string[]> {
  await page.getByRole('button', { name: 'Switch scope' }).click();
  const items = page.getByRole('menu').getByRole('menuitemcheckbox');
  await expect(items.first()).toBeVisible();
  return (await items.locator('.ms-ContextualMenu-itemText').allInnerTexts()).map((text) => text.trim());
}

export async function switchScope(page: Page, title: string): Promise<void> {
  await page.getByRole('button', { name: 'Switch scope' }).click();
  await scopeItem(page, title).click();
}
