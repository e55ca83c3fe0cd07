/**
 * Editing an issue together (issue 13, point 4): three people in three browsers open the same
 * issue. At the same moment one types in the subject, one in the preview, one renames a channel,
 * one drags a story to another channel in the outline and one adds a bullet: every change shows in
 * every browser within a second, and once all three browsers are closed the stored issue holds all
 * of them. Two people typing in the same field keep both their texts. The others' faces show who is
 * in the issue and in which field.
 */
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { accounts, editorLoad, follow, keepScreenshot, password, signIn, signInAsAdmin } from './helpers';

const within = { timeout: 1000 };

interface Opened {
  page: Page;
  close(): Promise<void>;
}

async function openIssue(browser: Browser, who: 'editor' | 'director' | 'admin', issueId: string): Promise<Opened> {
  const context = await browser.newContext();
  const page = await context.newPage();
  if (who === 'admin') {
    await signInAsAdmin(page);
    await follow(page, `/issues/edit/${issueId}`);
  } else await signIn(page, accounts[who], { at: `/issues/edit/${issueId}` });
  await expect(page.getByRole('button', { name: 'Back to Dashboard' })).toBeVisible();
  await expect(page.getByTestId('save-panel')).toBeVisible(editorLoad);
  await expect(page.getByText('Connecting to the server...')).toHaveCount(0);
  return { page, close: () => context.close() };
}

const field = (page: Page, label: string) => page.getByRole('textbox', { name: label, exact: true });
const channel = (page: Page, title: string) => page.getByTestId('channel').filter({ has: page.getByRole('heading', { name: title, exact: true }) });

