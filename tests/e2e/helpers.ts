import { expect, type Page } from '@playwright/test';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readOutbox } from '../../core/server/services/mail';
import { e2eConfigDir, e2eDataDir, screensDir } from './paths';

export const password = 'Masthead-demo-1';
export const accounts = {
  admin: 'admin@masthead.local',
  director: 'director@masthead.local',
  editor: 'editor@masthead.local',
  author: 'author@masthead.local',
} as const;

export async function signIn(page: Page, email: string, secret = password): Promise<void> {
  await page.goto('/');
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill(secret);
  await page.getByRole('button', { name: 'LOGIN' }).click();
}

/** Signs in as an admin and picks a publisher in the picker. */
export async function signInAsAdmin(page: Page, publisher = 'Kuzey Medya'): Promise<void> {
  await signIn(page, accounts.admin);
  await choosePublisher(page, publisher);
}

export async function choosePublisher(page: Page, publisher: string): Promise<void> {
  const picker = page.getByRole('combobox', { name: 'Publisher' });
  await picker.click();
  await page.getByRole('option', { name: publisher }).click();
  await page.getByRole('button', { name: 'SELECT' }).click();
  await expect(page.getByRole('button', { name: 'Switch scope' })).toBeVisible();
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

/** A screenshot kept as a test artefact (tests/artifacts/screens). */
export async function keepScreenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(screensDir, `${name}.png`), fullPage: true });
}

export async function expectToast(page: Page, text: string): Promise<void> {
  await expect(page.getByTestId('toast').filter({ hasText: text }).first()).toBeVisible();
}
