/**
 * A subject test's audience (issue 58, decision 0058): the share asked for of the e-mail
 * audience, split evenly between the variants, at random, and the same way every time for an
 * issue; the rest of the audience follows with the winner's variant. Each variant's figures are
 * its copies', people's and machines' apart (counted by the tracking per variant as events arrive,
 * and the same counted copy by copy), and only people's decide.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findNewsletterByKey } from '../../core/server/store';
import { addRecipients, addTestRecipients } from '../../plugins/issues/server/deliveries';
import { writeEvents } from '../../plugins/analytics/server/recorder';
import { issueAudience, variantResults, variantResultsAmong } from '../../plugins/issues/server/results';
import { decideSubjectTest } from '../../plugins/issues/subject-test';
import { enginesFor, startTestServer, type TestServer } from './server';

const databases = enginesFor('every engine');
const audience = 1000;

describe.each(databases)("a subject test's audience on %s", (kind) => {
  let t: TestServer;
  let newsletterId: string;
  let issues: [string, string];

  const db = () => t.server.database.db;
  /** The issue's e-mail copies: subscriber and variant, in the subscribers' order. */
  const copies = async (issueId: string) =>
    (
      await sql<{ subscriber_id: string; variant: number }>`
        select subscriber_id, variant from issue_deliveries where issue_id = ${issueId} and medium = 'email' order by subscriber_id`.execute(db())
    ).rows;
  const sizes = (rows: { variant: number }[], variants: number) =>
    Array.from({ length: variants }, (_, variant) => rows.filter((row) => row.variant === variant).length);

  beforeAll(async () => {
    t = await startTestServer(kind);
    newsletterId = (await findNewsletterByKey(db(), 'sabah-bulteni'))!.id;
    const rows = await sql<{ id: string }>`select id from issues where newsletter_id = ${newsletterId} and not published order by id limit 2`.execute(db());
    issues = [rows.rows[0]!.id, rows.rows[1]!.id];
    await sql`delete from subscribers where newsletter_id = ${newsletterId}`.execute(db());
    // Subscribers s0000 to s0999, in the order of their ids.
    await sql`insert into subscribers (id, newsletter_id, email, name, medium)
      select 's' || lpad(n::text, 4, '0'), ${newsletterId}, 'okur' || n || '@example.com', 'Okur ' || n, 'email'
      from generate_series(0, ${audience - 1}) n`.execute(db());
  });
  afterAll(() => t.close());

  it('takes the share asked for, split evenly and at random between the variants, the same people every time, and the rest gets the winner', async () => {
    const [issueId, otherIssueId] = issues;
    expect(await addTestRecipients(db(), issueId, newsletterId, 25, 3)).toBe(250);
    const tested = await copies(issueId);
    expect(tested).toHaveLength(250);
    // Even: 84, 83 and 83.
    expect(sizes(tested, 3)).toEqual([84, 83, 83]);
    // At random: not the first quarter by id (about a quarter of it is in the group), and each
    // variant's people spread over the whole audience (their mean place about the middle).
    const place = (id: string) => Number(id.slice(1));
    expect(tested.filter((row) => place(row.subscriber_id) < 250).length).toBeGreaterThan(25);
    expect(tested.filter((row) => place(row.subscriber_id) < 250).length).toBeLessThan(110);
    for (let variant = 0; variant < 3; variant++) {
      const places = tested.filter((row) => row.variant === variant).map((row) => place(row.subscriber_id));
      const mean = places.reduce((sum, value) => sum + value, 0) / places.length;
      expect(mean).toBeGreaterThan(350);
      expect(mean).toBeLessThan(650);
    }

    // Stable: asked again (a resumed send), nobody is added or moved.
    expect(await addTestRecipients(db(), issueId, newsletterId, 25, 3)).toBe(0);
    expect(await copies(issueId)).toEqual(tested);
    // Another issue draws its own group (about a quarter of this one's people are in it).
    await addTestRecipients(db(), otherIssueId, newsletterId, 25, 3);
    const others = new Set((await copies(otherIssueId)).map((row) => row.subscriber_id));
    const shared = tested.filter((row) => others.has(row.subscriber_id)).length;
    expect(shared).toBeGreaterThan(20);
    expect(shared).toBeLessThan(120);

    // The winner (the third subject) goes to everyone else; the test's copies keep their variants.
    await addRecipients(db(), issueId, newsletterId, 'email', 2);
    const all = await copies(issueId);
    expect(all).toHaveLength(audience);
    expect(sizes(all, 3)).toEqual([84, 83, 83 + audience - 250]);
    const variantOf = new Map(all.map((row) => [row.subscriber_id, row.variant]));
    for (const row of tested) expect(variantOf.get(row.subscriber_id)).toBe(row.variant);
  });

  it('splits the largest share evenly between four subjects, and a newcomer who joins later is not tested', async () => {
    const issueId = issues[1];
    await sql`delete from issue_deliveries where issue_id = ${issueId}`.execute(db());
    expect(await addTestRecipients(db(), issueId, newsletterId, 50, 4)).toBe(500);
    expect(sizes(await copies(issueId), 4)).toEqual([125, 125, 125, 125]);
    await sql`insert into subscribers (id, newsletter_id, email, name, medium) values ('s1000', ${newsletterId}, 'yeni@example.com', 'Yeni', 'email')`.execute(
      db(),
    );
    expect(await addTestRecipients(db(), issueId, newsletterId, 50, 4)).toBe(0);
    await addRecipients(db(), issueId, newsletterId, 'email', 1);
    expect((await copies(issueId)).find((row) => row.subscriber_id === 's1000')?.variant).toBe(1);
  });

  it("counts each variant's copies, people and machines apart, and people's opens decide when machines opened the other more", async () => {
    const issueId = issues[0];
    await sql`delete from issue_deliveries where issue_id = ${issueId}`.execute(db());
    await sql`delete from subscribers where id = 's1000'`.execute(db());
    expect(await addTestRecipients(db(), issueId, newsletterId, 50, 2)).toBe(500);
    await sql`update issue_deliveries set state = 'sent' where issue_id = ${issueId}`.execute(db());
    const tested = await copies(issueId);
    const of = (variant: number) => tested.filter((row) => row.variant === variant).map((row) => row.subscriber_id);
    // Ten of the second subject's copies came back for good.
    await sql`update issue_deliveries set bounce = 'hard' where issue_id = ${issueId} and subscriber_id = any(${of(1).slice(0, 10)}::text[])`.execute(db());
    // What the tracking recorded, each copy's events carrying its variant as its token names it:
    // Apple's privacy proxy opened most of the first subject's copies.
    const variantOf = new Map(tested.map((row) => [row.subscriber_id, row.variant]));
    const seen = (kind: string, who: string[], content = issueId) =>
      writeEvents(
        db(),
        who.map((subscriberId) => ({
          at: new Date(),
          type: kind.startsWith('open') ? 'open' : 'click',
          contentType: 'issue',
          contentId: content,
          newsletterId,
          subscriberId,
          source: 'email',
          device: 'desktop',
          machine: kind.endsWith('~m'),
          reason: '',
          ipHash: 'ip',
          position: null,
          durationMs: null,
          storyId: null,
          copyGroup: variantOf.get(subscriberId) ?? null,
        })),
      );
    await seen('open~m', of(0).slice(0, 200));
    await seen('open', of(0).slice(200, 240));
    await seen('click', of(0).slice(200, 210));
    await seen('open~m', of(1).slice(0, 20));
    await seen('open', of(1).slice(100, 170));
    await seen('click', of(1).slice(100, 112));
    await seen('click~m', of(1).slice(0, 5));
    // A person's second open counts once; another issue's copies count for nothing here.
    await seen('open', of(1).slice(100, 130));
    await seen('open', of(0).slice(0, 1), issues[1]);

    const figures = await variantResults(db(), t.server.context.extensions.one(issueAudience), issueId, 3);
    expect(
      figures.map(({ sent, bounced, delivered, opens, machineOpens, clickers, machineClickers }) => ({
        sent,
        bounced,
        delivered,
        opens,
        machineOpens,
        clickers,
        machineClickers,
      })),
    ).toEqual([
      { sent: 250, bounced: 0, delivered: 250, opens: 40, machineOpens: 200, clickers: 10, machineClickers: 0 },
      { sent: 250, bounced: 10, delivered: 240, opens: 70, machineOpens: 20, clickers: 12, machineClickers: 5 },
      { sent: 0, bounced: 0, delivered: 0, opens: 0, machineOpens: 0, clickers: 0, machineClickers: 0 },
    ]);
    // Counted copy by copy (the demo's way), the figures are the same.
    expect(await variantResultsAmong(db(), t.server.context.extensions.one(issueAudience), issueId, 3, sql<boolean>`true`)).toEqual(figures);
    expect(figures[1]!.openRate).toBeCloseTo(70 / 240);
    expect(figures[0]!.machineOpenShare).toBeCloseTo(200 / 240);
    // Machines opened the first subject six times as often as the second; people, the second almost twice as often.
    const verdict = decideSubjectTest(figures.slice(0, 2), 'opens');
    expect(verdict).toMatchObject({ winner: 1, decidedBy: 'opens' });
    expect(verdict.confidence).toBeGreaterThan(0.99);
  });
});
