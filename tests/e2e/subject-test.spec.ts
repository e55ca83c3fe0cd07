/**
 * A subject test decided by people (issue 58), against the real server sending to a real SMTP
 * server this file starts. The journey makes its own newsletter with a few dozen e-mail
 * subscribers and an issue of it, tested. On the Publish tab the admin turns on the test, writes a
 * second subject line, gives the test half the e-mail audience, the shortest wait and people's
 * opens to decide; the confirmation says how many get each subject line and how many the winner.
 * Once the test's copies have arrived (the SMTP server's count, not a wall clock), the panel says
 * the wait runs; machines open every copy of the first subject, people open most copies of the
 * second; the server's clock moves past the wait, and the panel shows the second subject as the
 * winner on people's opens with both rates and the confidence, the figures of each subject line
 * with the machines' opens apart; the rest of the audience gets the winner, and the issue list
 * and the issue's analytics say so too.
 */
import type { Page } from '@playwright/test';
import { expect, smtpTest } from './fixtures';
import { closeToasts, constants, follow, keepScreenshot, saveScreenshot, signInAsAdmin } from './helpers';
import { ownNewsletterWithIssue } from './own-newsletter';

// This file's server sends over SMTP to a sink of its own.
const test = smtpTest();

/** Enough readers for a clear difference between two halves of half the audience. */
const subscribers = 40;
const own = { subject: 'Kuzeyde kış hazırlığı başladı', preview: 'Limanlar, yollar ve okullar hazırlanıyor' };
const other = { subject: 'Kış kapıda: liman, yol ve okul', preview: 'Hazırlıkların bütün ayrıntıları' };

const person = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
// Apple Mail Privacy Protection fetches every image with this bare agent.
const applePrivacyProxy = 'Mozilla/5.0';
const pixelOf = (html: string) => html.match(/<img src="([^"]+\/t\/o\/[^"]+)"/)![1]!;

