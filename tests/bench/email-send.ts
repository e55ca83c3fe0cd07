/**
 * The e-mail budget (design.md section 6, issue 29): an issue sent by the production server, with
 * the newsletter's own sender and a DKIM signature on every copy, to a local SMTP sink in another
 * process. On PostgreSQL, to 100,000 e-mail subscribers at 1,000 messages per second or more; on
 * the embedded database, the demo issue to the demo's subscribers at 500 or more. On PostgreSQL the
 * server's memory stays flat (under 300 MB, not growing with the subscriber count); the embedded
 * database's memory is the server process's own, so there it is printed, not budgeted. Without
 * BENCH_DATABASE_URL (or TEST_DATABASE_URL) there is no PostgreSQL server to fill quickly, and that
 * figure is skipped, saying so.
 *
 * Beside each send, in the same run, the machine's own limit for that sink (issue 57): a bare blast
 * of as many pre-built messages, DKIM-signed once and of the send's average size, through a pooled
 * nodemailer transport with the sender's connections. Masthead's rate is printed as a share of it
 * (goal: 60 %), a figure a busy machine moves far less than the rate itself.
 */
import { spawn } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { constants } from '../../core/shared/config';
import { startProductionServer } from './production-server';

const root = resolve(import.meta.dirname, '..', '..');
export const budgetPerSecond = { postgres: 1000, embedded: 500 };
export const budgetRssMb = 300;

export interface EmailSendFigures {
  on: 'postgres' | 'embedded';
  skipped?: string;
  subscribers: number;
  seconds: number;
  perSecond: number;
  received: number;
  sent: number;
  rssStartMb: number;
  /** RSS when a tenth, half and all of the messages were sent: flat memory keeps these close. */
  rssTenthMb: number;
  rssHalfMb: number;
  rssEndMb: number;
  rssPeakMb: number;
  /** The bare blast's rate to the same sink in the same run (0 when it did not run). */
  blastPerSecond: number;
  /** The average size of the messages the send delivered, which the blast's messages have. */
  messageBytes: number;
  /** CPU time per message, in milliseconds: the server process's (all its threads) during the send, and the blast's own process during the blast. */
  serverCpuMs: number;
  /** Of which the server's main thread (its event loop; the embedded database runs there too). */
  serverMainCpuMs: number;
  /** The PostgreSQL server's processes serving the bench's database, when it runs on this machine (0 otherwise). */
  databaseCpuMs: number;
  /** Transactions committed in the bench's database per message (PostgreSQL; the statistics lag by up to a second). */
  commitsPerMessage: number;
  blastCpuMs: number;
  /** A subject test's send (issue 58): its test copies, then the rest with the winner; absent for a plain send. */
  phases?: { test: SendPhase; rest: SendPhase };
}

/** One phase of a subject test's send: how many copies it sent and how fast. */
export interface SendPhase {
  copies: number;
  seconds: number;
  perSecond: number;
}

/** The subject test the bench runs: a second subject line on a fifth of the audience, its winner picked by hand once their copies are out. */
const benchSubjectTest = {
  variants: [{ subject: 'Sabah Bülteni: metro ve bütçe, kısaca', preview: 'Üç dakikada okuyun' }],
  share: 20,
  waitMinutes: 30,
  decideBy: 'opens',
};

/** The share of the bare blast's rate the sender reaches (goal: 60 %). */
export const budgetShare = 0.6;

async function startSinkProcess() {
  const child = spawn(process.execPath, ['--import', 'tsx', resolve(root, 'tests/bench/smtp-sink-process.ts')], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let count = 0;
  let bytes = 0;
  const port = await new Promise<number>((done) => {
    child.stdout!.setEncoding('utf8').on('data', (text: string) => {
      for (const line of text.split('\n')) {
        if (line.startsWith('port ')) done(Number(line.slice(5)));
        if (line.startsWith('count ')) [count, bytes] = line.slice(6).split(' ').map(Number) as [number, number];
      }
    });
  });
  return { url: `smtp://127.0.0.1:${port}`, count: () => count, bytes: () => bytes, stop: () => child.kill('SIGKILL') };
}

/** A DKIM key for the demo sender's domain (Sabah Bülteni sends from sabah.masthead.local), in a file as DKIM_KEYS names it. */
function dkimKeys(): string {
  const dir = mkdtempSync(join(tmpdir(), 'masthead-bench-dkim-'));
  const file = join(dir, 'sabah.pem');
  writeFileSync(file, generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }));
  return `sabah.masthead.local:bench:${file}`;
}

