/**
 * Readers counted honestly (issue 15), against the real server sending to a real SMTP server this
 * file starts: a demo issue goes out; from the messages received, a link scanner and Apple's
 * privacy proxy fetch a copy's link and pixel at once (machines), then the reader opens and clicks
 * it (a person); one reader leaves with the one-click unsubscribe of the message's headers,
 * another through the unsubscribe page with a reason. In Chromium the issue's analytics show the
 * open in the device pie, the click in the click map beside its link, the machine share, and the
 * newsletter's cancellation view shows both readers who left.
 */
import type { APIRequestContext } from '@playwright/test';
import { expect, smtpTest } from './fixtures';
import { constants, follow, keepScreenshot, signInAsAdmin } from './helpers';

// This file's server sends over SMTP to a sink of its own.
const test = smtpTest();

const person = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const scanner = 'Mozilla/5.0 (compatible; Barracuda Sentinel (EE))';
// Apple Mail Privacy Protection fetches every image with this bare agent.
const applePrivacyProxy = 'Mozilla/5.0';
const storyLink = 'https://ulasim.example/metro-ilk-hafta';

const trackedLinks = (html: string) => [...html.matchAll(/href="([^"]+\/t\/c\/[^"]+)"/g)].map((match) => match[1]!);
const pixelOf = (html: string) => html.match(/<img src="([^"]+\/t\/o\/[^"]+)"/)![1]!;
const unsubscribeOf = (mail: { headers: Map<string, unknown> }) => (mail.headers.get('list') as { unsubscribe: { url: string } }).unsubscribe.url;

/** Where a tracked link leads, without following it (the story's address is not on this machine). */
async function redirect(request: APIRequestContext, url: string, userAgent: string, method: 'GET' | 'HEAD' = 'GET') {
  const answer = await request.fetch(url, { method, headers: { 'user-agent': userAgent }, maxRedirects: 0 });
  expect(answer.status()).toBe(302);
  return answer.headers().location;
}

test('a sent issue is scanned, read, clicked and left, and its analytics show each', async ({ page, sink, request, server }) => {
  test.slow();
  await signInAsAdmin(page);
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  const headers = { authorization: `Bearer ${token}` };
  const verify = await (await page.request.get('/api/auth/verify', { headers })).json();
  const newsletterId = (verify.data.scopes as { _id: string; title: string }[]).find((scope) => scope.title === 'Teknoloji Notları')!._id;
  const list = await (await page.request.get(`/api/issues/list?newsletter=${newsletterId}&search=hazir&limit=10`, { headers })).json();
  const issue = (list.data as { _id: string; key: string }[]).find((row) => row.key.endsWith('-sabah-bulteni-hazir'))!;

  // Tested, then published now by e-mail: the copies arrive at the SMTP server.
  const options = (test: boolean) => ({ test, publishOnly: false, overridePublishedAt: false, mediums: { email: true, notification: false } });
  expect((await page.request.post(`/api/issues/publish/${issue._id}`, { headers, data: { publishOptions: options(true) } })).status()).toBe(200);
  await expect.poll(() => sink.count).toBe(2);
  const published = await page.request.post(`/api/issues/publish/${issue._id}`, {
    headers,
    data: { publishedAt: new Date().toISOString(), publishOptions: options(false) },
  });
  expect(published.status()).toBe(200);
  const deliveries = async () => (await (await page.request.get(`/api/issues/deliveries/${issue._id}`, { headers })).json()).data;
  await expect.poll(async () => (await deliveries()).email.total, { timeout: 60_000 }).toBeGreaterThan(2);
  const total = (await deliveries()).email.total as number;
  await expect.poll(() => sink.count - 2, { timeout: 120_000 }).toBe(total);
  const handedOver = Date.now();
  const [reader, leaver, explainer] = await Promise.all(sink.received.slice(2, 5).map((message) => sink.parse(message)));
  const readerHtml = String(reader!.html);

  // At once, a link scanner checks every link (HEAD) and follows the story's; Apple's proxy loads the pixel.
  let tracked: string | undefined;
  for (const link of trackedLinks(readerHtml)) if ((await redirect(request, link, scanner, 'HEAD')) === storyLink) tracked = link;
  expect(tracked, 'the story link is tracked').toBeTruthy();
  expect(await redirect(request, tracked!, scanner)).toBe(storyLink);
  expect((await request.get(pixelOf(readerHtml), { headers: { 'user-agent': applePrivacyProxy } })).headers()['content-type']).toBe('image/gif');

  // Later, the reader opens the message and clicks the story's link: the server's clock moves past
  // the scanners' seconds instead of the test waiting for them.
  const wait = handedOver + (constants.tracking.clickScanSeconds + 1) * 1000 - Date.now();
  if (wait > 0) await server.advanceClock(wait);
  expect((await request.get(pixelOf(readerHtml), { headers: { 'user-agent': person } })).status()).toBe(200);
  expect(await redirect(request, tracked!, person)).toBe(storyLink);

  // One reader leaves with one click (RFC 8058), another on the unsubscribe page with a reason.
  const oneClick = unsubscribeOf(leaver!);
  const left = await request.post(oneClick, { headers: { 'content-type': 'application/x-www-form-urlencoded' }, data: 'List-Unsubscribe=One-Click' });
  expect(left.status()).toBe(200);
  const withReason = unsubscribeOf(explainer!);
  await page.goto(withReason);
  // Teknoloji Notları's readers read English: the reason as it reads there, kept as the spec's.
  const reason = constants.audience.cancellationReasons[1]!;
  await page.getByRole('radio', { name: 'I have no time to read' }).check();
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByText('Your subscription has ended.', { exact: false })).toBeVisible();

  // The issue's analytics: the open in the device pie, the click beside its link, machines apart.
  await page.goto(`/issues/show/${issue._id}/analytics`);
  // People, each copy once, with the machines' share of the copies apart (issue 55): the reader's one
  // copy, opened by Apple's proxy and the reader, its links followed by the scanner and the reader.
  const results = page.getByRole('region', { name: 'Results' });
  const opens = results.getByRole('group', { name: 'Open rate' });
  await expect(opens).toBeVisible();
  await expect(opens).toContainText('1 opened');
  await expect(opens).toContainText('50% machine opens filtered');
  const clicks = results.getByRole('group', { name: 'Click rate' });
  await expect(clicks).toContainText('1 clicked');
  await expect(clicks).toContainText('50% machine clicks filtered');
  // The source (e-mail) and the device (a desktop browser's user agent) are two splits.
  await expect(page.getByRole('figure', { name: 'OPENS BY SOURCE' }).getByRole('row', { name: 'Email 1' })).toHaveCount(1);
  await expect(page.getByRole('figure', { name: 'OPENS BY DEVICE' }).getByRole('row', { name: 'Desktop 1' })).toHaveCount(1);
  await expect(page.getByRole('figure', { name: 'CLICKS BY DEVICE' }).getByRole('row', { name: 'Desktop 1' })).toHaveCount(1);
  const clickMap = page.getByTestId('click-map-content');
  const badges = clickMap.locator(`a[href="${storyLink}"] + .analytics-badges`);
  await expect(badges).toHaveText(/Total 1\s*Subscribers 1\s*IPs 1/);
  await keepScreenshot(page, 'analytics-issue-sent');

  // The newsletter's cancellation view (the last 30 days): both readers who left, named by their addresses, with their reasons.
  const [leaverAddress, explainerAddress] = [sink.received[3]!.to[0]!, sink.received[4]!.to[0]!];
  await follow(page, `/newsletters/show/${newsletterId}/analytics`);
  const cancellations = page.getByRole('grid', { name: 'Cancellations' });
  await expect(cancellations).toContainText(explainerAddress, { timeout: 30_000 });
  await expect(cancellations).toContainText(leaverAddress);
  await expect(cancellations.getByRole('row').filter({ hasText: explainerAddress })).toContainText(reason);
  await keepScreenshot(page, 'analytics-newsletter');
});

