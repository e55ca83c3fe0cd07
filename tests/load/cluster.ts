/**
 * The tested deployment (issue 59, docs/operations.md "A tested deployment"): three production
 * server processes (the compiled server, as `npm start` runs it) on one PostgreSQL server, files
 * in an S3 bucket (s3rver), mail to an SMTP sink, and HAProxy in front with the repository's own
 * deploy/haproxy.cfg. Each process has a data folder of its own, as on machines of their own, and
 * trusts the proxy's forwarded address (TRUST_PROXY=loopback). A process can be killed (SIGKILL)
 * and started again on its port, where the proxy looks for it.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { openDatabase, type Database } from '../../core/server/db/database';
import { projectRoot } from '../../scripts/build/parts';
import { seededProcessDatabase } from '../api/server';
import { startSmtpSink, type ReceivedMessage, type SmtpSink } from '../api/smtp-sink';
import { freePort, startProductionServer, stopChild, type ProductionServer } from '../bench/production-server';

export const haproxyConfig = join(projectRoot, 'deploy', 'haproxy.cfg');

/** Whether HAProxy is installed here (`.ci/run` installs Debian's package). */
export const haproxyInstalled = () => spawnSync('haproxy', ['-v'], { stdio: 'ignore' }).status === 0;

export interface ClusterProcess {
  /** Its own address, past the proxy. */
  url: string;
  port: number;
  /** The running server; null while it is down. */
  server: ProductionServer | null;
}

export interface Cluster {
  /** The proxy's address: the deployment's PUBLIC_URL. */
  url: string;
  processes: ClusterProcess[];
  sink: SmtpSink;
  /** The deployment's database, for a test's setup and its checks. */
  database: Database;
  /** Hears each message the SMTP sink receives from now on (none is kept). */
  onMessage(handler: (message: ReceivedMessage) => void): void;
  /** Kills process `index` where it stands (SIGKILL) and waits until it is gone. */
  kill(index: number): Promise<void>;
  /** Starts process `index` again on its port and data folder; answers once it serves. */
  start(index: number): Promise<void>;
  /** Stops the proxy, the processes, the sink, the bucket, and drops the database. */
  stop(): Promise<void>;
}

export interface ClusterOptions {
  /** Settings every process gets over the deployment's own. */
  env?: Record<string, string>;
}

const processCount = 3;

export async function startCluster({ env = {} }: ClusterOptions = {}): Promise<Cluster> {
  if (!process.env.TEST_DATABASE_URL) throw new Error('the deployment runs on a PostgreSQL server: set TEST_DATABASE_URL');
  const root = mkdtempSync(join(tmpdir(), 'masthead-cluster-'));
  const stops: (() => Promise<unknown>)[] = [];
  try {
    const seeded = await seededProcessDatabase('postgres', join(root, 'seed'));
    stops.push(() => seeded.drop());
    const bucketDir = join(root, 'bucket');
    mkdirSync(bucketDir);
    const s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: bucketDir, configureBuckets: [{ name: 'masthead', configs: [] }] });
    const { port: s3Port } = await s3.run();
    stops.push(() => s3.close());
    let hear: ((message: ReceivedMessage) => void) | undefined;
    const sink = await startSmtpSink({ keep: false, onMessage: (message) => hear?.(message) });
    stops.push(() => sink.close());

    const proxyPort = await freePort();
    const url = `http://127.0.0.1:${proxyPort}`;
    const settings = {
      ...seeded.settings,
      PUBLIC_URL: url,
      TRUST_PROXY: 'loopback',
      S3_BUCKET: 'masthead',
      S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      SMTP_URL: sink.url,
      SPEECH_WORKERS: '0',
      ...env,
    };
    const processes: ClusterProcess[] = [];
    for (let index = 0; index < processCount; index++) {
      const port = await freePort();
      processes.push({ url: `http://127.0.0.1:${port}`, port, server: null });
    }
    const dataDirOf = (index: number) => join(root, `process-${index + 1}`);
    const start = async (index: number) => {
      const entry = processes[index]!;
      mkdirSync(dataDirOf(index), { recursive: true });
      entry.server = await startProductionServer(settings, undefined, { dataDir: dataDirOf(index), port: entry.port });
    };
    // Stopped with the cluster, or when one of them fails to start.
    stops.push(() => Promise.all(processes.map((entry) => entry.server?.stop())));
    // The first migrates (and seeds an empty database); the others find it done.
    await start(0);
    const others = await Promise.allSettled([start(1), start(2)]);
    for (const other of others) if (other.status === 'rejected') throw other.reason;
    const database = await openDatabase({ url: seeded.settings.DATABASE_URL, schema: seeded.settings.DATABASE_SCHEMA });
    stops.push(() => database.close());

    const proxy = spawn('haproxy', ['-db', '-f', haproxyConfig], {
      env: {
        ...process.env,
        MASTHEAD_LISTEN: `127.0.0.1:${proxyPort}`,
        ...Object.fromEntries(processes.map((entry, index) => [`MASTHEAD_APP_${index + 1}`, `127.0.0.1:${entry.port}`])),
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let proxyErrors = '';
    proxy.stderr!.setEncoding('utf8').on('data', (text: string) => (proxyErrors += text));
    stops.push(() => stopChild(proxy));
    await answering(`${url}/api/editor/version`, proxy, () => proxyErrors);

    return {
      url,
      processes,
      sink,
      database,
      onMessage(handler) {
        hear = handler;
      },
      async kill(index) {
        const entry = processes[index]!;
        const server = entry.server;
        entry.server = null;
        if (server) await server.kill();
      },
      start,
      async stop() {
        for (const stop of stops.splice(0).reverse()) await stop().catch(() => undefined);
        rmSync(root, { recursive: true, force: true });
      },
    };
  } catch (error) {
    for (const stop of stops.splice(0).reverse()) await stop().catch(() => undefined);
    rmSync(root, { recursive: true, force: true });
    throw error;
  }
}

/** Waits until `url` answers 200; fails at once if `child` stops, or after a minute. */
async function answering(url: string, child: ChildProcess, said: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the proxy stopped (exit ${child.exitCode}): ${said()}`);
    if (
      await fetch(url).then(
        (response) => response.ok,
        () => false,
      )
    )
      return;
    if (Date.now() > deadline) throw new Error(`the proxy did not answer at ${url}: ${said()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