/** The screen at each width, checked by axe at the first. */
async function atEachWidth(page: Page, name: string, seen: () => Promise<void>) {
  for (const width of [1440, 768, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await seen();
    if (width === 1440) await keepScreenshot(page, `${name}-${width}`);
    else await saveScreenshot(page, `${name}-${width}`);
    // Once the layout has followed the new width.
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth), { message: `nothing wider than the window at ${width} px` })
      .toBeLessThanOrEqual(width);
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

test('two subject lines tried on half the audience; people, not machines, pick the winner, who goes to the rest', async ({ page, sink, request, server }) => {
  test.slow();
  const { newsletterId, issueId } = await ownNewsletterWithIssue(page.request, {
    title: 'Konu Testi Bülteni',
    key: 'konu-testi',
    subtitle: 'İki konu satırı, okurlar seçer',
    description: 'Konu satırı testinin yolculuğunun bülteni.',
    subscribers,
    issue: { ...own, notification: { title: 'Kış geliyor', body: 'Hazırlıklar başladı' }, intro: { html: '<p>Günaydın! Kış hazırlıkları başladı.</p>' } },
    tested: true,
  });
  // The test to the director.
  await expect.poll(() => sink.count).toBe(1);
  await signInAsAdmin(page);

  // The Publish tab: the test's settings.
  await follow(page, `/issues/edit/${issueId}/publish`);
  const publish = page.getByRole('region', { name: 'Publish', exact: true });
  await publish.getByRole('switch', { name: 'Test subject lines' }).click();
  await expect(publish.getByRole('textbox', { name: 'Subject 1' })).toHaveValue(own.subject);
  await publish.getByRole('textbox', { name: 'Subject 2', exact: true }).fill(other.subject);
  await publish.getByRole('textbox', { name: 'Preview of Subject 2' }).fill(other.preview);
  await publish.getByRole('slider', { name: 'Share of the e-mail audience that tests them' }).press('End');
  await expect(publish.getByRole('slider', { name: 'Share of the e-mail audience that tests them' })).toHaveAttribute(
    'aria-valuenow',
    String(constants.subjectTests.shareMax),
  );
  // The wait stays the shortest: the server's clock goes past it below.
  await expect(publish.getByRole('slider', { name: 'Wait after their copies went out' })).toHaveAttribute('aria-valuetext', '30 minutes');
  await publish.getByRole('radio', { name: 'People’s opens' }).check();
  await atEachWidth(page, 'subject-test-form', () => expect(publish.getByRole('textbox', { name: 'Subject 2', exact: true })).toBeVisible());

  // Half of the 40 test it, 10 each; the other 20 get the winner.
  const tested = subscribers / 2;
  await publish.getByRole('button', { name: 'PUBLISH NOW' }).click();
  const dialog = page.locator('.ms-Dialog-main');
  await expect(dialog).toContainText(`Send to ${subscribers} e-mail and 0 app subscribers now?`);
  await expect(dialog).toContainText(
    `The subject test goes to ${tested} e-mail subscribers first: 10 get Subject 1 and 10 get Subject 2. After 30 minutes, the winner goes to the other ${tested}.`,
  );
  await dialog.getByRole('button', { name: 'PUBLISH NOW' }).click();

  // The test's copies arrive, and nothing else: the panel says the wait runs, until when.
  await expect.poll(() => sink.count, { timeout: 60_000 }).toBe(1 + tested);
  const panel = page.getByRole('region', { name: 'Subject test' });
  await expect(panel.getByText(/^Waiting for readers until \d{2} \S+ \d{4} \d{2}:\d{2}: then the winner goes to the rest of the audience\.$/)).toBeVisible();
  const copies = await Promise.all(sink.received.slice(1).map((message) => sink.parse(message)));
  const bySubject = (subject: string) => copies.filter((copy) => copy.subject === subject).map((copy) => pixelOf(String(copy.html)));
  const [first, second] = [bySubject(own.subject), bySubject(other.subject)];
  expect([first.length, second.length]).toEqual([10, 10]);
  const row = (name: string) => panel.getByRole('row', { name });
  await expect(row('Subject 1').locator('[data-label="Sent"]')).toHaveText('10');
  await expect(row('Subject 2').locator('[data-label="Sent"]')).toHaveText('10');
  await expect(panel.getByRole('button', { name: 'Send this one to the rest' })).toHaveCount(2);
  await closeToasts(page);
  await atEachWidth(page, 'subject-test-waiting', () => expect(row('Subject 2')).toBeVisible());

  // Apple's proxy opens every copy of the first subject at once; later people open 8 of the second's and 1 of the first's.
  for (const pixel of first) expect((await request.get(pixel, { headers: { 'user-agent': applePrivacyProxy } })).status()).toBe(200);
  await server.advanceClock((constants.tracking.openPrefetchSeconds + 1) * 1000);
  for (const pixel of [...second.slice(0, 8), first[0]!]) expect((await request.get(pixel, { headers: { 'user-agent': person } })).status()).toBe(200);
  // The server counts them a moment later (its tracking writes in batches): the test as the API shows it says when.
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  const figures = async () => {
    const answer = await page.request.get(`/api/issues/update/${issueId}`, { headers: { authorization: `Bearer ${token}` } });
    const { results } = ((await answer.json()) as { data: { subjectTest: { results: { opens: number; machineOpens: number }[] } } }).data.subjectTest;
    return results.map(({ opens, machineOpens }) => [opens, machineOpens]);
  };
  await expect.poll(figures).toEqual([
    [1, 10],
    [8, 0],
  ]);

  // The wait ends on the server's clock: people's opens decide, and the rest gets the winner.
  await server.advanceClock(constants.subjectTests.waitMinutesMin * 60_000);
  const verdict = panel.getByText(/^Subject 2 won on people’s opens: 80% opened it, against 10% for Subject 1, with (\d+(\.\d)?)% confidence\.$/);
  await expect(verdict).toBeVisible({ timeout: 30_000 });
  const confidence = Number((await verdict.textContent())!.match(/with ([\d.]+)% confidence/)![1]);
  expect(confidence).toBeGreaterThanOrEqual(constants.subjectTests.confidence * 100);
  await expect(row('Subject 2').getByText('Winner')).toBeVisible();
  await expect(row('Subject 1').getByText('Winner')).toHaveCount(0);
  await expect(panel.getByRole('button', { name: 'Send this one to the rest' })).toHaveCount(0);
  await expect.poll(() => sink.count, { timeout: 60_000 }).toBe(1 + subscribers);
  const rest = await Promise.all(sink.received.slice(1 + tested).map((message) => sink.parse(message)));
  expect(new Set(rest.map((copy) => copy.subject))).toEqual(new Set([other.subject]));

  // Once the send is done: each subject line's figures, the machines' opens apart, never in a rate.
  await expect(page.getByTestId('e-mail-deliveries')).toContainText(`E-mail: ${subscribers} of ${subscribers}`);
  await expect(panel.getByText('Decided: the winner goes to the rest of the audience.')).toBeVisible();
  await expect(row('Subject 1').locator('[data-label="People’s opens"]')).toHaveText('10% (1)');
  await expect(row('Subject 1').locator('[data-label="Machine opens"]')).toHaveText('90.9% (10)');
  await expect(row('Subject 2').locator('[data-label="Sent"]')).toHaveText(String(10 + tested));
  await expect(row('Subject 2').locator('[data-label="People’s opens"]')).toHaveText(`26.7% (8)`);
  await expect(row('Subject 2').locator('[data-label="Machine opens"]')).toHaveText('0% (0)');
  await closeToasts(page);
  await atEachWidth(page, 'subject-test-decided', () => expect(verdict).toBeVisible());

  // The issue list names the subject that won; the issue's analytics show the same test.
  await follow(page, `/newsletters/show/${newsletterId}/issues`);
  await expect(page.getByTestId('subject-test-line')).toHaveText(`Subject test won by “${other.subject}”`);
  await follow(page, `/issues/show/${issueId}/analytics`);
  const analytics = page.getByRole('region', { name: 'Subject test' });
  await expect(analytics.getByText(/^Subject 2 won on people’s opens: 80% opened it/)).toBeVisible();
  await expect(analytics.getByRole('row', { name: 'Subject 1' }).locator('[data-label="Machine opens"]')).toHaveText('90.9% (10)');
  await keepScreenshot(page, 'subject-test-analytics-1440');
});
