/**
 * Opens, clicks and reads, counted honestly (issue 15, spec 002 sections 3 and 7): a demo issue is
 * sent to a real SMTP server; its messages' pixel and tracked links are requested as a reader, as
 * Apple's privacy proxy, as a link scanner and as a HEAD request; the public page's beacon reports a
 * read. The figures come back through updateStats, /statistics/generate and /analytics/filter
 * (people counted, machines apart), within the caller's scopes; forged tokens count nothing.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clock, clockControl } from '../../core/server/clock';
import { tracking } from '../../plugins/stories/server/public';
import type { Issue } from '../../schemas/generated/entities/issue';
import { enginesFor, keepEmailSubscribers, startTestServer, type TestServer } from './server';
import { startSmtpSink, type SmtpSink } from './smtp-sink';

const databases = enginesFor('every engine');

const publicUrl = 'http://console.test';
const browser = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';
const scanner = 'Mozilla/5.0 (compatible; Barracuda Sentinel (EE))';
const clickScanMs = 10_000;

describe.each(databases)('audience tracking on %s', (kind) => {
  let t: TestServer;
  let sink: SmtpSink;
  let tokens: Record<'admin' | 'editor' | 'author' | 'other', string>;
  let issueId: string;
  let newsletterId: string;
  let handedOverAt: number;
  const messages: { html: string; to: string }[] = [];

  const fetchIssue = async (id: string, query = ''): Promise<Issue> =>
    (await t.request('GET', `/api/issues/list/${id}${query}`, { token: tokens.editor })).body.data;
  const hit = (method: 'GET' | 'HEAD', url: string, userAgent: string, ip = '203.0.113.7') =>
    t.server.app.inject({ method, url: url.replace(publicUrl, ''), headers: { 'user-agent': userAgent }, remoteAddress: ip });
  const pixelOf = (html: string) => html.match(/<img src="(http:\/\/console\.test\/t\/o\/[^"]+)"/)![1]!;
  const linksOf = (html: string) => [...html.matchAll(/href="(http:\/\/console\.test\/t\/c\/[^"]+)"/g)].map((match) => match[1]!);
  const flush = () => tracking(t.server.context)!.flush();
  const filter = (body: object, token = tokens.editor) => t.request('POST', '/api/analytics/filter', { token, body: { source: 'events', filter: body } });

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await startTestServer(kind, { SMTP_URL: sink.url, PUBLIC_URL: publicUrl });
    const db = t.server.database.db;
    const morning = (await db.selectFrom('newsletters').select(['id', 'publisher_id']).where('key', '=', 'sabah-bulteni').executeTakeFirstOrThrow())!;
    newsletterId = morning.id;
    const admin = await t.login('admin@masthead.local');
    tokens = {
      admin: (await t.request('PUT', '/api/auth/scope', { token: admin, body: { publisher: morning.publisher_id } })).body.data,
      editor: await t.login('editor@masthead.local'),
      author: await t.login('author@masthead.local'),
      other: await t.login('director@egehaber.example'),
    };
    issueId = (await sql<{ id: string }>`select id from issues where newsletter_id = ${newsletterId} and key like '%-sabah-bulteni-hazir'`.execute(db)).rows[0]!
      .id;
    // Six readers' copies are read below: the other 2,800 of the demo would only cost the send.
    await keepEmailSubscribers(db, newsletterId, 20);
    // Only a tested issue is published: the test copies go to the testers, untracked.
    const options = (test: boolean) => ({ test, publishOnly: false, overridePublishedAt: false, mediums: { email: true, notification: false } });
    expect((await t.request('POST', `/api/issues/publish/${issueId}`, { token: tokens.admin, body: { publishOptions: options(true) } })).status).toBe(200);
    const published = await t.request('POST', `/api/issues/publish/${issueId}`, {
      token: tokens.admin,
      body: { publishedAt: new Date().toISOString(), publishOptions: options(false) },
    });
    expect(published.status).toBe(200);
    const deadline = Date.now() + 120_000;
    while (!(await fetchIssue(issueId)).status.emailed) {
      if (Date.now() > deadline) throw new Error('the issue was not sent');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    handedOverAt = clock.ms();
    // The last copies handed over: seconds old, as a scanner meets them.
    for (const message of sink.received.slice(-6)) {
      const mail = await sink.parse(message);
      messages.push({ html: String(mail.html), to: message.to[0]! });
    }
  }, 180_000);
  afterAll(async () => {
    clockControl.reset();
    await t?.close();
    await sink?.close();
  });

  it('sends tracked links and a pixel, and the redirect leads where the issue linked', async () => {
    const { html } = messages[5]!;
    const links = linksOf(html);
    expect(links.length).toBeGreaterThan(0);
    expect(pixelOf(html)).toMatch(/\/t\/o\/[\w~-]+\.[\w-]+$/);
    // The unsubscribe link stays the reader's own address, not a redirect.
    expect(html).toMatch(/href="http:\/\/console\.test\/u\/[\w-]+\.[\w-]+"/);
    const stored = await t.server.database.db
      .withTables<{ audience_links: { content_id: string; position: number; url: string } }>()
      .selectFrom('audience_links')
      .select(['position', 'url'])
      .where('content_id', '=', issueId)
      .orderBy('position')
      .execute();
    expect(stored.length).toBe(links.length);
    // Seconds after the hand-over, this click is a scanner's (counted apart, below).
    const answer = await hit('GET', links[0]!, browser);
    expect(answer.statusCode, answer.body).toBe(302);
    expect(answer.headers.location).toBe(stored[0]!.url);
  });

  it('tells people from machines: prefetching and scanners are counted apart', async () => {
    const [first, second, third] = messages;
    // Seconds after the hand-over: a scanner following the link, a proxy fetching the images.
    expect((await hit('GET', linksOf(second!.html)[0]!, browser)).statusCode).toBe(302);
    expect((await hit('GET', pixelOf(second!.html), browser)).statusCode).toBe(200);
    // Known machines whenever they come.
    expect((await hit('HEAD', linksOf(third!.html)[0]!, browser)).statusCode).toBe(302);
    expect((await hit('GET', linksOf(third!.html)[0]!, scanner)).statusCode).toBe(302);
    const applePixel = await hit('GET', pixelOf(third!.html), 'Mozilla/5.0', '17.58.101.4');
    expect(applePixel.statusCode).toBe(200);
    expect(applePixel.headers['content-type']).toBe('image/gif');

    // The reader, once the scanners' seconds are over: two opens and a click from one message. The
    // clock moves past those seconds instead of the test waiting, and stands still while the day's
    // figures are read, so that they are the day the events fell on, at midnight too.
    clockControl.freeze(Math.max(clock.ms(), handedOverAt + clickScanMs + 500));
    expect((await hit('GET', pixelOf(first!.html), browser)).statusCode).toBe(200);
    expect((await hit('GET', pixelOf(first!.html), browser, '198.51.100.2')).statusCode).toBe(200);
    expect((await hit('GET', linksOf(first!.html)[0]!, browser)).statusCode).toBe(302);
    await flush();

    const stats = (await fetchIssue(issueId, '?updateStats=true')).stats!;
    // Machines count by copy, as the results do (issue 55): the four scanner clicks fell on three
    // copies (the first test's, the second message's, the third's two).
    expect(stats).toMatchObject({ totalOpens: 2, uniqueOpens: 1, machineOpens: 2, totalClicks: 1, uniqueClicks: 1, machineClicks: 3 });

    const map = await filter({ type: 'clickmap', contentIds: [issueId], contentTypes: ['issue'] });
    expect(map.status).toBe(200);
    expect(map.body.data.result[0]).toMatchObject({ position: 0, total: 1, subscribers: 1, ip: 1, machine: 4 });
    expect(map.body.data.result[0].url).toMatch(/^https?:\/\//);

    const bySource = await filter({ type: 'open', contentIds: [issueId], contentTypes: ['issue'], groupBy: 'source' });
    expect(bySource.body.data.result).toEqual([expect.objectContaining({ source: 'email', total: 2, unique: 1, machine: 2 })]);
    // The device apart from the source (issue 30): the reader's Mac (and the proxy that fetched on its
    // agent) a desktop; Apple's proxy, whose bare agent says nothing, an unknown device.
    const byDevice = await filter({ type: 'open', contentIds: [issueId], contentTypes: ['issue'], groupBy: ['source', 'device'] });
    expect(byDevice.status).toBe(200);
    expect(byDevice.body.data.result).toEqual([
      expect.objectContaining({ source: 'email', device: 'desktop', total: 2, unique: 1, machine: 1 }),
      expect.objectContaining({ source: 'email', device: 'unknown', total: 0, unique: 0, machine: 1 }),
    ]);

    const generated = await t.request('POST', '/api/statistics/generate?force=true', {
      token: tokens.editor,
      body: {
        model: 'Issue',
        parent: issueId,
        methods: ['Opens', 'Clicks'],
        date: { startAt: new Date(clock.ms() - 86_400_000).toISOString(), endAt: clock.now().toISOString() },
        datespan: 'daily',
      },
    });
    expect(generated.status).toBe(200);
    const values = generated.body.data.values;
    // The reader's two opens of one message are one person's: the value counts each copy once, the total keeps the repeat.
    expect(values['opens.total']).toEqual([{ date: clock.now().toISOString().slice(0, 10), value: 1, total: 2, machine: 2 }]);
    // Machines by copy here too: three copies' links were followed by machines.
    expect(values['clicks.total'][0]).toMatchObject({ value: 1, total: 1, machine: 3 });
    expect(values['opens.sources'].email).toMatchObject({ total: 2, unique: 1 });
    expect(values['opens.sources'].ios).toMatchObject({ total: 0, unique: 0 });
    // Running again, from where it stands.
    clockControl.set(clock.now());
  }, 60_000);

  it('counts nothing for a forged or unknown token, and answers the pixel anyway', async () => {
    const before = (await fetchIssue(issueId, '?updateStats=true')).stats!;
    const link = linksOf(messages[4]!.html)[0]!;
    const forged = link.replace(/\.([\w-]+)\/0$/, '.AAAAAAAAAAAAAAAAAAAAAA/0');
    expect((await hit('GET', forged, browser)).statusCode).toBe(404);
    expect((await hit('GET', link.replace(/\/0$/, '/999'), browser)).statusCode).toBe(404);
    expect((await hit('GET', link.replace(/\/0$/, '/x'), browser)).statusCode).toBeGreaterThanOrEqual(400);
    const pixel = await hit('GET', `${publicUrl}/t/o/not-a-token`, browser);
    expect(pixel.statusCode).toBe(200);
    expect(pixel.headers['content-type']).toBe('image/gif');
    await flush();
    expect((await fetchIssue(issueId, '?updateStats=true')).stats).toEqual(before);
  });

  it("reads a public page's beacon: time in view, the app that showed it", async () => {
    const issue = await fetchIssue(issueId);
    const page = await t.request('GET', `/i/${issue.slug}`);
    expect(page.status).toBe(200);
    const token = String(page.body).match(/<script src="\/t\/read\.js" data-t="([^"]+)" defer><\/script>/)![1]!;
    const script = await t.request('GET', '/t/read.js');
    expect(script.status).toBe(200);
    expect(String(script.body)).toContain('sendBeacon');
    const beacon = (payload: string) =>
      t.server.app.inject({
        method: 'POST',
        url: '/t/r',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload,
        remoteAddress: '198.51.100.9',
      });
    expect((await beacon(`t=${encodeURIComponent(token)}&ms=42000&source=ios`)).statusCode).toBe(204);
    expect((await beacon(`t=${encodeURIComponent(token)}&ms=20000&source=`)).statusCode).toBe(204);
    expect((await beacon('t=forged.token&ms=1000')).statusCode).toBe(404);
    expect((await beacon(`t=${encodeURIComponent(token)}&ms=-5`)).statusCode).toBe(422);
    await flush();
    const reads = await filter({ type: 'read', contentIds: [issueId], contentTypes: ['issue'], groupBy: 'source' });
    expect(reads.body.data.result).toEqual([
      expect.objectContaining({ source: 'ios', total: 1, averageDuration: 42 }),
      expect.objectContaining({ source: 'web', total: 1, averageDuration: 20 }),
    ]);
  });

  it('answers newsletter series from the rollups, a year of demo data included', async () => {
    const year = { startAt: new Date(Date.now() - 365 * 86_400_000).toISOString(), endAt: new Date().toISOString() };
    const monthly = await filter({
      type: 'open',
      contextIds: [newsletterId],
      groupBy: ['date', 'source'],
      date: { ...year, spanType: 'month', spanInterval: 1 },
    });
    expect(monthly.status).toBe(200);
    const months = new Set(monthly.body.data.result.map((row: { date: string }) => row.date));
    expect(months.size).toBeGreaterThanOrEqual(12);
    const email = monthly.body.data.result.filter((row: { source: string }) => row.source === 'email');
    expect(email.every((row: { total: number; machine: number }) => row.total > 0 && row.machine > 0)).toBe(true);
    const generated = await t.request('POST', '/api/statistics/generate', {
      token: tokens.editor,
      body: { model: 'Newsletter', parent: newsletterId, methods: ['Opens', 'Clicks'], date: year, datespan: 'weekly' },
    });
    expect(generated.status).toBe(200);
    expect(generated.body.data.values['opens.total'].length).toBeGreaterThanOrEqual(52);
  });

  it('keeps to the caller: permissions, scopes and bad input', async () => {
    const body = {
      model: 'Issue',
      parent: issueId,
      methods: ['Opens'],
      date: { startAt: '2026-01-01T00:00:00.000Z', endAt: '2026-02-01T00:00:00.000Z' },
      datespan: 'daily',
    };
    expect((await t.request('POST', '/api/statistics/generate', { token: tokens.author, body })).status).toBe(401);
    expect((await t.request('POST', '/api/statistics/generate', { token: tokens.other, body })).status).toBe(404);
    expect((await t.request('POST', '/api/statistics/generate', { body })).status).toBe(401);
    expect((await t.request('POST', '/api/statistics/generate', { token: tokens.editor, body: { ...body, datespan: 'hourly' } })).status).toBe(422);
    expect(
      (
        await t.request('POST', '/api/statistics/generate', {
          token: tokens.editor,
          body: { ...body, date: { startAt: '2026-03-01T00:00:00.000Z', endAt: '2026-02-01T00:00:00.000Z' } },
        })
      ).status,
    ).toBe(422);
    expect((await filter({ type: 'clickmap', contentIds: [issueId], contentTypes: ['issue'] }, tokens.author)).status).toBe(401);
    expect((await filter({ type: 'clickmap', contentIds: [issueId], contentTypes: ['issue'] }, tokens.other)).status).toBe(404);
    expect((await filter({ type: 'open', contextIds: [newsletterId] }, tokens.other)).status).toBe(404);
    expect((await filter({ type: 'clickmap' })).status).toBe(422);
    // Devices are kept per issue and story: a newsletter's total by device is refused, not double-counted.
    expect((await filter({ type: 'open', contextIds: [newsletterId], groupBy: 'device' })).status).toBe(422);
    expect((await filter({ type: 'views' })).status).toBe(422);
    expect((await t.request('POST', '/api/analytics/filter', { token: tokens.editor, body: { source: 'logs', filter: { type: 'open' } } })).status).toBe(422);
  });
});
