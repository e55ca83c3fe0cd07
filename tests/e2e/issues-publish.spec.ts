/**
 * An issue leaves the console (spec 001 sections 2 to 5), against the real server sending to a real
 * SMTP server this file starts: the admin opens the demo issue's publish page, sends a test to the
 * testers, schedules it a minute ahead with e-mail and notification, and watches the timeline move
 * from 'will be' to 'is' while every e-mail subscriber's message arrives; one message, read by a
 * MIME parser, has both parts, the one-click unsubscribe headers and the personal link in its
 * footer. The preview shows the same e-mail, light and dark.
 */
import type { Page } from '@playwright/test';
import { expect, smtpTest } from './fixtures';
import { earlyInTheMinute, expectToast, keepScreenshot, signInAsAdmin } from './helpers';

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

test('test, schedule and send an issue to every subscriber', async ({ page, sink }) => {
  test.slow();
  await signInAsAdmin(page);
  const { issue, headers } = await demoIssue(page);
  const deliveries = async () => (await (await page.request.get(`/api/issues/deliveries/${issue._id}`, { headers })).json()).data;

  // The preview: the e-mail as subscribers get it, light then dark.
  await page.goto(`/issues/edit/${issue._id}`);
  await page.getByRole('button', { name: 'PREVIEW' }).click();
  const frame = page.frameLocator('iframe[title]').first();
  await expect(frame.getByText('Sabah Bülteni: Metro, bütçe ve hafta sonu').first()).toBeVisible();
  await page.getByRole('switch', { name: /Dark/ }).click();
  await expect(frame.getByText('Sabah Bülteni: Metro, bütçe ve hafta sonu').first()).toBeVisible();
  await page.keyboard.press('Escape');

  await page.goto(`/issues/edit/${issue._id}/publish`);
  const summary = page.getByRole('region', { name: 'Summary' });
  await expect(summary).toContainText('Sabah Bülteni');
  await expect(summary).toContainText('Sabah Bülteni: Metro, bütçe ve hafta sonu');
  const timeline = page.getByRole('list', { name: 'Timeline' });
  await expect(page.getByRole('region', { name: 'Publish' })).toHaveCount(0);

  // A test to the testers makes the issue tested and opens the Publish section.
  await page.getByRole('button', { name: 'SEND TEST' }).click();
  await expectToast(page, 'A test email has been sent.');
  await expect.poll(() => sink.count).toBe(2);
  expect(sink.received.map((message) => message.to[0]).sort()).toEqual(['director@masthead.local', 'editor@masthead.local']);
  await expect(timeline).toContainText('Issue is tested.');

  // Scheduled a minute ahead (the picker's default for an admin), by e-mail and notification. The
  // page offers its time as it opens: opened again early in the minute, the release is most of a
  // minute away, time to see it scheduled.
  await earlyInTheMinute(page);
  await page.reload();
  await expect(timeline).toContainText('Issue is tested.');
  const publish = page.getByRole('region', { name: 'Publish' });
  await expect(publish).toBeVisible();
  await keepScreenshot(page, 'issue-publish-tested');
  await publish.getByRole('button', { name: 'PUBLISH' }).click();
  await expectToast(page, 'You can close this page and we will do the rest.');
  await expect(timeline).toContainText('Scheduled for');
  await expect(timeline).toContainText('Issue will be published at');
  await expect(timeline).toContainText('Issue will be sent as email at');
  await expect(page.getByRole('region', { name: 'Cancel' })).toBeVisible();
  await keepScreenshot(page, 'issue-publish-scheduled');

  // The job runs at its time; the messages arrive, each subscriber once.
  await expect.poll(async () => (await deliveries()).email.total, { timeout: 120_000 }).toBeGreaterThan(0);
  const total = (await deliveries()).email.total as number;
  await expect.poll(() => sink.count - 2, { timeout: 120_000 }).toBe(total);
  await expect(timeline).toContainText('Issue is published at', { timeout: 30_000 });
  await expect(timeline).toContainText('Issue is sent as email at');
  await expect(timeline).toContainText('Issue is sent as notification at');
  await expect(page.getByRole('region', { name: 'Deliveries' })).toContainText(`E-mail: ${total} of ${total}`);
  await expect(page.getByRole('link', { name: 'Go To Issue' })).toHaveAttribute('href', `/i/${issue.slug}`);
  await keepScreenshot(page, 'issue-publish-sent');

  const recipients = sink.received.slice(2).map((message) => message.to[0]);
  expect(new Set(recipients).size).toBe(total);
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
