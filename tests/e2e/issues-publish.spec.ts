/**
 * An issue leaves the console (spec 001 sections 2 to 5), against the real server sending to a real
 * SMTP server this file starts: the admin opens the demo issue's publish page, where the checklist
 * says a test is missing; sends a test to the testers; PUBLISH NOW asks 'Send to N e-mail and M app
 * subscribers now?' with the server's counts, and once confirmed every e-mail subscriber's message
 * arrives while the counter never reads '0 of 0'; then SEE RESULTS leads. One message, read by a
 * MIME parser, has both parts, the one-click unsubscribe headers and the personal link in its
 * footer. The preview shows the same e-mail, light and dark. A director's button says SCHEDULE
 * (the half-hour lead), and so does the confirmation, with the date.
 */
import type { Page } from '@playwright/test';
import { expect, smtpTest } from './fixtures';
import { accounts, expectToast, follow, keepScreenshot, signIn, signInAsAdmin } from './helpers';

// This file's server sends over SMTP to a sink of its own.
const test = smtpTest();

async function demoIssue(page: Page) {
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  const headers = { authorization: `Bearer ${token}` };
  const verify = await (await page.request.get('/api/auth/verify', { headers })).json();
  const morning = (verify.data.scopes as { _id: string; title: string }[]).find((scope) => scope.title === 'Sabah Bülteni')!._id;
  const list = await (await page.request.get(`/api/issues/list?newsletter=${morning}&search=hazir&limit=10`, { headers })).json();
  const issue = (list.data as { _id: string; key: string; slug: string }[]).find((row) => row.key.endsWith('-sabah-bulteni-hazir'))!;
  const newsletter = (await (await page.request.get(`/api/newsletters/list/${morning}`, { headers })).json()).data;
  return { issue, subscribers: newsletter.stats.subscribers as number, headers };
}

test('test, confirm and send an issue to every subscriber', async ({ page, sink }) => {
  test.slow();
  await signInAsAdmin(page);
  const { issue, headers } = await demoIssue(page);
  const deliveries = async () => (await (await page.request.get(`/api/issues/deliveries/${issue._id}`, { headers })).json()).data;

  // The preview: the e-mail as subscribers get it, light then dark.
  await follow(page, `/issues/edit/${issue._id}`);
  await page.getByRole('button', { name: 'PREVIEW' }).click();
  const frame = page.frameLocator('iframe[title]').first();
  await expect(frame.getByText('Sabah Bülteni: Metro, bütçe ve hafta sonu').first()).toBeVisible();
  await page.getByRole('switch', { name: /Dark/ }).click();
  await expect(frame.getByText('Sabah Bülteni: Metro, bütçe ve hafta sonu').first()).toBeVisible();
  await page.keyboard.press('Escape');

  await follow(page, `/issues/edit/${issue._id}/publish`);
  const summary = page.getByRole('region', { name: 'Summary' });
  await expect(summary).toContainText('Sabah Bülteni');
  await expect(summary).toContainText('Sabah Bülteni: Metro, bütçe ve hafta sonu');
  const timeline = page.getByRole('list', { name: 'Timeline' });
  await expect(page.getByRole('region', { name: 'Publish', exact: true })).toHaveCount(0);
  await expect(page.getByRole('list', { name: 'Checklist' }).getByRole('listitem', { name: 'Tested: to do' })).toBeVisible();

  // A test to the testers makes the issue tested and opens the Publish section.
  await page.getByRole('button', { name: 'SEND TEST' }).click();
  await expectToast(page, 'A test email has been sent.');
  await expect.poll(() => sink.count).toBe(2);
  expect(sink.received.map((message) => message.to[0]).sort()).toEqual(['director@masthead.local', 'editor@masthead.local']);
  await expect(timeline).toContainText('Issue is tested.');

  // The checklist says what is left before the test, and that everything is ready after it.
  const checklist = page.getByRole('list', { name: 'Checklist' });
  await expect(checklist.getByRole('listitem', { name: 'Tested: done' })).toBeVisible();
  await expect(checklist.getByRole('listitem', { name: 'Stories accepted: done' })).toBeVisible();
  await expect(page.getByText('Everything is ready.')).toBeVisible();
  // One send form at a time: the admin gets Publish, and no Reschedule for an issue never sent.
  await expect(page.getByRole('region', { name: 'Reschedule' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^(PUBLISH NOW|SCHEDULE|RESCHEDULE)/ })).toHaveCount(1);

  // PUBLISH NOW asks first, with the counts the server gives; BACK sends nothing.
  const { recipients } = (await (await page.request.get(`/api/issues/preflight/${issue._id}`, { headers })).json()).data;
  const count = (value: number) => value.toLocaleString('en-US');
  const question = `Send to ${count(recipients.email)} e-mail and ${count(recipients.notification)} app subscribers now?`;
  const publish = page.getByRole('region', { name: 'Publish', exact: true });
  await keepScreenshot(page, 'issue-publish-tested');
  await publish.getByRole('button', { name: 'PUBLISH NOW' }).click();
  await expect(page.getByText(question)).toBeVisible();
  await page.getByRole('button', { name: 'BACK' }).click();
  await expect(page.getByText(question)).toHaveCount(0);
  expect((await deliveries()).email.total).toBe(0);
  await publish.getByRole('button', { name: 'PUBLISH NOW' }).click();
  await expect(page.getByText(question)).toBeVisible();
  await keepScreenshot(page, 'issue-publish-confirm');
  await page.locator('.ms-Dialog-main').getByRole('button', { name: 'PUBLISH NOW' }).click();
  await expectToast(page, 'You can close this page and we will do the rest.');

  // While it is sent, the counter counts real deliveries: never '0 of 0'.
  const panel = page.getByRole('region', { name: 'Deliveries' });
  await expect(panel).toBeVisible({ timeout: 30_000 });
  await expect(panel).not.toContainText(' 0 of 0');
  await expect.poll(async () => (await deliveries()).email.total, { timeout: 120_000 }).toBeGreaterThan(0);
  const total = (await deliveries()).email.total as number;
  expect(total).toBe(recipients.email);
  await expect.poll(() => sink.count - 2, { timeout: 120_000 }).toBe(total);
  await expect(timeline).toContainText('Issue is published at', { timeout: 30_000 });
  await expect(timeline).toContainText('Issue is sent as email at');
  await expect(timeline).toContainText('Issue is sent as notification at');
  await expect(panel).toContainText(`E-mail: ${count(total)} of ${count(total)}`);
  await expect(panel).not.toContainText(' 0 of 0');
  await expect(page.getByRole('link', { name: 'Go To Issue' })).toHaveAttribute('href', `/i/${issue.slug}`);
  // After the send, the results come first; the reschedule form waits behind its button.
  await expect(page.getByRole('link', { name: 'SEE RESULTS' })).toHaveAttribute('href', `/issues/show/${issue._id}/analytics`);
  await expect(page.getByRole('button', { name: 'RESCHEDULE...' })).toBeVisible();
  await keepScreenshot(page, 'issue-publish-sent');

  const addressees = sink.received.slice(2).map((message) => message.to[0]);
  expect(new Set(addressees).size).toBe(total);
  const mail = await sink.parse(sink.received[2]!);
  expect(mail.subject).toBe('Sabah Bülteni: Metro, bütçe ve hafta sonu');
  expect(mail.text).toContain('Metro');
  const list = mail.headers.get('list') as { unsubscribe: { url: string }; 'unsubscribe-post': { name: string } };
  expect(list['unsubscribe-post'].name).toBe('List-Unsubscribe=One-Click');
  expect(mail.html).toContain(list.unsubscribe.url);

  // The personal link opens the unsubscribe page.
  await page.goto(list.unsubscribe.url);
  await expect(page.getByRole('button', { name: 'Abonelikten çık' })).toBeVisible();
});