/**
 * Sends the demo issue from the production server to a sink in another process, DKIM-signed, and
 * measures it. On PostgreSQL the newsletter's subscribers are replaced by `subscribers` e-mail
 * subscribers first; on the embedded database (no DATABASE_URL) the demo's own are sent to.
 */
export async function measureEmailSend(on: 'postgres' | 'embedded' = 'postgres', mode: { subjectTest?: boolean } = {}): Promise<EmailSendFigures> {
  const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  const wanted = on === 'postgres' ? Number(process.env.BENCH_SUBSCRIBERS ?? 100_000) : 0;
  const none = {
    on,
    subscribers: wanted,
    seconds: 0,
    perSecond: 0,
    received: 0,
    sent: 0,
    rssStartMb: 0,
    rssTenthMb: 0,
    rssHalfMb: 0,
    rssEndMb: 0,
    rssPeakMb: 0,
    blastPerSecond: 0,
    messageBytes: 0,
    serverCpuMs: 0,
    serverMainCpuMs: 0,
    databaseCpuMs: 0,
    commitsPerMessage: 0,
    blastCpuMs: 0,
  };
  if (on === 'postgres' && !serverUrl) return { ...none, skipped: 'no PostgreSQL server (BENCH_DATABASE_URL or TEST_DATABASE_URL)' };
  const database = `masthead_bench_${Date.now().toString(36)}`;
  const admin = on === 'postgres' ? new pg.Client({ connectionString: serverUrl }) : null;
  // The embedded run starts on its own data folder, never on the PostgreSQL server the other run uses.
  const url = on === 'postgres' && serverUrl ? new URL(serverUrl) : null;
  if (admin && url) {
    await admin.connect();
    await admin.query(`create database ${database}`);
    url.pathname = `/${database}`;
  }
  const sink = await startSinkProcess();
  const server = await startProductionServer({
    ...(url ? { DATABASE_URL: url.toString() } : {}),
    SMTP_URL: sink.url,
    MAIL_RATE: '0',
    DKIM_KEYS: dkimKeys(),
    ...(process.env.BENCH_SERVER_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_SERVER_NODE_OPTIONS } : {}),
  });
  const db = url ? new pg.Client({ connectionString: url.toString() }) : null;
  await db?.connect();
  try {
    const call = async (method: string, path: string, token: string, body?: unknown) => {
      const response = await fetch(`${server.url}/api${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      const answer = (await response.json()) as { data: unknown };
      if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(answer)}`);
      return answer.data;
    };
    const director = await server.signIn('director@masthead.local');
    const scopes = ((await call('GET', '/auth/verify', director)) as { scopes: { _id: string; title: string }[] }).scopes;
    const newsletterId = scopes.find((scope) => scope.title === 'Sabah Bülteni')!._id;
    const issues = (await call('GET', `/issues/list?newsletter=${newsletterId}&search=hazir&limit=10`, director)) as { _id: string; key: string }[];
    const issueId = issues.find((issue) => issue.key.endsWith('-sabah-bulteni-hazir'))!._id;
    const { publisher } = (await call('GET', `/newsletters/list/${newsletterId}`, director)) as { publisher: string };

    if (db) {
      // Only the bench's subscribers, all by e-mail.
      await db.query('delete from subscribers where newsletter_id = $1', [newsletterId]);
      await db.query(
        `insert into subscribers (id, newsletter_id, email, name, city, medium, created_at)
         select md5($1 || i)::uuid::text, $1, 'okur' || i || '@example.com', 'Okur ' || i, 'İstanbul', 'email', now()
         from generate_series(1, $2::int) as i`,
        [newsletterId, wanted],
      );
      await db.query('analyze subscribers');
    }

    const token = (await call('PUT', '/auth/scope', await server.signIn('admin@masthead.local'), { publisher })) as string;
    const options = (test: boolean) => ({ test, publishOnly: false, overridePublishedAt: false, mediums: { email: true, notification: false } });
    await call('POST', `/issues/publish/${issueId}`, token, { publishOptions: options(true) });
    const subscribers = ((await call('GET', `/issues/preflight/${issueId}`, token)) as { recipients: { email: number } }).recipients.email;
    // Whether the send is over, asked of the server; how far it is, of the sink (the server's own
    // count of its deliveries reads every row, which the publish page asks for once, not every second).
    const sentBefore = sink.count();
    const finished = async () => {
      const issue = (await call('GET', `/issues/list/${issueId}`, token)) as { status: { emailed: boolean; processing: boolean } };
      return issue.status.emailed && !issue.status.processing;
    };

    const rssStartMb = await server.idleRssMb({ steadySeconds: 3, timeoutSeconds: 30 });
    const figures: EmailSendFigures = { ...none, subscribers, rssStartMb, rssPeakMb: rssStartMb };
    const cpuBefore = processCpuMs(server.pid);
    const databaseBefore = await databaseCpuMs(db, database);
    const commitsBefore = await commits(db, database);
    const started = performance.now();
    const subjectTest = mode.subjectTest ? benchSubjectTest : undefined;
    await call('POST', `/issues/publish/${issueId}`, token, { publishedAt: new Date().toISOString(), publishOptions: options(false), subjectTest });
    // A subject test: once its copies are out (the sink has them all and the server says its wait
    // began), the winner is picked by hand, and the rest's phase is timed from there.
    const tested = subjectTest ? Math.round((subscribers * subjectTest.share) / 100) : 0;
    let restStarted = 0;
    const testPhaseOver = async () => {
      const form = (await call('GET', `/issues/update/${issueId}`, token)) as { subjectTest: { phase: string } | null };
      return form.subjectTest?.phase === 'waiting';
    };
    // The memory is read four times a second, the server asked once (four times once the sink has
    // them all): the bench's own questions are work for the server and the database too.
    for (let tick = 1; ; tick++) {
      await new Promise((done) => setTimeout(done, 250));
      const rss = server.rssMb();
      figures.rssPeakMb = Math.max(figures.rssPeakMb, rss);
      const sent = sink.count() - sentBefore;
      if (tick % 4 !== 0 && sent < subscribers) continue;
      if (!figures.rssTenthMb && sent >= subscribers / 10) figures.rssTenthMb = rss;
      if (!figures.rssHalfMb && sent >= subscribers / 2) figures.rssHalfMb = rss;
      figures.sent = sent;
      if (subjectTest && !restStarted) {
        if (sent >= tested && (await testPhaseOver())) {
          restStarted = performance.now();
          const seconds = (restStarted - started) / 1000;
          figures.phases = { test: { copies: sent, seconds, perSecond: sent / seconds }, rest: { copies: 0, seconds: 0, perSecond: 0 } };
          await call('PUT', `/issues/subject-test/${issueId}`, token, { winner: 1 });
        }
        continue;
      }
      if (await finished()) break;
      if (performance.now() - started > 600_000) throw new Error(`the send did not finish in 10 minutes (${sent} sent)`);
    }
    figures.seconds = (performance.now() - started) / 1000;
    figures.sent = ((await call('GET', `/issues/deliveries/${issueId}`, token)) as { email: { sent: number } }).email.sent;
    figures.perSecond = figures.sent / figures.seconds;
    if (figures.phases) {
      const seconds = (performance.now() - restStarted) / 1000;
      const copies = figures.sent - figures.phases.test.copies;
      figures.phases.rest = { copies, seconds, perSecond: copies / seconds };
    }
    const cpuAfter = processCpuMs(server.pid);
    figures.serverCpuMs = (cpuAfter.all - cpuBefore.all) / Math.max(1, figures.sent);
    figures.serverMainCpuMs = (cpuAfter.main - cpuBefore.main) / Math.max(1, figures.sent);
    const databaseAfter = await databaseCpuMs(db, database);
    let databaseMs = 0;
    for (const [pid, ms] of databaseAfter) databaseMs += ms - (databaseBefore.get(pid) ?? 0);
    figures.databaseCpuMs = databaseMs / Math.max(1, figures.sent);
    figures.commitsPerMessage = ((await commits(db, database)) - commitsBefore) / Math.max(1, figures.sent);
    figures.rssEndMb = server.rssMb();
    await new Promise((done) => setTimeout(done, 400));
    figures.received = sink.count() - 2;
    // The machine's limit for this sink, measured now, with the server idle.
    const [countBefore, bytesBefore] = [sink.count(), sink.bytes()];
    figures.messageBytes = Math.round(bytesBefore / Math.max(1, countBefore));
    // A subject test's baseline is the plain send of the same run (printSubjectTestSend).
    if (figures.phases) return figures;
    const blastCpu = process.cpuUsage();
    figures.blastPerSecond = await bareBlast(sink.url, figures.sent, figures.messageBytes);
    const blastUsed = process.cpuUsage(blastCpu);
    figures.blastCpuMs = (blastUsed.user + blastUsed.system) / 1000 / Math.max(1, figures.sent);
    return figures;
  } finally {
    await db?.end();
    await server.stop();
    sink.stop();
    if (admin) {
      await admin.query(`drop database if exists ${database} with (force)`);
      await admin.end();
    }
  }
}

