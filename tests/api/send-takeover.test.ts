/**
 * Who may take over an issue's send (plugins/issues/server/sender.ts): a run holds the issue by a
 * lease it renews and by a lock its process holds while it lives (core/server/db/process-locks.ts).
 * A send is abandoned, and any process takes it over, once its lease ran out or at once when the
 * process of its run died (its lock is free); a run of a live process keeps it. On PostgreSQL
 * another process is a session of its own, which ends as a killed process's sessions do; on the
 * embedded database the one process is this one, and a restart finds every lock free.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { abandonedSends, holdIssue, runLockName } from '../../plugins/issues/server/sender';
import { enginesFor, startTestServer, type TestServer } from './server';

describe.each(enginesFor('every engine'))('taking over a send on %s', (kind) => {
  let t: TestServer;
  let issues: string[];
  const db = () => t.server.database.db;

  beforeAll(async () => {
    t = await startTestServer(kind);
    issues = (await sql<{ id: string }>`select id from issues order by id limit 3`.execute(db())).rows.map((row) => row.id);
  });
  afterAll(() => t.close());

  /** An unfinished send of the issue by the run `owner`, its lease running out in `seconds` (in the past when negative). */
  const sending = (issueId: string, owner: string, seconds: number) =>
    sql`insert into issue_sending (issue_id, owner, lease_until) values (${issueId}, ${owner}, now() + make_interval(secs => ${seconds}))
      on conflict (issue_id) do update set owner = excluded.owner, lease_until = excluded.lease_until, finished_at = null`.execute(db());
  const abandoned = async () => (await abandonedSends(db(), t.server.database.locks)).filter((id) => issues.includes(id)).sort();

  it("leaves a live run's send, and takes over one whose lease ran out or whose process is gone", async () => {
    const [live, expired, gone] = issues as [string, string, string];
    const runs = { live: randomUUID(), expired: randomUUID(), gone: randomUUID() };
    const release = await t.server.database.locks.take(runLockName(runs.live));
    // A run of another process: on PostgreSQL a session of its own holds its lock.
    let other: pg.Client | undefined;
    if (kind === 'postgres') {
      const schema = (await sql<{ schema: string }>`select current_schema() as schema`.execute(db())).rows[0]!.schema;
      other = new pg.Client({ connectionString: t.server.context.env.databaseUrl, options: `-c search_path="${schema}"` });
      await other.connect();
      await other.query(`select pg_advisory_lock(hashtextextended(current_schema() || ':' || $1::text, 0))`, [runLockName(runs.gone)]);
    }
    await sending(live, runs.live, 20);
    await sending(expired, runs.expired, -1);
    await sending(gone, runs.gone, 20);

    const sorted = (ids: string[]) => [...ids].sort();
    // The embedded database has no other process: a run not of this one is a dead process's.
    expect(await abandoned()).toEqual(sorted(kind === 'postgres' ? [expired] : [expired, gone]));
    // The other process dies: its lock goes with its session, and its send is abandoned at once.
    await other?.end();
    await expect.poll(abandoned).toEqual(sorted([expired, gone]));
    // This process's run ends without finishing (as if it had died): its send too.
    await release();
    expect(await abandoned()).toEqual(sorted([live, expired, gone]));
  });

  it("holds an issue for one run at a time, and keeps whether a publication's copies are made", async () => {
    const issueId = issues[0]!;
    const context = { db: db(), locks: t.server.database.locks, log: t.server.app.log };
    const planned = async () => (await sql<{ planned: boolean }>`select planned from issue_sending where issue_id = ${issueId}`.execute(db())).rows[0]!.planned;
    // A publication holds it before it makes its copies: another run may not take it meanwhile.
    const publication = (await holdIssue(context, issueId, { planning: true }))!;
    expect(publication.planned).toBe(false);
    expect(await holdIssue(context, issueId)).toBeNull();
    expect(await abandoned()).not.toContain(issueId);
    // Let go before its copies were made (its process died, or it failed): the run that takes it up makes them.
    await publication.release(false);
    expect(await abandoned()).toContain(issueId);
    const takeover = (await holdIssue(context, issueId))!;
    expect(takeover.planned).toBe(false);
    await takeover.planDone();
    expect(takeover.planned).toBe(true);
    await takeover.release(false);
    const later = (await holdIssue(context, issueId))!;
    expect(later.planned).toBe(true);
    await later.release(false);
    // A publication that did not start (its plan cancelled meanwhile) ends finished, with nothing to make again.
    const cancelled = (await holdIssue(context, issueId, { planning: true }))!;
    await cancelled.release(true);
    expect(await planned()).toBe(true);
    expect(await abandoned()).not.toContain(issueId);
  });
});