test("a director's button says SCHEDULE, and the confirmation says for when", async ({ page }) => {
  await signIn(page, accounts.director);
  await expect(page.getByRole('button', { name: 'Switch scope' })).toBeVisible();
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  const headers = { authorization: `Bearer ${token}` };
  const verify = await (await page.request.get('/api/auth/verify', { headers })).json();
  const morning = (verify.data.scopes as { _id: string; title: string }[]).find((scope) => scope.title === 'Sabah Bülteni')!._id;
  const list = await (await page.request.get(`/api/issues/list?newsletter=${morning}&limit=20`, { headers })).json();
  // The demo's tested issue, neither published nor scheduled yet.
  const issue = (list.data as { _id: string; status: { tested: boolean; published: boolean; scheduled: boolean } }[]).find(
    (row) => row.status.tested && !row.status.published && !row.status.scheduled,
  )!;

  await follow(page, `/issues/edit/${issue._id}/publish`);
  const publish = page.getByRole('region', { name: 'Publish', exact: true });
  await expect(publish.getByRole('button', { name: 'SCHEDULE' })).toBeVisible();
  await expect(publish.getByRole('button', { name: 'PUBLISH NOW' })).toHaveCount(0);
  await publish.getByRole('button', { name: 'SCHEDULE' }).click();
  const dialog = page.locator('.ms-Dialog-main');
  await expect(dialog).toContainText(/Schedule for \d{1,2} \S+ \d{2}:\d{2}\?/);
  await expect(dialog).toContainText(/Send to [\d,]+ e-mail and [\d,]+ app subscribers at/);
  await keepScreenshot(page, 'issue-publish-director-confirm');
  // Going back sends nothing: the issue is as it was.
  await dialog.getByRole('button', { name: 'BACK' }).click();
  await expect(dialog).toHaveCount(0);
  const after = (await (await page.request.get(`/api/issues/list/${issue._id}`, { headers })).json()).data;
  expect(after.status.scheduled).toBe(false);
});