/** The CPU time a process (or one of its threads, /proc/pid/task/tid) has used so far, user and system, in milliseconds, from /proc (Linux). */
function cpuMs(stat: string): number {
  const fields = readFileSync(stat, 'utf8')
    .replace(/^.*\) /s, '')
    .split(' ');
  // utime and stime are fields 14 and 15 of the line, 12 and 13 after the command's closing parenthesis; in clock ticks (100 a second).
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** The CPU time of a process, all its threads, and of its main thread alone (milliseconds). */
function processCpuMs(pid: number): { all: number; main: number } {
  return { all: cpuMs(`/proc/${pid}/stat`), main: cpuMs(`/proc/${pid}/task/${pid}/stat`) };
}

/** The transactions committed in the database so far (0 on the embedded database). */
async function commits(db: pg.Client | null, database: string): Promise<number> {
  if (!db) return 0;
  const { rows } = await db.query<{ commits: string }>('select xact_commit as commits from pg_stat_database where datname = $1', [database]);
  return Number(rows[0]?.commits ?? 0);
}

/** The CPU time of each PostgreSQL process connected to the database, when they run on this machine (empty otherwise). */
async function databaseCpuMs(db: pg.Client | null, database: string): Promise<Map<number, number>> {
  const times = new Map<number, number>();
  if (!db) return times;
  const { rows } = await db.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [database]);
  for (const { pid } of rows) {
    try {
      times.set(pid, cpuMs(`/proc/${pid}/stat`));
    } catch {
      // Not on this machine, or gone.
    }
  }
  return times;
}

