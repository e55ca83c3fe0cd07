/**
 * The tested deployment (issue 59): three production processes on one PostgreSQL server behind
 * HAProxy with the repository's deploy/haproxy.cfg, files in an S3 bucket. Through the proxy a
 * user signed in on one process is signed in on every one, a file uploaded through one is read
 * through each, the console's socket connects and authenticates, a process killed costs no
 * call through the proxy and serves again once started on its port, and a reader's page that was
 * waiting on it when it died is answered by another.
 *
 * Then a short morning's load on it (tests/load/morning.ts): 30 s of
 * editors typing and saving, readers on the public pages and the copies of a send in progress,
 * subscriptions, uploads and the analytics, through HAProxy to three processes, one of them
 * killed (SIGKILL) in the middle and started again. Afterwards nothing typed, saved, sent,
 * tracked, subscribed or uploaded is lost or doubled, and nobody is signed out. `npm run load`
 * runs the full version and prints the figures.
 */
import sharp from 'sharp';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { haproxyInstalled, startCluster, type Cluster } from '../load/cluster';
import { morningFigures, runMorning, shortMorning } from '../load/morning';
import { apiCaller, demoPassword } from './server';

describe.skipIf(!process.env.TEST_DATABASE_URL || !haproxyInstalled())('the tested deployment, and a morning with a process lost', () => {
  let cluster: Cluster;
  let token: string;
  const throughProxy = () => apiCaller(cluster.url);
  beforeAll(async () => {
    // Mail at 200 a second per process: the morning's send is still going when the process is killed.
    cluster = await startCluster({ env: { MAIL_RATE: '200' } });
    const signedIn = await throughProxy()('POST', '/auth/login', undefined, { email: 'editor@masthead.local', password: demoPassword });
    expect(signedIn.status).toBe(200);
    token = signedIn.body.data;
  }, 240_000);
  afterAll(async () => {
    await cluster?.stop();
  }, 60_000);

  it('keeps a user signed in on every process, and a file uploaded through the proxy is read through each', async () => {
    for (const entry of cluster.processes) expect((await apiCaller(entry.url)('GET', '/auth/verify', token)).status).toBe(200);
    const form = new FormData();
    form.set('alt', 'Dağıtımın görseli');
    const png = await sharp({ create: { width: 800, height: 450, channels: 3, background: '#2b88d8' } })
      .png()
      .toBuffer();
    form.set('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'dagitim.png');
    const uploaded = await fetch(`${cluster.url}/api/images/create`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
    const answer = (await uploaded.json()) as { data: { path: string } };
    expect(uploaded.status, JSON.stringify(answer)).toBe(200);
    const path = new URL(answer.data.path, cluster.url).pathname;
    const reads = await Promise.all(
      [...cluster.processes, { url: cluster.url }].map(async (entry) => {
        const read = await fetch(`${entry.url}${path}`);
        expect(read.status, entry.url).toBe(200);
        expect(read.headers.get('content-type')).toMatch(/^image\//);
        return Buffer.from(await read.arrayBuffer());
      }),
    );
    expect(reads[0]!.length).toBeGreaterThan(0);
    for (const bytes of reads) expect(bytes.equals(reads[0]!)).toBe(true);
  });

  it("connects and authenticates the console's socket through the proxy", async () => {
    const socket = io(cluster.url, { transports: ['websocket'], reconnection: false });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', resolve);
        socket.once('connect_error', reject);
      });
      const authenticated = new Promise((resolve) => socket.once('authenticated', resolve));
      socket.emit('authenticate', { token });
      await authenticated;
      expect(socket.connected).toBe(true);
    } finally {
      socket.close();
    }
  });

  it('answers every call through the proxy while a process is killed, and takes it back once it starts again', async () => {
    const verify = async () => (await throughProxy()('GET', '/auth/verify', token)).status;
    await cluster.kill(1);
    // Calls in a row, as a console would make them: none fails for the process that is gone.
    const statuses: number[] = [];
    for (let call = 0; call < 30; call++) statuses.push(await verify());
    expect(statuses.every((status) => status === 200)).toBe(true);
    await cluster.start(1);
    expect((await apiCaller(cluster.processes[1]!.url)('GET', '/auth/verify', token)).status).toBe(200);
    for (let call = 0; call < 6; call++) expect(await verify()).toBe(200);
  }, 120_000);

  it("reads a reader's page again from another process when its own is killed before answering", async () => {
    // The process is frozen first, so that the reads the proxy gives it wait there until it dies.
    const frozen = cluster.processes[1]!.server!;
    process.kill(frozen.pid, 'SIGSTOP');
    try {
      const answered: number[] = [];
      let heard = () => {};
      const reads = Array.from({ length: 6 }, async () => {
        const response = await fetch(`${cluster.url}/n/sabah-bulteni`);
        await response.arrayBuffer();
        answered.push(response.status);
        heard();
        return response.status;
      });
      // Round robin over three: four are answered, two wait on the frozen process.
      while (answered.length < 4) await new Promise<void>((resolve) => (heard = resolve));
      expect(answered).toEqual([200, 200, 200, 200]);
      await cluster.kill(1);
      // Those two are asked of the others (deploy/haproxy.cfg; tests/api/proxy-retries.test.ts for what is not).
      expect(await Promise.all(reads)).toEqual([200, 200, 200, 200, 200, 200]);
    } finally {
      if (cluster.processes[1]!.server === frozen) process.kill(frozen.pid, 'SIGCONT');
      else await cluster.start(1);
    }
  }, 120_000);

  it('loses and doubles nothing when a process is killed under load', async () => {
    const report = await runMorning(cluster, shortMorning);
    console.log(morningFigures(report).join('\n'));
    // A send that went wrong is told with what the living processes said (their warnings).
    if (report.problems.copies.length > 0)
      for (const [index, entry] of cluster.processes.entries()) console.log(`process ${index + 1}:\n${entry.server?.output().slice(-8000) ?? '(down)'}`);
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
