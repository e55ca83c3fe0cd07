/**
 * Issues, from the newsletter dashboard to a new issue: an editor sees the demo drafts and
 * published issues on the dashboard, follows 'See all' to the list, cycles its status badge
 * (ALL, PUBLISHED, DRAFT, ALL, kept in the address), searches it (from 3 characters), creates an
 * issue from the top bar's NEW menu (a taken code name turns the field red and says so, a free one
 * green; CREATE waits for it), lands on its editor, and deletes it from the list. An author sees
 * no Issues in the sidebar, no issue panels and no 'New Issue'.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page, Request } from '@playwright/test';
import { expect, test } from './fixtures';
import { accounts, constants, expectToast, follow, keepScreenshot, signIn, signInAsAdmin, switchScope } from './helpers';

/** The demo newsletter the editor starts in, and the code names its demo issues have (plugins/issues/server/seed.ts). */
const newsletterTitle = 'Sabah Bülteni';
const takenCodeName = 'sabah-bulteni-aksam-bulteni';
const demoDrafts = ['Sabah Bülteni: Metro, bütçe ve hafta sonu', 'Akşam Bülteni', 'Haftanın Özeti: Yeni sezon başlıyor'];
const demoPublished = ['Geçen haftanın bülteni', 'İlk sayımızla merhaba'];
/** Planned three days ahead: not published yet, so DRAFT lists it (the dashboard's drafts show the three touched last). */
const demoScheduled = 'Gelecek haftanın bülteni';

/** The colours a code name's border takes (the theme's error red and green). */
/** The issues' badges (config/badges.json): a status's badge is the first flag of the order it has. */
const issueBadges = (
  JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'config', 'badges.json'), 'utf8')) as {
    issue: { order: string[]; statuses: Record<string, { label: string }>; fallback: { label: string } };
  }
).issue;
const red = 'rgb(164, 38, 44)';
const green = 'rgb(16, 124, 16)';

/** Fluent's tooltip (it carries no tooltip role of its own). */
const tooltip = (page: Page) => page.locator('.ms-Tooltip');
const cards = (page: Page) => page.getByTestId('issue-card');
const cardNames = (page: Page) => cards(page).getByRole('heading', { level: 3 }).allInnerTexts();
const statusBadge = (page: Page) => page.getByRole('button', { name: /^Issues shown: / });
const codeName = (page: Page) => page.getByRole('textbox', { name: 'Code name' });
/** What the code name's field says under it (its description or its error). */
const codeNameNote = (page: Page, text: string) =>
  page
    .locator('.ms-TextField')
    .filter({ has: codeName(page) })
    .getByText(text, { exact: true });
const codeNameBorder = (page: Page) =>
  page
    .locator('.ms-TextField-fieldGroup')
    .filter({ has: codeName(page) })
    .evaluate((element) => getComputedStyle(element).borderTopColor);

/** The issue list calls the page makes, for what they asked. */
function listCalls(page: Page): URL[] {
  const calls: URL[] = [];
  page.on('request', (request: Request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/issues/list') calls.push(url);
  });
  return calls;
}

