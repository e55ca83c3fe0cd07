/**
 * A server that a test kills (SIGKILL) in the middle of a send and starts again, for the send's
 * crash tests: a child process from its sources on a seeded database of its own (a copy of the
 * demo data on PostgreSQL when TEST_DATABASE_URL is set, else the embedded database in its own
 * folder), sending at 400 messages a second to a real SMTP sink; signed in as Kuzey Medya's admin,
 * with Sabah Bülteni's issue ready to test and publish.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../bench/production-server';
import { apiCaller, demoPassword, seededProcessDatabase, startServerProcess } from './server';
import { startSmtpSink, type SmtpSink } from './smtp-sink';

export interface KillableSend {
  sink: SmtpSink;
  call: ReturnType<typeof apiCaller>;
  /** Kuzey Medya's admin, in its scope. */
  token: string;
  /** Sabah Bülteni's issue that passes the checks before a test. */
  issueId: string;
  /** The publish call's options: a test, or the e-mail alone. */
  options(test: boolean): { test: boolean; publishOnly: boolean; overridePublishedAt: boolean; mediums: { email: boolean; notification: boolean } };
  /** The server's database settings: its DATABASE_URL and DATABASE_SCHEMA on PostgreSQL, none on the embedded database. */
  database: Record<string, string>;
  /** Kills the server where it stands and waits until it is gone. */
  kill(): Promise<void>;
  /** Starts it again on the same database. */
  start(): Promise<void>;
  /** Stops everything and forgets the database. */
  close(): Promise<void>;
}

export async function killableSend(): Promise<KillableSend> {
  const sink = await startSmtpSink();
  sink.delayMs = 2;
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'masthead-crash-'));
  const database = await seededProcessDatabase(process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite', dataDir);
  const settings = { SMTP_URL: sink.url, MAIL_RATE: '400', LOG_LEVEL: 'warn', ...database.settings };
  const call = apiCaller(`http://127.0.0.1:${port}`);
  let child: ChildProcess | undefined = await startServerProcess({ port, dataDir, settings });
  const kill = async () => {
    const killed = child;
    child = undefined;
    if (!killed) return;
    killed.kill('SIGKILL');
    if (killed.exitCode === null && killed.signalCode === null) await new Promise((done) => killed.once('exit', done));
  };

  const signedIn = (await call('POST', '/auth/login', undefined, { email: 'admin@masthead.local', password: demoPassword })).body.data as string;
  const publishers = (await call('GET', '/auth/publishers', signedIn)).body.data.publishers as { _id: string; title: string }[];
  const token = (await call('PUT', '/auth/scope', signedIn, { publisher: publishers.find((publisher) => publisher.title === 'Kuzey Medya')!._id })).body
    .data as string;
  const scopes = (await call('GET', '/auth/verify', token)).body.data.scopes as { _id: string; title: string; type: string }[];
  const morning = scopes.find((scope) => scope.title === 'Sabah Bülteni')!._id;
  const issues = (await call('GET', `/issues/list?newsletter=${morning}&search=hazir&limit=10`, token)).body.data as { _id: string; key: string }[];
  return {
    sink,
    call,
    token,
    issueId: issues.find((row) => row.key.endsWith('-sabah-bulteni-hazir'))!._id,
    database: database.settings,
    options: (test) => ({ test, publishOnly: false, overridePublishedAt: false, mediums: { email: true, notification: false } }),
    kill,
    async start() {
      child = await startServerProcess({ port, dataDir, settings });
    },
    async close() {
      await kill();
      await sink.close();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
