/**
 * A send watched from start to end (issue 54 point 2, docs/decisions/0054 'Progress tells only
 * what happened'): the publish page's status list says a step is done only when its facts say so,
 * and agrees with the delivery counts beside it and with the server's (GET /issues/deliveries/{id})
 * at every moment. The server sends to an SMTP server that answers only when the journey releases
 * a message (smtp-gate.ts), so the send stands still at each step: nothing sent, part sent, the
 * mail server away and back, a cancel mid-way, then a reschedule that sends the rest, and done.
 * The newsletter is the journey's own, made through the API with a few dozen subscribers.
 */
import type { Page, TestInfo } from '@playwright/test';
import { startServer, type RunningServer } from './server';
import { expect, test as base } from './fixtures';
import { accounts, closeToasts, constants, expectToast, follow, signInAsAdmin } from './helpers';
import { ownNewsletterWithIssue } from './own-newsletter';
import { startSmtpGate, type SmtpGate } from './smtp-gate';

// This file's server sends over SMTP to a gate of its own.
const test = base.extend<object, { gate: SmtpGate; server: RunningServer }>({
  gate: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern; this one has none
    async ({}, use) => {
      const gate = await startSmtpGate();
      await use(gate);
      await gate.close();
    },
    { scope: 'worker' },
  ],
  server: [
    async ({ gate }, use, workerInfo) => {
      const server = await startServer(workerInfo.parallelIndex, 90_000, { SMTP_URL: gate.url });
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
});

/** More than the copies the sender hands over before it next reads the issue, so that a cancel between two reads is seen to stop it at once. */
const subscribers = constants.delivery.stopCheckEvery + 12;

interface Counts {
  total: number;
  sent: number;
  failed: number;
  doubt: number;
  pending: number;
}

/** A screenshot of the page kept in the test's output folder and attached to its report. */
async function attachShot(page: Page, testInfo: TestInfo, name: string) {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

test('a send watched from start to end: the status list agrees with the delivery counts at each step', async ({ page, gate }, testInfo) => {
  const { issueId } = await ownNewsletterWithIssue(page.request, {
    title: 'İlerleme Bülteni',
    key: 'ilerleme',
    subtitle: 'Bir gönderim baştan sona',
    description: 'Gönderimin her adımını izleyen yolculuğun bülteni.',
    subscribers,
    issue: {
      subject: 'İlerleme: bir gönderim baştan sona',
      preview: 'Her adımda sayılar ve durum',
      notification: { title: 'İlerleme sayısı çıktı', body: 'Bir gönderim baştan sona' },
      intro: { html: '<p>Günaydın! Bu sayı adım adım gider.</p>' },
    },
    tested: false,
  });
  await signInAsAdmin(page);
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  const headers = { authorization: `Bearer ${token}` };
  const deliveries = async () =>
    (await (await page.request.get(`/api/issues/deliveries/${issueId}`, { headers })).json()).data as {
      email: Counts;
      notification: Counts;
      mailServer: { state: string } | null;
    };

  await follow(page, `/issues/edit/${issueId}/publish`);
  const timeline = page.getByRole('list', { name: 'Timeline' }).getByRole('listitem');
  const email = page.getByTestId('e-mail-deliveries');
  const badge = page.getByTestId('status-badge').first();
  const tested = 'Issue is tested.';
  const processing = 'Issue is processing...';
  const published = /^Issue is published at \d{2} \S+ \d{4} \d{2}:\d{2}\.$/;
  const sentAs = (medium: string) => new RegExp(`^Issue is sent as ${medium} at \\d{2} \\S+ \\d{4} \\d{2}:\\d{2}\\.$`);
  const count = (value: number) => value.toLocaleString('en-US');

  await expect(timeline).toHaveText([]);
  await expect(badge).toHaveText('DRAFT');
  await page.getByRole('button', { name: 'SEND TEST' }).click();
  await expectToast(page, 'A test email has been sent.');
  await expect(timeline).toHaveText([tested]);
  await expect(badge).toHaveText('READY');
  expect(gate.accepted).toEqual([accounts.director]);
  // The issue's own copies, in the order the mail server took them.
  const copies = () => gate.accepted.slice(1);

  /**
   * One moment of the send, with the mail server holding what it was handed: the server's counts
   * are what the mail server took, and the page says the same, with the status list, the
   * 'Sending...' note and the badge that go with them. Answers the server's counts.
   */
  const agree = async (moment: { lines: (string | RegExp)[]; sending: boolean }) => {
    const counts = await deliveries();
    expect(counts.email.sent, 'sent: what the mail server accepted').toBe(copies().length);
    expect(counts.email.total).toBe(subscribers);
    expect(counts.email.failed + counts.email.doubt).toBe(0);
    const { sent, pending, total } = counts.email;
    await expect(email).toContainText(`E-mail: ${count(total - pending)} of ${count(total)}`);
    await expect(email.getByText(`${count(sent)} sent`, { exact: true })).toBeVisible();
    await expect(email.getByText(`${count(pending)} pending`, { exact: true })).toBeVisible();
    await expect(email.getByText('Sending...')).toHaveCount(moment.sending ? 1 : 0);
    // Nobody is on the app: the page says so, and never that it prepares them.
    await expect(page.getByTestId('notification-deliveries')).toHaveText('Notification: nobody to send to.');
    await expect(timeline).toHaveText(moment.lines);
    // A copy still pending: the e-mail is not told sent.
    if (pending > 0) await expect(timeline.filter({ hasText: 'sent as email' })).toHaveCount(0);
    // The badge keeps the spec's order: an issue being sent is published on its web page, which the list says too.
    await expect(badge).toHaveText('PUBLISHED');
    // The API again: nothing moved while the page was read.
    expect((await deliveries()).email).toEqual(counts.email);
    return counts;
  };
  /** Waits until the sender has handed the mail server its next copy (one connection takes a batch this small). */
  const nextHeld = () => gate.whenHeld(1);
  /** Lets `n` copies through, one at a time, each answered once the sender has handed it over. */
  const letThrough = async (n: number) => {
    for (let index = 0; index < n; index++) {
      await nextHeld();
      gate.release(1);
    }
    await nextHeld();
  };

  // Published now: the web page goes out, the first copy waits at the mail server, nothing is sent.
  gate.holding = true;
  const { recipients } = (await (await page.request.get(`/api/issues/preflight/${issueId}`, { headers })).json()).data;
  expect(recipients).toEqual({ email: subscribers, notification: 0 });
  await page.getByRole('region', { name: 'Publish', exact: true }).getByRole('button', { name: 'PUBLISH NOW' }).click();
  const dialog = page.locator('.ms-Dialog-main');
  await expect(dialog).toContainText(`Send to ${subscribers} e-mail and 0 app subscribers now?`);
  await dialog.getByRole('button', { name: 'PUBLISH NOW' }).click();
  await nextHeld();
  const sending = { lines: [tested, processing, published], sending: true };
  let counts = await agree(sending);
  expect(counts.email).toMatchObject({ sent: 0, pending: subscribers });
  await expect(page.getByRole('region', { name: 'Cancel' })).toBeVisible();

  // Part sent: the same list, the counts moved on.
  await letThrough(20);
  counts = await agree(sending);
  expect(counts.email).toMatchObject({ sent: 20, pending: subscribers - 20 });
  await closeToasts(page);
  for (const width of [1440, 768, 375]) {
    await page.setViewportSize({ width, height: 900 });
    // As narrow as a phone, the editor's sidebar closes by itself: the page has the width.
    if (width === 375) await expect(page.getByRole('button', { name: 'Open the sidebar' })).toBeVisible();
    await expect(email).toContainText(`E-mail: 20 of ${subscribers}`);
    await attachShot(page, testInfo, `publish-sending-${width}`);
  }
  await page.setViewportSize({ width: 1440, height: 900 });

  // A cancel mid-way, between two of the sender's checks of the issue: a cancel made on the sending
  // process is heard before the next copy, so only the copy in the mail server's hands still goes.
  const cancelAt = 30;
  await letThrough(cancelAt - 20);
  counts = await agree(sending);
  expect(counts.email.sent).toBe(cancelAt);
  await page.getByRole('region', { name: 'Cancel' }).getByRole('button', { name: 'CANCEL' }).click();
  await expect(dialog).toContainText('Stop sending the issue?');
  await expect(dialog).toContainText(
    `${counts.email.pending} messages are not sent yet. Any the mail server is already taking still go; the rest stay unsent.`,
  );
  await dialog.getByRole('button', { name: 'CANCEL PUBLICATION' }).click();
  await expectToast(page, 'The issue is successfully cancelled.');
  // No longer processing: the web page went, the e-mail did not; the copy in the mail server's hands is still pending.
  const cancelled = { lines: [tested, published], sending: false };
  await agree(cancelled);
  await expect(page.getByRole('region', { name: 'Cancel' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'RESCHEDULE...' })).toBeVisible();
  // That copy is accepted; the sender stops before the next.
  gate.release(1);
  await expect.poll(async () => (await deliveries()).email.sent).toBe(cancelAt + 1);
  // By the time the page's server counted that answer, a send that went on would have handed the mail server its next copy.
  expect(gate.held, 'no copy after the cancel').toEqual([]);
  counts = await agree(cancelled);
  const unsent = subscribers - counts.email.sent;
  expect(counts.email.pending).toBe(unsent);
  await closeToasts(page);
  await attachShot(page, testInfo, 'publish-cancelled-1440');

  // A reschedule now sends only the rest, and its confirmation counts them.
  await closeToasts(page);
  await page.getByRole('button', { name: 'RESCHEDULE...' }).click();
  await page.getByRole('region', { name: 'Reschedule' }).getByRole('button', { name: 'RESCHEDULE NOW' }).click();
  await expect(dialog).toContainText(`Send to ${unsent} e-mail and 0 app subscribers now?`);
  await dialog.getByRole('button', { name: 'RESCHEDULE NOW' }).click();
  await nextHeld();
  counts = await agree(sending);
  expect(counts.email).toMatchObject({ sent: subscribers - unsent, pending: unsent });

  // The mail server goes away: the copy goes back to the queue, the page says sending waits for it, still processing.
  gate.down = true;
  gate.release(1);
  const waiting = page.getByText('Waiting for the mail server: it cannot be reached.', { exact: false });
  await expect(waiting).toBeVisible();
  expect((await deliveries()).mailServer?.state).toBe('waiting');
  counts = await agree(sending);
  expect(counts.email.pending).toBe(unsent - 1);
  await closeToasts(page);
  await attachShot(page, testInfo, 'publish-waiting-1440');
  // Back: the next copy reaches it, and once it is answered the note goes.
  gate.down = false;
  await nextHeld();
  gate.release(1);
  await expect(waiting).toHaveCount(0);
  await nextHeld();
  counts = await agree(sending);
  expect(counts.email.pending).toBe(unsent - 2);
  expect(counts.mailServer).toBeNull();

  // Done: every copy accepted, and only then the e-mail is told sent.
  gate.open();
  await expect(timeline).toHaveText([tested, published, sentAs('notification'), sentAs('email')]);
  counts = await agree({ lines: [tested, published, sentAs('notification'), sentAs('email')], sending: false });
  expect(counts.email).toMatchObject({ sent: subscribers, pending: 0 });
  // Each subscriber got one copy: none lost to the cancel, the outage or the reschedule, none twice.
  expect(new Set(copies()).size).toBe(subscribers);
  expect(copies()).toHaveLength(subscribers);
  await expect(page.getByRole('link', { name: 'SEE RESULTS' })).toBeVisible();
  await closeToasts(page);
  await attachShot(page, testInfo, 'publish-sent-1440');
});
