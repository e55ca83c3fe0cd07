/**
 * Collections end to end (spec 001 sections 2, 4, 5 and 8; spec 000 'Dashboards' and 'Lists'): a
 * director makes one with the wizard, meeting every validation message on the way, and finds it
 * published at /c/{slug} with its items in the order arranged; items are added and moved on a
 * collection's dashboard and saved with UPDATE; the edit page saves; a draft is published from its
 * card's menu and a collection deleted from it; an editor's collection waits as a draft; an admin
 * makes a collection of issues.
 */
import type { Page } from '@playwright/test';
import { expect, ownServerTest } from './fixtures';
import { accounts, expectToast, follow, keepScreenshot, signIn, signInAsAdmin, switchScope } from './helpers';

// These journeys add, change and delete collections: they run on the second server (fixtures.ts ownServerTest).
const test = ownServerTest();

const messages = {
  image: 'You need to select an image.',
  title: 'Collection title must be three characters or more.',
  description: 'Collection description must be three characters or more.',
  children: 'Collection must have at least one item.',
  taken: 'This collection name already exists.',
  created: 'You created a new collection.',
};

const stage = (page: Page, name: string) => expect(page.getByRole('heading', { level: 2, name, exact: true })).toBeVisible();
const press = (page: Page, name: string) => page.getByRole('button', { name, exact: true }).click();
const field = (page: Page, label: string) => page.getByRole('textbox', { name: label, exact: true });
const fieldError = (page: Page, text: string) => page.locator('[role="alert"]').filter({ hasText: text }).first();

