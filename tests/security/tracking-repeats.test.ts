/**
 * One copy's pixel and link replayed (issue 26, point 8): 200 requests of one reader's open pixel
 * and of one of its tracked links, with a browser's agent and after the scanners' seconds, are one
 * person's open and one person's click. The repeats stay in the totals, apart from the unique
 * figures, in every answer that gives opens and clicks.
 */
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { clock, clockControl } from '../../core/server/clock';
import { readOutbox } from '../../core/server/services/mail';
import { constants } from '../../core/shared/config';
import { tracking } from '../../plugins/stories/server/public';
import type { Issue } from '../../schemas/generated/entities/issue';
import { enginesFor, keepEmailSubscribers, startTestServer, until, type TestServer } from '../api/server';

const databases = enginesFor('every engine');

const publicUrl = 'http://console.test';
const browser = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';
const replays = 200;

describe.each(databases)('a copy replayed on %s', (kind) => {
  let t: TestServer;
  let editor: string;
  let issueId: string;
  let pixel: string;
  let link: string;

  const fetchIssue = async (query = ''): Promise<Issue> => (await t.request('GET', `/api/issues/list/${issueId}${query}`, { token: editor })).body.data;
  const hit = (url: string) =>
    t.server.app.inject({ method: 'GET', url: url.replace(publicUrl, ''), headers: { 'user-agent': browser }, remoteAddress: '203.0.113.40' });

  beforeAll(async () => {
    t = await startTestServer(kind);
    const db = t.server.database.db;
    const morning = await db.selectFrom('newsletters').select(['id', 'publisher_id']).where('key', '=', 'sabah-bulteni').executeTakeFirstOrThrow();
    const admin = await t.login('admin@masthead.local');
    const scoped = (await t.request('PUT', '/api/auth/scope', { token: admin, body: { publisher: morning.publisher_id } })).body.data;
    editor = await t.login('editor@masthead.local');
    issueId = (await sql<{ id: string }>`select id from issues where newsletter_id = ${morning.id} and key like '%-sabah-bulteni-hazir'`.execute(db)).rows[0]!
      .id;
    // One reader's copy is all this needs: the other 2,800 of the demo would only cost the send.
    await keepEmailSubscribers(db, morning.id, 5);
    // An issue is published once tested; the test copies are not tracked, the published ones are.
    const options = (test: boolean) => ({ test, publishOnly: false, overridePublishedAt: false, mediums: { email: true, notification: false } });
    expect((await t.request('POST', `/api/issues/publish/${issueId}`, { token: scoped, body: { publishOptions: options(true) } })).status).toBe(200);
    const published = await t.request('POST', `/api/issues/publish/${issueId}`, {
      token: scoped,
      body: { publishedAt: new Date().toISOString(), publishOptions: options(false) },
    });
    expect(published.status).toBe(200);
    expect(await until(async () => Boolean((await fetchIssue()).status.emailed), 120_000)).toBe(true);
    const copy = readOutbox(t.dataDir).find((message) => message.html?.includes(`${publicUrl}/t/o/`));
    expect(copy, 'a tracked copy in the outbox').toBeDefined();
    pixel = /<img src="(http:\/\/console\.test\/t\/o\/[^"]+)"/.exec(copy!.html!)![1]!;
    link = /href="(http:\/\/console\.test\/t\/c\/[^"]+)"/.exec(copy!.html!)![1]!;
  }, 180_000);
  afterEach(() => {
    clockControl.reset();
  });
  afterAll(async () => {
    await t?.close();
  });

  it(`counts ${replays} requests of one copy's pixel and link as one person's open and click, the repeats in the totals`, async () => {
    // Past the seconds in which an open or a click is a scanner's (the copy's hand-over time is in
    // its token): the clock moves on instead of the test waiting.
    const scannerSeconds = Math.max(constants.tracking.openPrefetchSeconds, constants.tracking.clickScanSeconds);
    clockControl.advance((scannerSeconds + 5) * 1000);

    for (let n = 0; n < replays; n++) {
      expect((await hit(pixel)).statusCode).toBe(200);
      const click = await hit(link);
      expect(click.statusCode).toBe(302);
    }
    await tracking(t.server.context)!.flush();

    const stats = (await fetchIssue('?updateStats=true')).stats!;
    expect(stats).toMatchObject({ uniqueOpens: 1, totalOpens: replays, uniqueClicks: 1, totalClicks: replays, machineOpens: 0, machineClicks: 0 });

    const today = clock.now();
    const generated = await t.request('POST', '/api/statistics/generate', {
      token: editor,
      body: {
        model: 'Issue',
        parent: issueId,
        methods: ['Opens', 'Clicks'],
        date: { startAt: new Date(today.getTime() - 86_400_000).toISOString(), endAt: new Date(today.getTime() + 86_400_000).toISOString() },
        datespan: 'monthly',
      },
    });
    expect(generated.status).toBe(200);
    // One span: the people, counted once a copy, and the total with the repeats beside.
    expect(generated.body.data.values['opens.total']).toEqual([expect.objectContaining({ value: 1, total: replays, machine: 0 })]);
    expect(generated.body.data.values['clicks.total']).toEqual([expect.objectContaining({ value: 1, total: replays, machine: 0 })]);
    expect(generated.body.data.values['opens.sources'].email).toMatchObject({ total: replays, unique: 1 });

    const filter = (body: object) => t.request('POST', '/api/analytics/filter', { token: editor, body: { source: 'events', filter: body } });
    const opens = await filter({ type: 'open', contentIds: [issueId], contentTypes: ['issue'] });
    expect(opens.body.data.result).toEqual([expect.objectContaining({ total: replays, unique: 1, machine: 0 })]);
    const clicks = await filter({ type: 'click', contentIds: [issueId], contentTypes: ['issue'] });
    expect(clicks.body.data.result).toEqual([expect.objectContaining({ total: replays, unique: 1, machine: 0 })]);
    const map = await filter({ type: 'clickmap', contentIds: [issueId], contentTypes: ['issue'] });
    const position = Number(link.split('/').at(-1));
    expect(map.body.data.result.find((row: { position: number }) => row.position === position)).toMatchObject({ total: replays, subscribers: 1, ip: 1 });
  }, 120_000);
});
