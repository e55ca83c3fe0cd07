/**
 * A publication whose process is killed (SIGKILL) after it began but before its first copy: while
 * it makes the issue's e-mail and its list of recipients. Started again, the process takes the
 * publication up where it stood: the copies are made again (tracked, not the untracked test
 * copy's build kept from before), and every subscriber gets the issue once. PostgreSQL only: the
 * test holds the table the e-mail is kept in, so that the kill falls in that moment.
 */
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { killableSend, type KillableSend } from './killable-send';
import { untilAnswer } from './server';

describe.skipIf(!process.env.TEST_DATABASE_URL)('a publication interrupted by SIGKILL before its first copy', () => {
  let server: KillableSend | undefined;
  afterAll(() => server?.close());

  it('is taken up again once the process starts, and every subscriber gets the tracked issue once', async () => {
    server = await killableSend();
    const { sink, call, token, issueId, options, kill, database } = server;
    // A test copy first: its e-mail (untracked) is the issue's latest build.
    expect((await call('POST', `/issues/publish/${issueId}`, token, { publishOptions: options(true) })).status).toBe(200);
    const tests = sink.count;

    const holder = new pg.Client({ connectionString: database.DATABASE_URL });
    await holder.connect();
    try {
      if (database.DATABASE_SCHEMA) await holder.query(`set search_path to "${database.DATABASE_SCHEMA}"`);
      await holder.query('begin');
      await holder.query('lock table issue_builds in access exclusive mode');
      const published = await call('POST', `/issues/publish/${issueId}`, token, {
        publishedAt: new Date().toISOString(),
        publishOptions: options(false),
      });
      expect(published.status).toBe(200);
      // The publication has begun and waits to keep its e-mail: the process dies there.
      await untilAnswer(
        async () => (await holder.query(`select count(*)::int as n from pg_locks where relation = 'issue_builds'::regclass and not granted`)).rows[0].n,
        (waiting: number) => waiting > 0,
        60_000,
      );
      expect((await call('GET', `/issues/list/${issueId}`, token)).body.data.status).toMatchObject({ processing: true, emailed: false });
      await kill();
    } finally {
      await holder.query('rollback');
      await holder.end();
    }
    expect(sink.count).toBe(tests);

    await server.start();
    const status = await untilAnswer(
      async () => (await call('GET', `/issues/list/${issueId}`, token)).body.data.status as { processing: boolean; emailed: boolean },
      (state) => state.emailed && !state.processing,
      120_000,
    );
    expect(status).toMatchObject({ emailed: true, processing: false });
    const progress = (await call('GET', `/issues/deliveries/${issueId}`, token)).body.data.email as {
      total: number;
      sent: number;
      doubt: number;
      failed: number;
    };
    expect(progress).toMatchObject({ doubt: 0, failed: 0 });
    expect(progress.sent).toBe(progress.total);
    expect(progress.total).toBeGreaterThan(0);
    const copies = sink.received.slice(tests);
    const recipients = copies.map((message) => message.to[0]!.toLowerCase());
    expect(recipients).toHaveLength(progress.total);
    expect(new Set(recipients).size).toBe(recipients.length);
    // Made again for the subscribers: their copies count opens (the tracking plugin's pixel).
    for (const copy of copies.slice(0, 3)) expect(copy.raw.toString('latin1').replace(/=\r?\n/g, '')).toMatch(/\/t\/o\//);
  }, 300_000);
});
