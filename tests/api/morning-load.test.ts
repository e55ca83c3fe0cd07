/**
 * A short morning's load on the tested deployment (issue 59, tests/load/morning.ts): 30 s of
 * editors typing and saving, readers on the public pages and the copies of a send in progress,
 * subscriptions, uploads and the analytics, through HAProxy to three processes, one of them
 * killed (SIGKILL) in the middle and started again. Afterwards nothing typed, saved, sent,
 * tracked, subscribed or uploaded is lost or doubled, and nobody is signed out. `npm run load`
 * runs the full version and prints the figures.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { haproxyInstalled, startCluster, type Cluster } from '../load/cluster';
import { morningFigures, runMorning, shortMorning } from '../load/morning';

describe.skipIf(!process.env.TEST_DATABASE_URL || !haproxyInstalled())('a morning with a process lost', () => {
  let cluster: Cluster;
  beforeAll(async () => {
    // Mail at 200 a second per process: the send is still going when the process is killed.
    cluster = await startCluster({ env: { MAIL_RATE: '200' } });
  }, 240_000);
  afterAll(async () => {
    await cluster?.stop();
  }, 60_000);

  it('loses and doubles nothing when a process is killed under load', async () => {
    const report = await runMorning(cluster, shortMorning);
    console.log(morningFigures(report).join('\n'));
    expect(report.problems).toEqual({ typed: [], saves: [], copies: [], events: [], subscriptions: [], uploads: [], signedOut: [] });
    // Each kind of work went on through the loss.
    for (const kind of ['public page', 'open pixel', 'story save', 'subscribe', 'image upload', 'analytics'] as const)
      expect(report.calls.filter((call) => call.kind === kind && call.ok && call.at > report.restartedAt).length, kind).toBeGreaterThan(0);
    expect(report.events.accepted).toBeGreaterThan(0);
    // The process was killed in the middle of the send.
    expect(report.send.beforeKill).toBeGreaterThan(0);
    expect(report.send.beforeKill).toBeLessThan(shortMorning.copies);
  }, 300_000);
});