async function openCollections(page: Page, account: string, newsletter: string) {
  await signIn(page, account);
  await switchScope(page, newsletter);
  await page.getByRole('navigation').getByRole('link', { name: 'Collections' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Collections' })).toBeVisible();
}

async function pickImage(page: Page) {
  await page.getByRole('button', { name: 'Select Image' }).click();
  const picker = page.getByRole('dialog', { name: 'Select Image' });
  await picker.getByRole('option').first().click();
  await picker.getByRole('button', { name: 'SELECT' }).click();
  await expect(picker).toBeHidden();
}

/** The titles of an ordered list of items, in order. */
async function orderOf(page: Page, label: string): Promise<string[]> {
  return page.getByRole('list', { name: label }).getByRole('listitem').locator('span span:first-child').allInnerTexts();
}

/** The public page's text with the items' titles in the order the page shows them. */
async function expectPublicOrder(page: Page, path: string, title: string, items: string[]) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const text = await page.locator('body').innerText();
  const positions = items.map((item) => text.indexOf(item));
  expect(positions.every((position) => position >= 0)).toBe(true);
  expect([...positions].sort((a, b) => a - b)).toEqual(positions);
}

test.describe('collections', () => {
  test('a director makes a collection with the wizard, meeting each message, and finds it at /c/{slug}', async ({ page }) => {
    await openCollections(page, accounts.director, 'Sabah Bülteni');
    await page.getByRole('main').getByRole('button', { name: 'NEW' }).click();
    await expect(page).toHaveURL(/\/collections\/create\?parent=[^&]+&model=Newsletter$/);

    // Stage 0: every field's message, then the key another collection has.
    await stage(page, 'About the collection');
    await press(page, 'NEXT');
    for (const message of [messages.image, messages.title, messages.description]) await expect(fieldError(page, message)).toBeVisible();
    await keepScreenshot(page, 'collection-wizard-errors');
    await pickImage(page);
    await expect(fieldError(page, messages.image)).toBeHidden();
    await field(page, 'Title').fill('ab');
    await field(page, 'Description').fill('cd');
    await press(page, 'NEXT');
    await expect(fieldError(page, messages.title)).toBeVisible();
    await expect(fieldError(page, messages.description)).toBeVisible();
    await field(page, 'Title').fill('Hafta Sonu Okumaları');
    await expect(field(page, 'Key')).toHaveValue('hafta-sonu-okumalari');
    await expect(page.getByText('hafta-sonu-okumalari is available.')).toBeVisible();
    await field(page, 'Description').fill('Hafta sonu için seçtiğimiz uzun okumalar.');
    await field(page, 'Key').fill('haftanin-seckisi');
    await expect(page.getByText(messages.taken).first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'NEXT', exact: true })).toBeDisabled();
    await field(page, 'Key').fill('hafta-sonu-okumalari');
    await expect(page.getByText('hafta-sonu-okumalari is available.')).toBeVisible();
    await press(page, 'NEXT');

    // Stage 1: at least one item; two added, then the second dragged above the first.
    await stage(page, 'Items');
    await press(page, 'NEXT');
    await expect(fieldError(page, messages.children)).toBeVisible();
    const published = page.getByRole('list', { name: 'Published stories' });
    await published.getByRole('button', { name: 'Add Modern Sanat Müzesinde Yeni Sergi' }).click();
    await published.getByRole('button', { name: 'Add Yapay Zekâ ile Kod Yazmak' }).click();
    await expect(published.getByRole('button', { name: /Yapay Zekâ ile Kod Yazmak: added/ })).toContainText('ADDED');
    await expect(fieldError(page, messages.children)).toBeHidden();
    const order = 'Items of the collection';
    expect(await orderOf(page, order)).toEqual(['Modern Sanat Müzesinde Yeni Sergi', 'Yapay Zekâ ile Kod Yazmak']);
    const rows = page.getByRole('list', { name: order }).getByRole('listitem');
    await rows.nth(1).dragTo(rows.nth(0));
    await expect.poll(() => orderOf(page, order)).toEqual(['Yapay Zekâ ile Kod Yazmak', 'Modern Sanat Müzesinde Yeni Sergi']);
    await keepScreenshot(page, 'collection-wizard-items');
    await press(page, 'NEXT');

    // Stage 2: the preview, BACK and on again, PUBLISH.
    await stage(page, 'Publish');
    const preview = page.getByRole('article', { name: "Preview of the collection's page" });
    await expect(preview.getByRole('heading', { name: 'Hafta Sonu Okumaları' })).toBeVisible();
    await expect(preview.getByRole('listitem').first()).toContainText('Yapay Zekâ ile Kod Yazmak');
    await press(page, 'BACK');
    await stage(page, 'Items');
    await press(page, 'NEXT');
    await press(page, 'PUBLISH');
    await expectToast(page, messages.created);
    // The wizard ends on the collection it made; the newsletter's dashboard lists it first among its latest collections.
    await expect(page).toHaveURL(/\/collections\/show\/[^/]+$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Hafta Sonu Okumaları' })).toBeVisible();
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Home' }).click();
    const latest = page.getByRole('list', { name: 'Latest collections' });
    await expect(latest.getByRole('link').first()).toContainText('Hafta Sonu Okumaları');
    await latest.getByRole('link').first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Hafta Sonu Okumaları' })).toBeVisible();
    await expect(page.getByText('PUBLISHED', { exact: true })).toBeVisible();
    const link = page.getByRole('link', { name: /\/c\/hafta-sonu-okumalari$/ });
    await expect(link).toBeVisible();
    await expectPublicOrder(page, '/c/hafta-sonu-okumalari', 'Hafta Sonu Okumaları', ['Yapay Zekâ ile Kod Yazmak', 'Modern Sanat Müzesinde Yeni Sergi']);
  });

  test('items are added and moved on the dashboard, saved by UPDATE; the edit page saves', async ({ page }) => {
    await openCollections(page, accounts.director, 'Sabah Bülteni');
    await page.getByRole('main').getByRole('link', { name: 'Teknoloji Dosyası' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Teknoloji Dosyası' })).toBeVisible();
    const order = 'Stories of the collection';
    const before = await orderOf(page, order);
    expect(before.length).toBeGreaterThan(1);

    // The Add Story modal: ADDED for those in already, ADD for the rest.
    await page.getByRole('button', { name: 'ADD STORY' }).click();
    await expect(page).toHaveURL(/\/collections\/show\/[^/]+\/add$/);
    const modal = page.getByRole('dialog', { name: 'Add Story' });
    await expect(modal.getByRole('button', { name: `${before[0]}: added, take out` })).toContainText('ADDED');
    await modal.getByRole('searchbox', { name: 'Search stories' }).fill('Telefon');
    const add = modal.getByRole('button', { name: 'Add Telefonunuzu Güvende Tutmanın Beş Yolu' });
    await add.click();
    await expect(modal.getByRole('button', { name: 'Telefonunuzu Güvende Tutmanın Beş Yolu: added, take out' })).toBeVisible();
    await keepScreenshot(page, 'collection-add-story');
    await press(page, 'DONE');
    await expect(page).toHaveURL(/\/collections\/show\/[^/]+$/);

    // The new one goes to the top; UPDATE saves, and a reload shows the saved order.
    await expect(page.getByText('You have changes: UPDATE saves them.')).toBeVisible();
    const rows = page.getByRole('list', { name: order }).getByRole('listitem');
    await rows
      .last()
      .getByRole('button', { name: /^Move Up/ })
      .click();
    await rows
      .nth(before.length - 1)
      .getByRole('button', { name: /^Move Up/ })
      .click();
    // Added at the end and moved up twice: two places from the end.
    const expected = [...before.slice(0, -2), 'Telefonunuzu Güvende Tutmanın Beş Yolu', ...before.slice(-2)];
    await expect.poll(() => orderOf(page, order)).toEqual(expected);
    await press(page, 'UPDATE');
    await expectToast(page, 'Collection saved.');
    await page.reload();
    await expect.poll(() => orderOf(page, order)).toEqual(expected);
    await expectPublicOrder(page, '/c/teknoloji-dosyasi', 'Teknoloji Dosyası', expected);
    await page.goBack();

    // The edit page: a title too short is refused, a good one saved; Remove takes an item out.
    await page.getByRole('link', { name: 'Edit the collection' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Edit Collection' })).toBeVisible();
    await field(page, 'Title').fill('Te');
    await press(page, 'SAVE');
    await expect(fieldError(page, messages.title)).toBeVisible();
    await field(page, 'Title').fill('Teknoloji Dosyası: Uzun Okumalar');
    await page.getByRole('button', { name: 'Remove Telefonunuzu Güvende Tutmanın Beş Yolu' }).click();
    await expect(page.getByRole('link', { name: /^Go to URL of/ }).first()).toHaveAttribute('href', /^\/s\//);
    await keepScreenshot(page, 'collection-edit');
    await press(page, 'SAVE');
    await expectToast(page, 'Collection saved.');
    await expect(page.getByRole('heading', { level: 1, name: 'Teknoloji Dosyası: Uzun Okumalar' })).toBeVisible();
    await expect.poll(() => orderOf(page, order)).toEqual(before);
  });

  test("a draft is published from its card's menu, and a collection deleted from it", async ({ page }) => {
    await openCollections(page, accounts.director, 'Sabah Bülteni');
    const card = page.getByRole('article', { name: 'Yaz Okumaları' });
    await expect(card.getByText('DRAFT', { exact: true })).toBeVisible();
    await card.getByRole('button', { name: /Actions for Yaz Okumaları/ }).click();
    await page.getByRole('menuitem', { name: 'Publish' }).click();
    await expectToast(page, 'Collection saved.');
    await expect(card.getByText('PUBLISHED', { exact: true })).toBeVisible();

    await card.getByRole('button', { name: /Actions for Yaz Okumaları/ }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'DELETE' }).click();
    await expectToast(page, 'Collection deleted.');
    await expect(page.getByRole('article', { name: 'Yaz Okumaları' })).toBeHidden();
  });

  test("an editor's collection waits as a draft; an admin makes a collection of issues", async ({ page }) => {
    await openCollections(page, accounts.editor, 'Sabah Bülteni');
    await page.getByRole('main').getByRole('button', { name: 'NEW' }).click();
    await stage(page, 'About the collection');
    // Only admins choose the type.
    await expect(page.getByRole('radiogroup', { name: 'Collection type' })).toBeHidden();
    await pickImage(page);
    await field(page, 'Title').fill('Editörün Taslağı');
    await field(page, 'Description').fill('Bir editörün hazırladığı seçki.');
    await expect(page.getByText('editorun-taslagi is available.')).toBeVisible();
    await press(page, 'NEXT');
    await page.getByRole('list', { name: 'Published stories' }).getByRole('button', { name: /^Add / }).first().click();
    await press(page, 'NEXT');
    await expect(page.getByText('The collection is saved as a draft')).toBeVisible();
    await press(page, 'SAVE AS DRAFT');
    await expectToast(page, messages.created);
    await follow(page, '/');
    await switchScope(page, 'Sabah Bülteni');
    await page.getByRole('navigation').getByRole('link', { name: 'Collections' }).click();
    await expect(page.getByRole('article', { name: 'Editörün Taslağı' }).getByText('DRAFT', { exact: true })).toBeVisible();
    // A draft has no public page.
    expect((await page.request.get('/c/editorun-taslagi')).status()).toBe(404);

    await page.context().clearCookies();
    await page.evaluate(() => localStorage.clear());
    await signInAsAdmin(page);
    await switchScope(page, 'Sabah Bülteni');
    await page.getByRole('navigation').getByRole('link', { name: 'Collections' }).click();
    await page.getByRole('main').getByRole('button', { name: 'NEW' }).click();
    await pickImage(page);
    await field(page, 'Title').fill('Bültenin En İyileri');
    await field(page, 'Description').fill('Yılın en çok okunan sayıları.');
    await page.getByRole('radio', { name: 'Issues' }).check();
    await expect(page.getByText('bultenin-en-iyileri is available.')).toBeVisible();
    await press(page, 'NEXT');
    const issues = page.getByRole('list', { name: 'Published issues' });
    await issues.getByRole('button', { name: /^Add / }).first().click();
    await press(page, 'NEXT');
    await press(page, 'PUBLISH');
    await expectToast(page, messages.created);
    const response = await page.request.get('/c/bultenin-en-iyileri');
    expect(response.status()).toBe(200);
    expect(await response.text()).toMatch(/href="\/i\//);
  });
});