/**
 * `count` messages through a pooled nodemailer transport with the sender's connections, each the
 * same pre-built message (DKIM-signed once, `bytes` long): nothing is rendered or signed per copy,
 * so the rate is what this machine and this sink allow. Answers messages per second.
 */
async function bareBlast(sinkUrl: string, count: number, bytes: number): Promise<number> {
  if (count === 0) return 0;
  const { default: nodemailer } = await import('nodemailer');
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const html = `<p>${'Bülten. '.repeat(Math.max(1, Math.round(bytes / 9)))}</p>`;
  const built = await nodemailer
    .createTransport({
      streamTransport: true,
      buffer: true,
      dkim: { domainName: 'sabah.masthead.local', keySelector: 'bench', privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }) as string },
    })
    .sendMail({ from: 'Sabah Bülteni <bulten@sabah.masthead.local>', to: 'okur@example.com', subject: 'Sabah Bülteni', html });
  const raw = built.message as Buffer;
  const transport = nodemailer.createTransport({ url: sinkUrl, pool: true, maxConnections: constants.delivery.connections, maxMessages: Infinity });
  const started = performance.now();
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const index = next++;
      await transport.sendMail({ envelope: { from: 'bounce@sabah.masthead.local', to: `okur${index}@example.com` }, raw });
    }
  };
  // As many messages in flight as the pool has connections, each taking the next when it is answered.
  await Promise.all(Array.from({ length: constants.delivery.connections * 2 }, worker));
  const seconds = (performance.now() - started) / 1000;
  transport.close();
  return count / seconds;
}

