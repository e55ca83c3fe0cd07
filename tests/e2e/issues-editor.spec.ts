/**
 * The issue editor alone (spec 001 section 2): a story of the newsletter is added to a channel,
 * moved and taken out again; a channel is added, cannot take a title another channel has, and is
 * deleted with its stories going back to 'Draft Stories'; the settings page changes the slug and
 * the notification texts and shows the premium switch to directors only; the outline cuts long
 * titles; the intro warns past 2000 characters.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { accounts, editorLoad, follow, keepScreenshot, password, signIn } from './helpers';

const channel = (page: Page, title: string) => page.getByTestId('channel').filter({ has: page.getByRole('heading', { name: title, exact: true }) });

async function newIssue(request: import('@playwright/test').APIRequestContext, slug: string) {
  const login = await request.post('/api/auth/login', { data: { email: accounts.editor, password } });
  const token = (await login.json()).data as string;
  const headers = { authorization: `Bearer ${token}` };
  // Teknoloji Notları: the issues made here stay out of Sabah Bülteni's dashboard, which issues-list.spec.ts reads.
  const scopes = (await (await request.get('/api/auth/verify', { headers })).json()).data.scopes as { _id: string; title: string }[];
  const newsletter = scopes.find((scope) => scope.title === 'Teknoloji Notları')!._id;
  const created = await request.post('/api/issues/create', { headers, data: { newsletter, slug, channelsNew: [{ title: 'Gündem' }, { title: 'Ekonomi' }] } });
  return { id: (await created.json()).data._id as string, headers, newsletter };
}

async function open(page: Page, email: string, path: string) {
  await signIn(page, email, { at: path });
  await expect(page.getByRole('button', { name: 'Back to Dashboard' })).toBeVisible();
  await expect(page.getByTestId('save-panel')).toBeVisible(editorLoad);
}

test('channels and stories of an issue', async ({ page, request }) => {
  const { id, headers, newsletter } = await newIssue(request, `kanallar-${Date.now().toString(36)}`);
  const story = await request.post('/api/stories/create', {
    headers,
    data: { newsletter, type: 'bullet', story: { body: { html: '<p>• Belediye yeni park alanlarını açıkladı ve vatandaşlardan görüş istedi.</p>' } } },
  });
  const storyId = (await story.json()).data._id as string;
  await open(page, accounts.editor, `/issues/edit/${id}`);

  // A story of the newsletter, in no issue yet, goes into 'Ekonomi'.
  await channel(page, 'Ekonomi').getByRole('button', { name: 'Add a story to Ekonomi' }).click();
  const row = page.getByTestId('add-story-row').filter({ hasText: 'park alanlarını' });
  await row.getByRole('button', { name: /^Add / }).click();
  await expect(row.getByRole('button', { name: /^Added / })).toBeDisabled();
  await page.getByRole('button', { name: 'Close' }).click();
  await expect(channel(page, 'Ekonomi').getByTestId('story-card')).toHaveCount(1);
  await expect(page.locator(`[data-testid="outline-story"][data-story="${storyId}"]`)).toContainText(
    'Belediye yeni park alanlarını açıkladı ve vatandaşlardan görüş istedi.',
  );

  // A second bullet written in the channel, then the first moved down.
  await channel(page, 'Ekonomi').getByRole('textbox', { name: 'New bullet' }).fill('Faizler sabit kaldı.');
  await channel(page, 'Ekonomi').getByRole('button', { name: 'ADD', exact: true }).click();
  await expect(channel(page, 'Ekonomi').getByTestId('story-card')).toHaveCount(2);
  await channel(page, 'Ekonomi')
    .getByRole('button', { name: /^Actions for Belediye/ })
    .click();
  await page.getByRole('menuitem', { name: 'Move Down' }).click();
  await expect(channel(page, 'Ekonomi').getByTestId('story-card').last()).toContainText('Belediye');

  // A new channel cannot take a title another has; renamed, then deleted: its stories go back to 'Draft Stories'.
  await page.getByRole('button', { name: 'ADD CHANNEL' }).click();
  await expect(channel(page, 'New Channel')).toBeVisible();
  // Moved without dragging, as from the keyboard.
  await channel(page, 'New Channel').getByRole('button', { name: 'Actions for New Channel' }).click();
  await page.getByRole('menuitem', { name: 'Move Up' }).click();
  await expect(page.getByTestId('outline-channel')).toHaveText([/Draft Stories/, /Gündem/, /New Channel/, /Ekonomi/]);
  await channel(page, 'Ekonomi')
    .getByRole('button', { name: /^Actions for Belediye/ })
    .click();
  await page.getByRole('menuitem', { name: 'Remove from issue' }).click();
  await expect(channel(page, 'Ekonomi').getByTestId('story-card')).toHaveCount(1);
  await channel(page, 'Ekonomi').getByRole('button', { name: 'Actions for Ekonomi' }).click();
  await page.getByRole('menuitem', { name: 'Rename' }).click();
  await page.getByRole('textbox', { name: 'Channel title' }).fill('Gündem');
  await expect(page.getByText('Another channel of this issue has this title.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Channel title' }).fill('Piyasalar');
  await page.getByRole('textbox', { name: 'Channel title' }).press('Enter');
  await expect(channel(page, 'Piyasalar')).toBeVisible();
  await channel(page, 'Piyasalar').getByRole('button', { name: 'Actions for Piyasalar' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await expect(channel(page, 'Piyasalar')).toHaveCount(0);
  await expect(channel(page, 'Draft Stories').getByTestId('story-card')).toHaveCount(1);
  await expect(page.getByTestId('save-panel').getByRole('status')).toHaveText(/Saved/);
  await keepScreenshot(page, 'issue-editor-channels');

  const stored = (await (await request.get(`/api/issues/list/${id}`, { headers })).json()).data;
  expect(stored.channelsNew.map((item: { title: string }) => item.title)).toEqual(['Draft Stories', 'Gündem', 'New Channel']);
  expect(stored.channelsNew[0].stories).toHaveLength(1);
  // Taken out of the issue, the story is still the newsletter's.
  const removed = (await (await request.get(`/api/stories/list/${storyId}`, { headers })).json()).data;
  expect(removed.issue).toBeNull();
});

test('the settings page and the intro', async ({ page, request }) => {
  const { id, headers } = await newIssue(request, `ayarlar-${Date.now().toString(36)}`);
  await open(page, accounts.editor, `/issues/edit/${id}/credentials`);
  await expect(page.getByRole('switch', { name: 'Premium' })).toBeDisabled();
  await page.getByRole('textbox', { name: 'Web Slug' }).fill('ozel-adres-sayisi');
  await page.getByRole('textbox', { name: 'Notification Title' }).fill('Yeni sayı çıktı');
  await page.getByRole('textbox', { name: 'Notification Subtitle' }).fill('Haftanın özeti');
  await page.getByRole('textbox', { name: 'E-mail Subject' }).fill('Geçici');
  await expect(page.getByTestId('save-panel').getByRole('status')).toHaveText(/Saved/);
  await page.getByRole('textbox', { name: 'E-mail Subject' }).fill('');
  await expect(page.getByText('Subject line is not allowed to be empty.')).toBeVisible();
  await page.getByRole('textbox', { name: 'E-mail Subject' }).fill('Haftanın sayısı');
  await expect(page.getByTestId('save-panel').getByRole('status')).toHaveText(/Saved/);
  await keepScreenshot(page, 'issue-settings');

  await page.getByRole('tab', { name: 'Edit' }).click();
  await page.locator('.ck-editor__editable').first().click();
  await page.keyboard.insertText('Uzun bir giriş. '.repeat(130));
  await expect(page.getByText('Your intro is getting long. Consider dividing your content into stories.')).toBeVisible();
  await expect(page.getByTestId('save-panel').getByRole('status')).toHaveText(/Saved/);
  await page.keyboard.insertText('Daha da uzun. '.repeat(80));
  await expect(page.getByText('Intro must be less than 3000 characters. Please divide your content into stories.').first()).toBeVisible();

  const stored = (await (await request.get(`/api/issues/list/${id}`, { headers })).json()).data;
  expect(stored.slug).toBe('ozel-adres-sayisi');
  expect(stored.subject).toBe('Haftanın sayısı');
  expect(stored.notification).toEqual({ title: 'Yeni sayı çıktı', body: 'Haftanın özeti' });
  // The intro over the limit was refused: what is stored is the last intro under it.
  expect(stored.intro.text.length).toBeLessThanOrEqual(3000);
  expect(stored.intro.text.length).toBeGreaterThan(2000);
});

test('a director may make an issue premium', async ({ page, request }) => {
  const { id, headers } = await newIssue(request, `premium-${Date.now().toString(36)}`);
  await open(page, accounts.director, `/issues/edit/${id}/credentials`);
  await page.getByRole('switch', { name: 'Premium' }).click();
  await expect(page.getByRole('switch', { name: 'Premium' })).toBeChecked();
  await expect(page.getByTestId('save-panel').getByRole('status')).toHaveText(/Saved/);
  const stored = (await (await request.get(`/api/issues/list/${id}`, { headers })).json()).data;
  expect(stored.premium).toBe(true);
});

test('a sent issue says what a change reaches, and the story picker offers only what an issue may take', async ({ page, request }) => {
  const { id, headers } = await newIssue(request, `secici-${Date.now().toString(36)}`);
  const scopes = (await (await request.get('/api/auth/verify', { headers })).json()).data.scopes as { _id: string; title: string }[];
  const sabah = scopes.find((scope) => scope.title === 'Sabah Bülteni')!._id;
  const issues = (await (await request.get(`/api/issues/list?newsletter=${sabah}`, { headers })).json()).data as {
    _id: string;
    subject: string;
    status: { emailed: boolean };
  }[];
  const sent = issues.find((issue) => issue.status.emailed)!;

  await open(page, accounts.editor, `/issues/edit/${id}`);
  await expect(page.getByText(/^This issue (went out|is published)/)).toHaveCount(0);
  await channel(page, 'Gündem').getByRole('button', { name: 'Add a story to Gündem' }).click();
  const rows = page.getByTestId('add-story-row');
  await expect(rows.first()).toBeVisible();
  for (const badge of ['PUBLISHED', 'CANCELLED']) await expect(rows.getByText(badge, { exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: 'Close' }).click();

  await follow(page, `/issues/edit/${sent._id}`);
  await expect(page.getByTestId('save-panel')).toBeVisible(editorLoad);
  await expect(page.getByText(/^This issue went out by e-mail on .+\. Changes you make now show on its web page only\.$/)).toBeVisible();
  // The sidebar names the issue by its subject, not its code name.
  await expect(page.getByRole('complementary', { name: 'Issue editor' })).toContainText(sent.subject);
});

test("the publish checklist's link to a draft story lands on its card, focused and in view", async ({ page, request }) => {
  const { id } = await newIssue(request, `taslak-${Date.now().toString(36)}`);
  await open(page, accounts.editor, `/issues/edit/${id}`);
  // A bullet written in the last channel is a draft story, below the intro and the other channel.
  await channel(page, 'Ekonomi').getByRole('textbox', { name: 'New bullet' }).fill('Taslak haber: kütüphane gece de açık kalacak.');
  await channel(page, 'Ekonomi').getByRole('button', { name: 'ADD', exact: true }).click();
  const card = channel(page, 'Ekonomi').getByTestId('story-card');
  await expect(card).toHaveCount(1);

  await page.getByRole('tab', { name: 'Publish' }).click();
  const drafts = page.getByRole('list', { name: 'Checklist' }).getByRole('listitem', { name: 'Stories accepted: to do' });
  await expect(drafts).toContainText('Taslak haber');
  await drafts.getByRole('link', { name: 'Open the issue' }).click();
  // The card's box takes the focus, in view; the address is the Edit tab's own again.
  const focused = channel(page, 'Ekonomi').locator('[id^="story-"]');
  await expect(focused).toBeFocused(editorLoad);
  await expect(focused).toBeInViewport();
  await expect(page).toHaveURL(`/issues/edit/${id}`);
});
