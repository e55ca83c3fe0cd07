/**
 * A server killed (SIGKILL) twice while sending an issue, each time started again on the same
 * database, while some recipients are refused for now (451) and some connections break once a
 * message's text is in: the send resumes by itself each time, nobody gets the issue twice, and
 * nobody is silently skipped: every e-mail subscriber either received it once or is shown as 'in
 * doubt' (handed to the SMTP server with no answer recorded: at most one per connection and kill,
 * and one per broken connection). Those refused for now get it once, on a try after a restart.
 * The server runs as a child process from its sources, on PostgreSQL (a copy of the seeded demo
 * data's database) when TEST_DATABASE_URL is set, else on the embedded database in a folder that
 * starts with the seeded demo data.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { constants } from '../../core/shared/config';
import { killableSend, type KillableSend } from './killable-send';

describe('a send interrupted by SIGKILL, twice', () => {
  let server: KillableSend | undefined;
  afterAll(() => server?.close());

  it('resumes after each restart with no duplicate and nobody silently skipped, through 451s and broken connections', async () => {
    server = await killableSend();
    const { sink, call, token, issueId, options, kill } = server;
    expect((await call('POST', `/issues/publish/${issueId}`, token, { publishOptions: options(true) })).status).toBe(200);
    const tests = sink.count;
    // The connections of the first two messages break once their text is in, with no answer.
    sink.dropNext(2);
    const published = await call('POST', `/issues/publish/${issueId}`, token, {
      publishedAt: new Date().toISOString(),
      publishOptions: options(false),
    });
    expect(published.status).toBe(200);

    // A sixth of the way: kill it where it stands.
    await sink.waitFor(tests + 500, 60_000);
    await kill();
    const firstKill = sink.count;

    await server.start();
    // The resumed run's first two messages lose their connections too, and its first three
    // recipients refuse the issue for now, once (greylisting). Refused there, they are due again
    // retryBaseSeconds later, by when that run is killed: they are tried again by the last run,
    // which no kill interrupts, and must get the issue once and never fail. (Refused in the first
    // run, on a slow machine their retry could fall in the second one, in flight at its kill.)
    sink.dropNext(2);
    const refused = sink.refuseNext(3, 451, '4.7.1 Try again later', 1);
    // Partway through the resumed send (once its lease ran out): kill it again.
    await sink.waitFor(firstKill + 500, 120_000);
    expect(sink.count).toBeGreaterThan(firstKill);
    await kill();
    const secondKill = sink.count;

    await server.start();
    const deadline = Date.now() + 120_000;
    let progress: { email: { total: number; sent: number; failed: number; doubt: number; pending: number } };
    for (;;) {
      progress = (await call('GET', `/issues/deliveries/${issueId}`, token)).body.data;
      const state = (await call('GET', `/issues/list/${issueId}`, token)).body.data.status;
      if (state.emailed && !state.processing && progress.email.pending === 0) break;
      if (Date.now() > deadline) throw new Error(`the send did not finish: ${JSON.stringify(progress)}`);
      await new Promise((done) => setTimeout(done, 250));
    }
    expect(sink.count).toBeGreaterThan(secondKill);

    const issueMessages = sink.received.slice(tests);
    const recipients = issueMessages.map((message) => message.to[0]!.toLowerCase());
    const once = new Set(recipients);
    expect(once.size).toBe(recipients.length);
    expect(progress.email.failed).toBe(0);
    // A broken connection's copy is in doubt; so is, at most, each connection's copy in flight at a kill.
    expect(sink.dropped).toHaveLength(4);
    expect(progress.email.doubt).toBeGreaterThanOrEqual(sink.dropped.length);
    expect(progress.email.doubt).toBeLessThanOrEqual(2 * constants.delivery.connections + sink.dropped.length);
    // Every subscriber is accounted for: received once, or in doubt (received or not).
    expect(progress.email.sent + progress.email.doubt).toBe(progress.email.total);
    expect(once.size).toBeGreaterThanOrEqual(progress.email.sent);
    expect(once.size).toBeLessThanOrEqual(progress.email.total);
    expect(refused).toHaveLength(3);
    for (const address of refused) {
      expect(recipients.filter((recipient) => recipient === address.toLowerCase())).toHaveLength(1);
      // Received on the try after the last restart.
      expect(sink.received.findIndex((message) => message.to[0]!.toLowerCase() === address.toLowerCase())).toBeGreaterThanOrEqual(secondKill);
    }
  }, 300_000);
});