export function printEmailSend(figures: EmailSendFigures): boolean {
  const budget = budgetPerSecond[figures.on];
  const database = figures.on === 'postgres' ? 'PostgreSQL' : 'the embedded database';
  console.log(
    `Sending an issue by e-mail, DKIM-signed (production server, ${database}), ${figures.subscribers.toLocaleString('en')} subscribers to a local SMTP sink; budget ${budget}/s${figures.on === 'postgres' ? ` and under ${budgetRssMb} MB` : ''}`,
  );
  if (figures.skipped) {
    console.log(`  skipped: ${figures.skipped}`);
    return false;
  }
  const slow = figures.perSecond < budget;
  // The embedded database lives in the server's process: its memory is the server's (its at-rest budget is server-memory.ts's).
  const heavy = figures.on === 'postgres' && figures.rssPeakMb > budgetRssMb;
  console.log(
    `  ${figures.sent.toLocaleString('en')} sent (${figures.received.toLocaleString('en')} received) in ${figures.seconds.toFixed(1)} s: ${Math.round(figures.perSecond).toLocaleString('en')} messages/s${slow ? '  UNDER BUDGET' : ''}`,
  );
  const share = figures.blastPerSecond > 0 ? figures.perSecond / figures.blastPerSecond : 0;
  console.log(
    `  baseline, same run: a bare blast of ${figures.sent.toLocaleString('en')} pre-built messages of ${(figures.messageBytes / 1024).toFixed(1)} KB through a pooled transport: ${Math.round(figures.blastPerSecond).toLocaleString('en')} messages/s; Masthead reaches ${(share * 100).toFixed(0)} % of it (goal ${budgetShare * 100} %)${share < budgetShare ? '  UNDER GOAL' : ''}`,
  );
  console.log(
    `  CPU per message: ${figures.serverCpuMs.toFixed(2)} ms in the server process (${figures.serverMainCpuMs.toFixed(2)} ms on its main thread)${figures.databaseCpuMs ? `, ${figures.databaseCpuMs.toFixed(2)} ms in PostgreSQL` : ''}${figures.commitsPerMessage ? `, ${figures.commitsPerMessage.toFixed(2)} commits` : ''}; ${figures.blastCpuMs.toFixed(2)} ms in the blast's process`,
  );
  console.log(
    `  server RSS: ${figures.rssStartMb.toFixed(0)} MB before, ${figures.rssTenthMb.toFixed(0)} MB at a tenth, ${figures.rssHalfMb.toFixed(0)} MB halfway, ${figures.rssEndMb.toFixed(0)} MB at the end, peak ${figures.rssPeakMb.toFixed(0)} MB${heavy ? '  OVER BUDGET' : ''}`,
  );
  return slow || heavy || figures.sent !== figures.subscribers || figures.received !== figures.subscribers;
}

/**
 * A subject test's send beside a plain send of the same issue to the same subscribers in the same
 * run (its baseline): the rate of each phase, the test's copies and the rest's, as a share of the
 * plain send's. Answers whether it failed (a phase under the e-mail budget, or a copy missing).
 */
export function printSubjectTestSend(figures: EmailSendFigures, plain: EmailSendFigures): boolean {
  const budget = budgetPerSecond[figures.on];
  console.log(
    `Sending an issue with a subject test (two subject lines on ${benchSubjectTest.share} % of the audience, the winner picked by hand once their copies are out), ${figures.subscribers.toLocaleString('en')} subscribers on ${figures.on === 'postgres' ? 'PostgreSQL' : 'the embedded database'}; budget ${budget}/s each phase`,
  );
  if (figures.skipped || !figures.phases) {
    console.log(`  skipped: ${figures.skipped ?? 'no phases measured'}`);
    return false;
  }
  const line = (name: string, phase: SendPhase) => {
    const share = plain.perSecond > 0 ? ` (${((phase.perSecond / plain.perSecond) * 100).toFixed(0)} % of the plain send's)` : '';
    console.log(
      `  ${name}: ${phase.copies.toLocaleString('en')} copies in ${phase.seconds.toFixed(1)} s: ${Math.round(phase.perSecond).toLocaleString('en')} messages/s${share}${phase.perSecond < budget ? '  UNDER BUDGET' : ''}`,
    );
  };
  line("the test's copies", figures.phases.test);
  line('the rest, with the winner', figures.phases.rest);
  console.log(`  baseline, same run: the plain send above, ${Math.round(plain.perSecond).toLocaleString('en')} messages/s`);
  const slow = figures.phases.test.perSecond < budget || figures.phases.rest.perSecond < budget;
  return slow || figures.sent !== figures.subscribers || figures.received !== figures.subscribers;
}