test.describe('issues list and creation', () => {
  test('an editor finds issues from the dashboard, cycles and searches the list, creates an issue and deletes it', async ({ page }) => {
    // A long journey (a dozen list calls, an issue made and deleted): over 20 s in a full run on two cores.
    test.slow();
    const calls = listCalls(page);
    // Time runs as usual, and the test can move it on past the search's debounce at once.
    await page.clock.install();
    await signIn(page, accounts.editor);
    await expect(page.getByRole('heading', { name: newsletterTitle, level: 1 })).toBeVisible();

    // The dashboard: the three most recently changed drafts, and the published ones newest first.
    const drafts = page.getByRole('region', { name: 'Draft issues' });
    const published = page.getByRole('region', { name: 'Published issues' });
    await expect(drafts.getByRole('listitem')).toHaveCount(constants.pageSizes.dashboardIssues);
    // The three drafts touched last, as the API answers the panel's own query now: another journey
    // may have touched a draft of the same newsletter since the demo was made.
    const touchedLast = await page.evaluate(async (limit) => {
      const scope = JSON.parse(localStorage.getItem('current-scope') ?? 'null') as { _id: string } | null;
      const query = new URLSearchParams({ newsletter: scope?._id ?? '', 'status.published': 'false', sort: 'updatedAt', desc: 'true', limit: String(limit) });
      const answer = await fetch(`/api/issues/list?${query}`, { headers: { authorization: `Bearer ${localStorage.getItem('accessToken')}` } });
      return ((await answer.json()) as { data: { subject: string; key: string; status: Record<string, boolean> }[] }).data.map((issue) => ({
        name: issue.subject || issue.key,
        status: issue.status,
      }));
    }, constants.pageSizes.dashboardIssues);
    expect(touchedLast.length).toBe(constants.pageSizes.dashboardIssues);
    // Each with the badge of its status: the first of config/badges.json's order it has (a tested draft READY).
    for (const { name, status } of touchedLast) {
      const link = drafts.getByRole('link', { name: new RegExp(escape(name)) });
      await expect(link).toBeVisible();
      const flag = issueBadges.order.find((each) => status[each]);
      await expect(link.getByTestId('status-badge')).toHaveText(flag ? issueBadges.statuses[flag]!.label : issueBadges.fallback.label);
    }
    await expect(published.getByRole('listitem')).toHaveCount(demoPublished.length);
    expect(await published.getByRole('listitem').locator('strong').allInnerTexts()).toEqual(demoPublished);
    await expect(published.getByRole('listitem').first().getByTestId('status-badge')).toHaveText('PUBLISHED');
    await keepScreenshot(page, 'newsletter-dashboard-issues');
    const dashboardUrl = page.url();
    const newsletterId = /\/newsletters\/show\/([^/?]+)/.exec(dashboardUrl)![1]!;

    await expect(drafts.getByRole('link', { name: 'See all draft issues' })).toHaveAttribute('href', `/newsletters/show/${newsletterId}/issues?status=draft`);

    // A draft opens its editor.
    await drafts.getByRole('link', { name: /Akşam Bülteni/ }).click();
    await expect(page).toHaveURL(/\/issues\/edit\/[^/]+$/);
    await follow(page, new URL(dashboardUrl).pathname);

    // 'See all' of the published ones: the list, filtered the same way.
    await published.getByRole('link', { name: 'See all published issues' }).click();
    await expect(page).toHaveURL(`/newsletters/show/${newsletterId}/issues?status=published`);
    await expect(page.getByRole('heading', { name: 'Issues', level: 1 })).toBeVisible();
    await expect(statusBadge(page)).toHaveText('PUBLISHED');
    await expect(cards(page)).toHaveCount(demoPublished.length);
    expect(await cardNames(page)).toEqual(demoPublished);
    const publishedCall = calls.at(-1)!;
    expect(publishedCall.searchParams.get('status.published')).toBe('true');
    expect(publishedCall.searchParams.get('sort')).toBe('publishedAt');
    expect(publishedCall.searchParams.get('limit')).toBe(String(constants.pageSizes.list));
    await keepScreenshot(page, 'issues-list-published');

    // The badge cycles PUBLISHED, DRAFT, ALL, PUBLISHED; the address follows.
    await statusBadge(page).click();
    await expect(statusBadge(page)).toHaveText('DRAFT');
    await expect(page).toHaveURL(`/newsletters/show/${newsletterId}/issues?status=draft`);
    await expect(cards(page)).toHaveCount(demoDrafts.length + 1);
    expect((await cardNames(page)).sort()).toEqual([...demoDrafts, demoScheduled].sort());
    const draftCall = calls.at(-1)!;
    expect(draftCall.searchParams.get('status.published')).toBe('false');
    expect(draftCall.searchParams.get('sort')).toBe('updatedAt');
    await statusBadge(page).click();
    await expect(statusBadge(page)).toHaveText('ALL');
    await expect(page).toHaveURL(`/newsletters/show/${newsletterId}/issues`);
    await expect(cards(page)).toHaveCount(demoDrafts.length + 1 + demoPublished.length);
    expect(calls.at(-1)!.searchParams.has('status.published')).toBe(false);
    await statusBadge(page).click();
    await expect(statusBadge(page)).toHaveText('PUBLISHED');
    await expect(cards(page)).toHaveCount(demoPublished.length);
    // A reload keeps the choice.
    await page.reload();
    await expect(statusBadge(page)).toHaveText('PUBLISHED');
    await statusBadge(page).click();
    await statusBadge(page).click();
    await expect(statusBadge(page)).toHaveText('ALL');
    await expect(cards(page)).toHaveCount(demoDrafts.length + 1 + demoPublished.length);

    // Search: two characters are not enough; three are.
    const search = page.getByRole('searchbox', { name: 'Search issues' });
    const before = calls.length;
    await search.fill('Ak');
    // Twice the debounce of the page's time, at once.
    await page.clock.runFor(constants.debounces.listSearchMs * 2);
    expect(calls.slice(before).filter((call) => call.searchParams.has('search'))).toEqual([]);
    await expect(cards(page)).toHaveCount(demoDrafts.length + 1 + demoPublished.length);
    await search.fill('Akşam');
    await expect(cards(page)).toHaveCount(1);
    await expect(cards(page).getByRole('heading', { name: 'Akşam Bülteni' })).toBeVisible();
    expect(calls.at(-1)!.searchParams.get('search')).toBe('Akşam');

    // The list view, remembered; its row opens the issue's editor.
    await page.getByRole('button', { name: 'List view' }).click();
    const row = page.getByRole('row').filter({ hasText: 'Akşam Bülteni' });
    await expect(row.getByTestId('status-badge')).toHaveText('DRAFT');
    await expect(row.getByText(takenCodeName)).toBeVisible();
    await keepScreenshot(page, 'issues-list-rows');
    await page.reload();
    await expect(page.getByRole('button', { name: 'List view' })).toHaveAttribute('aria-pressed', 'true');
    await page.getByRole('link', { name: 'Akşam Bülteni', exact: true }).click();
    await expect(page).toHaveURL(/\/issues\/edit\/[^/]+$/);
    await follow(page, `/newsletters/show/${newsletterId}/issues`);
    await page.getByRole('button', { name: 'Card view' }).click();

    // New Issue from the top bar's NEW menu.
    await page.getByRole('banner').getByRole('button', { name: 'NEW' }).click();
    await page.getByRole('menuitem', { name: 'New Issue' }).click();
    await expect(page).toHaveURL(`/issues/create/${newsletterId}`);
    await expect(page.getByRole('heading', { name: 'New Issue', level: 1 })).toBeVisible();
    const create = page.getByRole('button', { name: 'CREATE' });
    await expect(create).toBeDisabled();

    // A taken code name: red, and said so (under the field and in its tooltip).
    await codeName(page).fill(takenCodeName);
    const taken = `The code name ${takenCodeName} already exists.`;
    await expect(page.getByRole('alert').filter({ hasText: taken })).toBeVisible();
    await expect.poll(() => codeNameBorder(page)).toBe(red);
    await expect(create).toBeDisabled();
    await codeName(page).hover();
    await expect(tooltip(page)).toHaveText(taken);

    // One the schema refuses is red too, without asking the server.
    await codeName(page).fill('Bad Name');
    await expect(codeName(page)).toHaveValue('bad name');
    await expect(codeNameNote(page, 'Slug can hold lowercase letters and digits in groups joined by hyphens.')).toBeVisible();
    await expect(create).toBeDisabled();

    // A free one: the check waits for typing to stop, then for the check's own delay; then green.
    const free = `gunun-ozeti-${Date.now().toString(36)}`;
    const checked = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/keys/check' && request.url().includes(free));
    const typed = Date.now();
    await codeName(page).fill(free);
    const checkRequest = await checked;
    expect(Date.now() - typed).toBeGreaterThanOrEqual(constants.issues.keyTypingMs + constants.issues.keyCheckMs - 100);
    expect(new URL(checkRequest.url()).searchParams.get('model')).toBe('Issue');
    await expect(codeNameNote(page, `${free} is available.`)).toBeVisible();
    await expect.poll(() => codeNameBorder(page)).toBe(green);
    await expect(create).toBeEnabled();

    // The channel template: the newsletter's default is offered; the list has 'Plain' first, then the newsletter's own.
    const template = page.getByRole('combobox', { name: 'Channel template' });
    await expect(template).toContainText('Günlük Bülten');
    await expect(page.getByText('Channels: Draft Stories, Gündem, Ekonomi, Kültür Sanat')).toBeVisible();
    await template.click();
    await expect(page.getByRole('option')).toHaveText(['Plain', 'Günlük Bülten', 'Hafta Sonu']);
    await page.getByRole('option', { name: 'Hafta Sonu' }).click();
    await expect(page.getByText('Channels: Draft Stories, Haftanın Özeti, Öneriler')).toBeVisible();

    // Premium is for admins and directors; the tooltip says why.
    const premium = page.getByRole('switch', { name: 'Premium' });
    await expect(premium).toBeDisabled();
    await page.getByText('Premium', { exact: true }).hover();
    await expect(tooltip(page)).toHaveText('Premium publishing requires admin approval.');
    await keepScreenshot(page, 'new-issue');

    await create.click();
    await expect(page).toHaveURL(/\/issues\/edit\/[^/]+$/);

    // The new issue is in the list as a draft, named by its code name; its menu deletes it.
    await follow(page, `/newsletters/show/${newsletterId}/issues?status=draft`);
    await expect(cards(page)).toHaveCount(demoDrafts.length + 2);
    await page.getByRole('searchbox', { name: 'Search issues' }).fill(free);
    const card = cards(page).filter({ has: page.getByRole('heading', { name: free }) });
    await expect(cards(page)).toHaveCount(1);
    await expect(card.getByTestId('status-badge')).toHaveText('DRAFT');
    await card.getByRole('button', { name: `Actions for ${free}` }).click();
    await expect(page.getByRole('menuitem', { name: 'Feature' })).toHaveCount(0);
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Issue' });
    await expect(dialog).toContainText(`Are you sure you want to delete "${free}"?`);
    await dialog.getByRole('button', { name: 'DELETE' }).click();
    await expectToast(page, 'Issue has been deleted.');
    await expect(cards(page)).toHaveCount(0);
    await expect(page.getByText('Nothing matches your search.')).toBeVisible();
  });

  test('an admin features and unfeatures an issue, and may create a premium one', async ({ page }) => {
    await signInAsAdmin(page);
    await switchScope(page, newsletterTitle);
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Issues' }).click();
    await expect(page.getByRole('heading', { name: 'Issues', level: 1 })).toBeVisible();
    const card = cards(page).filter({ has: page.getByRole('heading', { name: 'Akşam Bülteni' }) });
    const menuOf = () => card.getByRole('button', { name: 'Actions for Akşam Bülteni' });

    await menuOf().click();
    await page.getByRole('menuitem', { name: 'Feature', exact: true }).click();
    await expectToast(page, 'The issue is featured.');
    await menuOf().click();
    await page.getByRole('menuitem', { name: 'Unfeature' }).click();
    await expectToast(page, 'The issue is no longer featured.');
    await menuOf().click();
    await expect(page.getByRole('menuitem', { name: 'Feature', exact: true })).toBeVisible();
    await page.keyboard.press('Escape');

    // The list's own NEW; the premium switch is the admin's to turn.
    await page.getByRole('main').getByRole('button', { name: 'NEW' }).click();
    await expect(page).toHaveURL(/\/issues\/create\/[^/]+$/);
    const premium = page.getByRole('switch', { name: 'Premium' });
    await expect(premium).toBeEnabled();
    await premium.click();
    await expect(premium).toBeChecked();
  });

  test('an author sees no Issues in the sidebar, no issue panels and no New Issue', async ({ page }) => {
    await signIn(page, accounts.author);
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await expect(menu.getByRole('link', { name: 'Stories' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Issues' })).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Draft issues' })).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Published issues' })).toHaveCount(0);
    await page.getByRole('banner').getByRole('button', { name: 'NEW' }).click();
    await expect(page.getByRole('menuitem', { name: 'New Story' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'New Issue' })).toHaveCount(0);
    await page.keyboard.press('Escape');

    // Nor do the addresses open the pages.
    const newsletterId = /\/newsletters\/show\/([^/?]+)/.exec((await menu.getByRole('link', { name: 'Home' }).getAttribute('href')) ?? '')![1]!;
    for (const path of [`/newsletters/show/${newsletterId}/issues`, `/issues/create/${newsletterId}`]) {
      await page.goto(path);
      await expect(page.getByText('This page does not exist.')).toBeVisible();
    }
  });
});

/** A subject as a regular expression's literal text. */
function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
