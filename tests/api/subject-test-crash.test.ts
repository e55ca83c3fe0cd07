/**
 * A subject test's send killed (SIGKILL) in each of its phases (issue 58): while its copies go out,
 * and during the wait right after the winner was picked, each time started again on the same
 * database (killable-send.ts). The test's copies finish and the wait begins by themselves, and the
 * rest goes out with the winner's subject line: nobody gets the issue twice and nobody is silently
 * skipped.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { simpleParser } from 'mailparser';
import { constants } from '../../core/shared/config';
import type { SubjectTest } from '../../schemas/generated/entities/subject-test';
import { killableSend, type KillableSend } from './killable-send';
import { untilAnswer } from './server';

describe("a subject test's send interrupted by SIGKILL in each phase", () => {
  let server: KillableSend | undefined;
  afterAll(() => server?.close());

  it('finishes the test, keeps the wait and sends the winner to the rest, with no copy twice and none missing', async () => {
    server = await killableSend();
    const { sink, call, token, issueId, options, kill } = server;
    expect((await call('POST', `/issues/publish/${issueId}`, token, { publishOptions: options(true) })).status).toBe(200);
    const tests = sink.count;
    const published = await call('POST', `/issues/publish/${issueId}`, token, {
      publishedAt: new Date().toISOString(),
      publishOptions: options(false),
      subjectTest: { variants: [{ subject: 'The other subject line', preview: 'And its own preview' }], share: 50, waitMinutes: 30, decideBy: 'opens' },
    });
    expect(published.status).toBe(200);
    const testOf = async (): Promise<{ test: SubjectTest; processing: boolean; emailed: boolean }> => {
      const { body, subjectTest } = (await call('GET', `/issues/update/${issueId}`, token)).body.data;
      return { test: subjectTest, processing: body.status.processing, emailed: body.status.emailed };
    };
    const until = (done: (state: Awaited<ReturnType<typeof testOf>>) => boolean) => untilAnswer(testOf, done, 120_000);

    // Partway through the test's copies: kill it where it stands; started again, the test's copies finish and the wait begins.
    await sink.waitFor(tests + 300, 60_000);
    await kill();
    await server.start();
    const waiting = await until((state) => state.test.phase === 'waiting');
    type Progress = { total: number; sent: number; doubt: number; failed: number; pending: number };
    const progressOf = async (): Promise<Progress> => (await call('GET', `/issues/deliveries/${issueId}`, token)).body.data.email;
    // Only the test's copies: every one sent or in doubt (handed over when the process died).
    const tested = await progressOf();
    expect(tested).toMatchObject({ pending: 0, failed: 0 });
    expect(tested.sent + tested.doubt).toBe(tested.total);

    // During the wait, the winner picked by hand and the process killed at once, between the two
    // phases: started again, the rest goes out.
    const picked = await call('PUT', `/issues/subject-test/${issueId}`, token, { winner: 1 });
    expect(picked.status).toBe(200);
    await kill();
    await server.start();
    const done = await until((state) => state.emailed && !state.processing);
    expect(done.test).toMatchObject({ phase: 'decided', winner: 1, decidedBy: 'hand' });

    const progress = await progressOf();
    const messages = sink.received.slice(tests);
    const recipients = messages.map((message) => message.to[0]!.toLowerCase());
    expect(new Set(recipients).size).toBe(recipients.length);
    expect(progress.failed).toBe(0);
    expect(progress.total).toBeGreaterThan(tested.total);
    // Each kill leaves at most one copy per connection in doubt (received or not).
    expect(progress.doubt).toBeLessThanOrEqual(2 * constants.delivery.connections);
    expect(progress.sent + progress.doubt).toBe(progress.total);
    expect(recipients.length).toBeGreaterThanOrEqual(progress.sent);
    // The rest got the winner's subject line only: the issue's own went to its test copies alone.
    expect(done.test.results[0]!.sent).toBe(waiting.test.results[0]!.sent);
    const subjects = await Promise.all(messages.map(async (message) => (await simpleParser(message.raw, { skipHtmlToText: true })).subject));
    const winnerCopies = subjects.filter((subject) => subject === 'The other subject line').length;
    expect(winnerCopies).toBeGreaterThanOrEqual(done.test.results[1]!.sent);
    expect(winnerCopies).toBeLessThanOrEqual(done.test.results[1]!.sent + progress.doubt);
  }, 300_000);
});
