/**
 * Who left (issue 30): POST /analytics/filter's cancellations name the subscriber as the
 * subscription rows do (their _id, the e-mail address, spec 000 section 3) with their name, and
 * the call reads its own answers' date format ('YYYY-MM-DD HH:mm:ss', spec 002 section 3) in a
 * request as well as ISO 8601.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clock } from '../../core/server/clock';
import { constants } from '../../core/shared/config';
import { changeSubscription } from '../../plugins/subscribers/server/store';
import { enginesFor, startTestServer, type TestServer } from './server';

const databases = enginesFor('every engine');

const answerFormat = (date: Date) => date.toISOString().slice(0, 19).replace('T', ' ');

describe.each(databases)('who left, on %s', (kind) => {
  let t: TestServer;
  let token: string;
  let newsletterId: string;
  const cancellationsBetween = (startAt: string, endAt: string) =>
    t.request('POST', '/api/analytics/filter', {
      token,
      body: { source: 'events', filter: { type: 'cancellation', cancellation: { date: { startAt, endAt }, cancellableIds: [newsletterId] } } },
    });

  beforeAll(async () => {
    t = await startTestServer(kind);
    token = await t.login('editor@masthead.local');
    newsletterId = (await t.server.database.db.selectFrom('newsletters').select('id').where('key', '=', 'sabah-bulteni').executeTakeFirstOrThrow()).id;
    const db = t.server.database.db as never;
    await changeSubscription(db, {
      type: 'subscription',
      newsletterId,
      email: 'Ayse.Ayrilan@example.com',
      name: 'Ayşe Ayrılan',
      city: 'İzmir',
      source: 'web',
      payingEmails: null,
    });
    await changeSubscription(db, {
      type: 'unsubscription',
      newsletterId,
      subscriber: { email: 'ayse.ayrilan@example.com' },
      source: 'email',
      reason: constants.audience.cancellationReasons[0]!,
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('names who left by their address, as the subscription rows do, and by name', async () => {
    const now = clock.ms();
    const answer = await cancellationsBetween(new Date(now - 3_600_000).toISOString(), new Date(now + 60_000).toISOString());
    expect(answer.status).toBe(200);
    const rows = answer.body.data.result as { subscriber_id: string; name: string; reason: string; date: string }[];
    expect(rows[0]).toEqual({
      subscriber_id: 'ayse.ayrilan@example.com',
      name: 'Ayşe Ayrılan',
      reason: constants.audience.cancellationReasons[0],
      date: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
      source: 'email',
    });
    // The demo's departures are named the same way.
    for (const row of rows) expect(row.subscriber_id).toMatch(/^[^@\s]+@[^@\s]+$/);
  });

  it("reads its own answers' 'YYYY-MM-DD HH:mm:ss' (UTC) in a request, as well as ISO 8601", async () => {
    const now = clock.ms();
    const iso = await cancellationsBetween(new Date(now - 3_600_000).toISOString(), new Date(now + 60_000).toISOString());
    const [latest] = iso.body.data.result as { subscriber_id: string; date: string }[];
    // From the answer's own date of the row to a minute ahead, written as the answers write dates.
    const own = await cancellationsBetween(latest!.date, answerFormat(new Date(now + 60_000)));
    expect(own.status).toBe(200);
    expect(own.body.data.result[0]).toEqual(latest);
    // An offset still counts; a time without one is UTC, as the answers' are.
    const offset = await cancellationsBetween(`${latest!.date.replace(' ', 'T')}+00:00`, answerFormat(new Date(now + 60_000)));
    expect(offset.body.data.result[0]).toEqual(latest);
    // A second after it, the row is out.
    const after = await cancellationsBetween(
      answerFormat(new Date(Date.parse(`${latest!.date.replace(' ', 'T')}Z`) + 1000)),
      answerFormat(new Date(now + 60_000)),
    );
    expect(after.status).toBe(200);
    expect((after.body.data.result as { subscriber_id: string }[]).map((row) => row.subscriber_id)).not.toContain('ayse.ayrilan@example.com');
  });

  it('refuses a date that is none, naming the field', async () => {
    const end = answerFormat(new Date(clock.ms()));
    for (const startAt of ['2026-02-30 10:00:00', '2026-11-26 25:00:00', 'yesterday', '26.11.2026 10:00:00']) {
      const answer = await cancellationsBetween(startAt, end);
      expect(answer.status, startAt).toBe(422);
      expect(answer.body.details, startAt).toEqual([expect.objectContaining({ message: 'startAt must be a date and time.' })]);
    }
  });
});
