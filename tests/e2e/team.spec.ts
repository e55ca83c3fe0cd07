/**
 * Team: a director opens Newsletter Settings → Team, invites (with the spec's validation messages),
 * edits an author, removes a member; the invitee follows the e-mailed link, chooses a password and
 * is signed in; an editor is offered no Edit / Remove on another editor.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { accounts, closeToasts, expectToast, keepScreenshot, resetLinkIn, signIn, switchScope, waitForMailTo } from './helpers';

const invitee = 'davetli.yazar@kuzeymedya.example';
const inviteePassword = 'Davetli-yazar-1';

async function openNewsletterTeam(page: Page, newsletter = 'Sabah Bülteni') {
  await expect(page.getByRole('button', { name: 'Switch scope' })).toBeVisible();
  await switchScope(page, newsletter);
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Team', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Newsletter Team' })).toBeVisible();
  await expect(page.getByTestId('member-card').first()).toBeVisible();
}

const card = (page: Page, name: string) => page.getByTestId('member-card').filter({ hasText: name });

test.describe.serial('team', () => {
  test('a director invites, edits and removes members of a newsletter team', async ({ page }) => {
    await signIn(page, accounts.director);
    await openNewsletterTeam(page);
    await expect(page.getByRole('region', { name: 'Editors' }).getByText('Burak Şahin')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Authors' }).getByText('Zeynep Arslan')).toBeVisible();

    // Invite: the e-mail and the role are checked before anything is sent.
    await page.getByRole('button', { name: 'Add Author' }).click();
    await expect(page.getByRole('dialog', { name: 'Add Author' }).getByRole('combobox', { name: 'MEMBER' })).toBeVisible();
    await page.getByRole('button', { name: 'INVITE BY E-MAIL' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite a Member' });
    await dialog.getByLabel('EMAIL').fill('not-an-email');
    await dialog.getByRole('button', { name: 'INVITE' }).click();
    await expect(dialog.getByText('Email is not valid.')).toBeVisible();
    await expect(dialog.getByText('Select a role.')).toBeVisible();
    await keepScreenshot(page, 'team-invite');
    await dialog.getByLabel('EMAIL').fill(invitee);
    await dialog.getByRole('button', { name: 'INVITE' }).click();
    await expect(dialog.getByText('Select a role.')).toBeVisible();
    await expect(dialog.getByText('Email is not valid.')).toHaveCount(0);
    await dialog.getByRole('combobox', { name: 'ROLE' }).click();
    await page.getByRole('option', { name: 'Author' }).click();
    await dialog.getByRole('button', { name: 'INVITE' }).click();
    await expectToast(page, `An invitation email is sent to ${invitee}.`);
    await expect(dialog.getByLabel('EMAIL')).toHaveCount(0);
    await expect(card(page, invitee)).toContainText('NOT READY');

    // Edit an author's name.
    await card(page, 'Zeynep Arslan').getByRole('button', { name: 'More for Zeynep Arslan' }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit User' });
    await expect(edit.getByLabel('NAME')).toHaveValue('Zeynep Arslan');
    // The role list offers editor and author only.
    await edit.getByRole('combobox', { name: 'ROLE' }).click();
    await expect(page.getByRole('option')).toHaveText(['Editor', 'Author']);
    await page.keyboard.press('Escape');
    await edit.getByLabel('NAME').fill('Zeynep Arslan Kaya');
    await keepScreenshot(page, 'team-edit');
    await edit.getByRole('button', { name: 'SAVE' }).click();
    await expectToast(page, 'The member is saved.');
    await expect(card(page, 'Zeynep Arslan Kaya')).toBeVisible();

    // Remove a member, after a confirmation.
    await card(page, 'Burak Şahin').getByRole('button', { name: 'More for Burak Şahin' }).click();
    await page.getByRole('menuitem', { name: 'Remove' }).click();
    await page.getByRole('dialog', { name: 'Remove Member' }).getByRole('button', { name: 'REMOVE' }).click();
    await expectToast(page, 'Burak Şahin is removed from the team.');
    await expect(card(page, 'Burak Şahin')).toHaveCount(0);

    await closeToasts(page);
    await keepScreenshot(page, 'team');

    // Directors are beyond these screens: the director's own publisher team has no menus.
    await switchScope(page, 'Kuzey Medya');
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Team', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Publisher Team' })).toBeVisible();
    await expect(card(page, 'Selin Kaya')).toContainText('DIRECTOR');
    await expect(page.getByRole('button', { name: /^More for/ })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Add Director' })).toBeVisible();
    await keepScreenshot(page, 'team-publisher');
  });

  test('the invitee follows the e-mailed link, chooses a password and is signed in', async ({ page }) => {
    const mail = await waitForMailTo(invitee);
    expect(mail.subject).toContain('Kuzey Medya');
    await page.goto(resetLinkIn(mail.text));
    await page.getByRole('textbox', { name: 'New password', exact: true }).fill(inviteePassword);
    await page.getByLabel('Confirm the new password').fill(inviteePassword);
    await page.getByRole('button', { name: 'RESET PASSWORD' }).click();
    // A new author starts with the Welcome onboarding.
    await expect(page.getByRole('heading', { name: 'Welcome' })).toBeVisible();
    await expect(page.getByText(invitee)).toBeVisible();
    await keepScreenshot(page, 'team-invitee');
  });

  test('an editor is offered Edit / Remove on authors but not on another editor, and no Add buttons', async ({ page }) => {
    // Put Burak back on the team through the director's Add Editor.
    await signIn(page, accounts.director);
    await openNewsletterTeam(page);
    await page.getByRole('button', { name: 'Add Editor' }).click();
    const add = page.getByRole('dialog', { name: 'Add Editor' });
    await add.getByRole('combobox', { name: 'MEMBER' }).click();
    await page.getByRole('option', { name: /Burak Şahin/ }).click();
    await add.getByRole('button', { name: 'ADD' }).click();
    await expectToast(page, 'Burak Şahin is added to the team.');
    await expect(card(page, 'Burak Şahin')).toBeVisible();

    await page.context().clearCookies();
    await page.evaluate(() => localStorage.clear());
    await signIn(page, accounts.editor);
    await openNewsletterTeam(page);
    await expect(card(page, 'Burak Şahin')).toBeVisible();
    await expect(card(page, 'Burak Şahin').getByRole('button', { name: /^More for/ })).toHaveCount(0);
    await expect(card(page, 'Emre Demir').getByRole('button', { name: /^More for/ })).toHaveCount(0);
    await expect(card(page, 'Zeynep Arslan Kaya').getByRole('button', { name: 'More for Zeynep Arslan Kaya' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add Editor' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Add Author' })).toHaveCount(0);
    await keepScreenshot(page, 'team-editor');
  });
});