test('a reader subscribes on the landing page, confirms by e-mail, is welcomed and counted', async ({ page, sink }) => {
  const address = `yeni.okur.${Date.now()}@example.com`;
  await page.goto('/n/teknoloji-notlari');
  // The form asks the e-mail first, then the name; a city only where the web design asks for one (decision 0038).
  // In the newsletter's language, English.
  await page.getByLabel('Your e-mail address').fill(address);
  await page.getByLabel('Your name (optional)').fill('Yeni Okur');
  await expect(page.getByLabel(/city/i)).toHaveCount(0);
  await page.getByRole('button', { name: 'Subscribe' }).first().click();
  await expect(page.getByText('Click the link we sent to your inbox to confirm your subscription.')).toBeVisible();

  const received = async (subject: RegExp) => {
    for (const message of sink.received.filter((item) => item.to[0] === address)) {
      const mail = await sink.parse(message);
      if (subject.test(String(mail.subject))) return mail;
    }
    return null;
  };
  await expect.poll(async () => Boolean(await received(/confirm your subscription/))).toBe(true);
  const confirmation = (await received(/confirm your subscription/))!;
  const confirm = String(confirmation.html).match(/href="([^"]+\/confirm\/[^"]+)"/)![1]!;
  await page.goto(confirm);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Teknoloji Notları');
  // The welcome is the newsletter's own, written in Turkish by its team.
  await expect.poll(async () => Boolean(await received(/hoş geldiniz/i))).toBe(true);
  const welcome = (await received(/hoş geldiniz/i))!;
  expect(String(welcome.html)).toMatch(/\/u\/[\w-]+\.[\w-]+/);

  // The newest subscriber, from the web, with the name given.
  await signInAsAdmin(page);
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  const verify = await (await page.request.get('/api/auth/verify', { headers: { authorization: `Bearer ${token}` } })).json();
  const newsletterId = (verify.data.scopes as { _id: string; title: string }[]).find((scope) => scope.title === 'Teknoloji Notları')!._id;
  await follow(page, `/newsletters/show/${newsletterId}/subscribers`);
  const first = page.getByRole('grid', { name: 'Subscribers' }).locator('.ms-DetailsRow').first();
  await expect(first).toContainText(address);
  await expect(first).toContainText('Yeni Okur');
});