test.describe('an issue edited together', () => {
  let token: string;
  let issueId: string;
  let newsletterId: string;

  test.beforeEach(async ({ request }) => {
    const login = await request.post('/api/auth/login', { data: { email: accounts.editor, password } });
    token = (await login.json()).data;
    const headers = { authorization: `Bearer ${token}` };
    const issues = await (await request.get('/api/issues/list?limit=1', { headers })).json();
    newsletterId = issues.data[0].newsletter;
    const form = await (await request.get(`/api/issues/create?newsletter=${newsletterId}`, { headers })).json();
    const template = form.data.data.channelTemplates.find((item: { title: string }) => item.title === 'Günlük Bülten');
    const created = await request.post('/api/issues/create', {
      headers,
      data: { newsletter: newsletterId, slug: `birlikte-${Date.now().toString(36)}`, template: template._id },
    });
    issueId = (await created.json()).data._id;
    await request.put(`/api/issues/update/${issueId}/edit`, { headers, data: { issue: { subject: 'Ortak sayı', preview: 'Önizleme' } } });
  });

  /** The issue as the server keeps it. */
  const storedIssue = async (request: APIRequestContext) =>
    (await (await request.get(`/api/issues/list/${issueId}`, { headers: { authorization: `Bearer ${token}` } })).json()).data;

  test("three browsers see each other's changes within a second, and the stored issue keeps them all", async ({ browser, request }) => {
    const [a, b, c] = await Promise.all([openIssue(browser, 'editor', issueId), openIssue(browser, 'director', issueId), openIssue(browser, 'admin', issueId)]);

    // Everyone sees the two others.
    for (const { page } of [a, b, c]) await expect(page.getByTestId('collaborators')).toContainText('2 others are here');

    // A bullet to drag later, written in 'Gündem' by A.
    await channel(a.page, 'Gündem').getByRole('textbox', { name: 'New bullet' }).fill('Köprüde bakım çalışması bu gece başlıyor.');
    await channel(a.page, 'Gündem').getByRole('button', { name: 'ADD', exact: true }).click();
    for (const { page } of [a, b, c]) await expect(channel(page, 'Gündem').getByTestId('story-card')).toHaveCount(1, { timeout: 3000 });
    const storyId = await a.page.getByTestId('outline-story').first().getAttribute('data-story');
    // By its id: it is being renamed at the same moment.
    const cultureId = await channel(a.page, 'Kültür Sanat').getAttribute('data-channel');

    // At the same moment: A types in the subject, B in the preview and adds a bullet, C renames a channel, A drags the story.
    await Promise.all([
      (async () => {
        await field(a.page, 'Subject Line').click();
        await field(a.page, 'Subject Line').press('End');
        await field(a.page, 'Subject Line').pressSequentially(' – akşam', { delay: 15 });
        // B's bullet grows the outline above the target: a drop while it moves lands in 'Ekonomi'.
        await expect(a.page.getByTestId('outline-story').filter({ hasText: 'Borsa güne yükselişle başladı.' })).toBeVisible();
        const target = a.page.locator(`[data-testid="outline-channel"][data-channel="${cultureId}"] > div`).first();
        await a.page.locator(`[data-testid="outline-story"][data-story="${storyId}"]`).dragTo(target);
      })(),
      (async () => {
        await field(b.page, 'Preview Text').click();
        await field(b.page, 'Preview Text').press('End');
        await field(b.page, 'Preview Text').pressSequentially(' metni', { delay: 15 });
        await channel(b.page, 'Ekonomi').getByRole('textbox', { name: 'New bullet' }).fill('Borsa güne yükselişle başladı.');
        await channel(b.page, 'Ekonomi').getByRole('button', { name: 'ADD', exact: true }).click();
      })(),
      (async () => {
        await channel(c.page, 'Kültür Sanat').getByRole('button', { name: 'Actions for Kültür Sanat' }).click();
        await c.page.getByRole('menuitem', { name: 'Rename' }).click();
        await c.page.getByRole('textbox', { name: 'Channel title' }).fill('Kültür ve Sanat');
        await c.page.getByRole('textbox', { name: 'Channel title' }).press('Enter');
      })(),
    ]);

    for (const { page } of [a, b, c]) {
      await expect(field(page, 'Subject Line')).toHaveValue('Ortak sayı – akşam', within);
      await expect(field(page, 'Preview Text')).toHaveValue('Önizleme metni', within);
      await expect(channel(page, 'Kültür ve Sanat')).toBeVisible(within);
      await expect(channel(page, 'Kültür ve Sanat').getByTestId('story-card')).toHaveCount(1, within);
      await expect(channel(page, 'Ekonomi').getByTestId('story-card')).toHaveCount(1, within);
      await expect(channel(page, 'Gündem').getByTestId('story-card')).toHaveCount(0, within);
    }
    await keepScreenshot(a.page, 'issue-editor-live');

    // Closed a moment after the last change: nothing is lost. What the pages sent last is asked for until it is stored.
    await Promise.all([a.close(), b.close(), c.close()]);
    await expect.poll(async () => (await storedIssue(request)).subject).toBe('Ortak sayı – akşam');
    await expect.poll(async () => (await storedIssue(request)).preview).toBe('Önizleme metni');
    const titles = async () => (await storedIssue(request)).channelsNew.map((item: { title: string }) => item.title);
    await expect.poll(titles).toEqual(['Draft Stories', 'Gündem', 'Ekonomi', 'Kültür ve Sanat']);
    const stories = async () =>
      Object.fromEntries((await storedIssue(request)).channelsNew.map((item: { title: string; stories: string[] }) => [item.title, item.stories]));
    await expect.poll(async () => (await stories())['Kültür ve Sanat']).toEqual([storyId]);
    await expect.poll(async () => (await stories())['Ekonomi']).toHaveLength(1);
    await expect.poll(async () => (await stories())['Gündem']).toEqual([]);
  });

  test('two people typing in the same field keep both their words, and see who is in it', async ({ browser, request }) => {
    const [a, b] = await Promise.all([openIssue(browser, 'editor', issueId), openIssue(browser, 'director', issueId)]);
    await field(a.page, 'Subject Line').click();
    await expect(b.page.getByTestId('markers-subject')).toContainText('is editing');
    await field(b.page, 'Subject Line').click();
    await Promise.all([
      (async () => {
        await field(a.page, 'Subject Line').press('End');
        await field(a.page, 'Subject Line').pressSequentially(' bugün', { delay: 30 });
      })(),
      (async () => {
        await field(b.page, 'Subject Line').press('Home');
        await field(b.page, 'Subject Line').pressSequentially('Yeni: ', { delay: 30 });
      })(),
    ]);
    for (const { page } of [a, b]) await expect(field(page, 'Subject Line')).toHaveValue('Yeni: Ortak sayı bugün', within);
    await keepScreenshot(b.page, 'issue-editor-same-field');

    // The intro, in the rich-text editor, reaches the other browser while its user is not typing there.
    await a.page.locator('.ck-editor__editable').first().click();
    await a.page.keyboard.type('Merhaba okurlar', { delay: 20 });
    await expect(b.page.locator('.ck-editor__editable').first()).toContainText('Merhaba okurlar', within);
    await Promise.all([a.close(), b.close()]);
    await expect.poll(async () => (await storedIssue(request)).subject).toBe('Yeni: Ortak sayı bugün');
    await expect.poll(async () => (await storedIssue(request)).intro.text).toContain('Merhaba okurlar');
  });
});
