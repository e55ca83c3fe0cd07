/**
 * GET /issues/preflight/{id} against the real server: the draft stories that would block a
 * publication (as the publish call refuses with them) and how many subscribers of each medium it
 * would reach, counted as the send adds them: suppressed addresses left out, and after a send only
 * those who have not had it. Another publisher's staff are refused.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { draftStoriesBlock } from '../../plugins/issues/publishing';
import { enginesFor, startTestServer, type TestServer } from './server';

const databases = enginesFor('embedded');

describe.each(databases)('the publish checklist and confirmation on %s', (kind) => {
  let t: TestServer;
  let admin: string;
  let editor: string;
  let other: string;
  let morning: string;
  let publisher: string;

  const issueByKey = async (suffix: string) =>
    (await sql<{ id: string }>`select id from issues where newsletter_id = ${morning} and key like ${`%${suffix}`}`.execute(t.server.database.db)).rows[0]!.id;
  const subscribers = async (medium: 'email' | 'notification') =>
    (await sql<{ n: number }>`select count(*)::int as n from subscribers where newsletter_id = ${morning} and medium = ${medium}`.execute(t.server.database.db))
      .rows[0]!.n;
  const preflight = async (id: string, token = editor) => t.request('GET', `/api/issues/preflight/${id}`, { token });

  beforeAll(async () => {
    t = await startTestServer(kind);
    const newsletters = await t.server.database.db.selectFrom('newsletters').select(['id', 'key', 'publisher_id']).execute();
    const sabah = newsletters.find((row) => row.key === 'sabah-bulteni')!;
    morning = sabah.id;
    publisher = sabah.publisher_id;
    admin = (await t.request('PUT', '/api/auth/scope', { token: await t.login('admin@masthead.local'), body: { publisher: sabah.publisher_id } })).body.data;
    editor = await t.login('editor@masthead.local');
    other = await t.login('director@egehaber.example');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('counts the subscribers a publication would reach, less suppressed addresses and those already sent it', async () => {
    const id = await issueByKey('-sabah-bulteni-hazir');
    const [email, notification] = [await subscribers('email'), await subscribers('notification')];
    expect(email).toBeGreaterThan(0);
    const first = await preflight(id);
    expect(first.status).toBe(200);
    expect(first.body.data.recipients).toEqual({ email: expect.any(Number), notification });
    const suppressed = (
      await sql<{ n: number }>`select count(*)::int as n from subscribers s where s.newsletter_id = ${morning} and s.medium = 'email'
        and exists (select 1 from mail_bounces m where m.email = lower(s.email) and m.suppressed_at is not null and m.publisher_id = ${publisher})`.execute(
        t.server.database.db,
      )
    ).rows[0]!.n;
    expect(first.body.data.recipients.email).toBe(email - suppressed);

    // One more suppressed address is one fewer recipient.
    const someone = (
      await sql<{
        email: string;
      }>`select email from subscribers where newsletter_id = ${morning} and medium = 'email' and not exists (select 1 from mail_bounces m where m.email = lower(subscribers.email) and m.suppressed_at is not null) limit 1`.execute(
        t.server.database.db,
      )
    ).rows[0]!.email;
    await sql`insert into mail_bounces (publisher_id, email, kind, answer, suppressed_at)
      values (${publisher}, ${someone.toLowerCase()}, 'hard', '550 5.1.1 no such user', now())`.execute(t.server.database.db);
    expect((await preflight(id)).body.data.recipients.email).toBe(email - suppressed - 1);

    // A delivery already made for this issue (a reschedule's case) is not counted again.
    const reader = (
      await sql<{ id: string; email: string }>`select id, email from subscribers where newsletter_id = ${morning} and medium = 'notification' limit 1`.execute(
        t.server.database.db,
      )
    ).rows[0]!;
    await sql`insert into issue_deliveries (issue_id, medium, subscriber_id, email, name) values (${id}, 'notification', ${reader.id}, ${reader.email}, '')`.execute(
      t.server.database.db,
    );
    expect((await preflight(id)).body.data.recipients.notification).toBe(notification - 1);
  });

  it('names the draft stories the publish call would refuse with', async () => {
    const id = await issueByKey('-sabah-bulteni-hazir');
    const { channels } = (
      await sql<{ channels: { _id: string; stories: string[] }[] }>`select channels from issues where id = ${id}`.execute(t.server.database.db)
    ).rows[0]!;
    // A story placed in a channel ('Draft Stories' is never sent, so it never blocks).
    const story = { id: channels.find((channel) => channel._id !== 'stuff' && channel.stories.length > 0)!.stories[0]! };
    expect((await preflight(id)).body.data.drafts).toEqual([]);
    await sql`update stories set draft = true where id = ${story.id}`.execute(t.server.database.db);
    const answer = (await preflight(id)).body.data;
    expect(answer.drafts.map((draft: { _id: string }) => draft._id)).toContain(story.id);
    // The publish call refuses with the same stories.
    await sql`update issues set tested = true where id = ${id}`.execute(t.server.database.db);
    const refused = await t.request('POST', `/api/issues/publish/${id}`, {
      token: admin,
      body: {
        publishedAt: new Date().toISOString(),
        publishOptions: { test: false, publishOnly: false, overridePublishedAt: false, mediums: { email: true, notification: true } },
      },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.msg).toBe(draftStoriesBlock);
    expect(refused.body.details.map((detail: { path: string }) => detail.path)).toEqual(answer.drafts.map((draft: { _id: string }) => `stories.${draft._id}`));
  });

  it("refuses another publisher's staff and anonymous callers", async () => {
    const id = await issueByKey('-sabah-bulteni-hazir');
    expect((await preflight(id, other)).status).toBe(404);
    expect((await t.request('GET', `/api/issues/preflight/${id}`)).status).toBe(401);
  });
});
