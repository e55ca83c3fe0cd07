/**
 * The e-mail budget (design.md section 6): an issue sent to 100,000 e-mail subscribers by the
 * production server on PostgreSQL, to a local SMTP sink in another process: at least 1,000
 * messages per second, and the server's memory flat (under 300 MB, not growing with the
 * subscriber count). Without BENCH_DATABASE_URL (or TEST_DATABASE_URL) there is no PostgreSQL
 * server to fill quickly, and the figure is skipped, saying so.
 */
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import pg from 'pg';
import { startProductionServer } from './production-server';

const root = resolve(import.meta.dirname, '..', '..');
export const budgetPerSecond = 1000;
export const budgetRssMb = 300;

export interface EmailSendFigures {
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
}

async function startSinkProcess() {
  const child = spawn(process.execPath, ['--import', 'tsx', resolve(root, 'tests/bench/smtp-sink-process.ts')], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let count = 0;
  const port = await new Promise<number>((done) => {
    child.stdout!.setEncoding('utf8').on('data', (text: string) => {
      for (const line of text.split('\n')) {
        if (line.startsWith('port ')) done(Number(line.slice(5)));
        if (line.startsWith('count ')) count = Number(line.slice(6));
      }
    });
  });
  return { url: `smtp://127.0.0.1:${port}`, count: () => count, stop: () => child.kill('SIGKILL') };
}

export async function measureEmailSend(): Promise<EmailSendFigures> {
  const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  const subscribers = Number(process.env.BENCH_SUBSCRIBERS ?? 100_000);
  const none = { subscribers, seconds: 0, perSecond: 0, received: 0, sent: 0, rssStartMb: 0, rssTenthMb: 0, rssHalfMb: 0, rssEndMb: 0, rssPeakMb: 0 };
  if (!serverUrl) return { ...none, skipped: 'no PostgreSQL server (BENCH_DATABASE_URL or TEST_DATABASE_URL)' };
  const database = `masthead_bench_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${database}`);
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  const sink = await startSinkProcess();
  const server = await startProductionServer({ DATABASE_URL: url.toString(), SMTP_URL: sink.url, MAIL_RATE: '0' });
  const db = new pg.Client({ connectionString: url.toString() });
  await db.connect();
  try {
    const newsletter = (await db.query(`select id, publisher_id from newsletters where key = 'sabah-bulteni'`)).rows[0] as { id: string; publisher_id: string };
    // Only the bench's subscribers, all by e-mail.
    await db.query('delete from subscribers where newsletter_id = $1', [newsletter.id]);
    await db.query(
      `insert into subscribers (id, newsletter_id, email, name, city, medium, created_at)
       select md5($1 || i)::uuid::text, $1, 'okur' || i || '@example.com', 'Okur ' || i, 'İstanbul', 'email', now()
       from generate_series(1, $2::int) as i`,
      [newsletter.id, subscribers],
    );
    await db.query('analyze subscribers');
    const issue = (await db.query(`select id from issues where newsletter_id = $1 and key like '%-sabah-bulteni-hazir'`, [newsletter.id])).rows[0] as {
      id: string;
    };

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
    const token = (await call('PUT', '/auth/scope', await server.signIn('admin@masthead.local'), { publisher: newsletter.publisher_id })) as string;
    const options = (test: boolean) => ({ test, publishOnly: false, overridePublishedAt: false, mediums: { email: true, notification: false } });
    await call('POST', `/issues/publish/${issue.id}`, token, { publishOptions: options(true) });

    const rssStartMb = await server.idleRssMb({ steadySeconds: 3, timeoutSeconds: 30 });
    const figures = { ...none, rssStartMb, rssPeakMb: rssStartMb };
    const started = performance.now();
    await call('POST', `/issues/publish/${issue.id}`, token, { publishedAt: new Date().toISOString(), publishOptions: options(false) });
    for (;;) {
      await new Promise((done) => setTimeout(done, 250));
      const rss = server.rssMb();
      figures.rssPeakMb = Math.max(figures.rssPeakMb, rss);
      const row = (await db.query(`select emailed, processing from issues where id = $1`, [issue.id])).rows[0] as { emailed: boolean; processing: boolean };
      const sent = Number(
        (await db.query(`select count(*) from issue_deliveries where issue_id = $1 and medium = 'email' and state = 'sent'`, [issue.id])).rows[0].count,
      );
      if (!figures.rssTenthMb && sent >= subscribers / 10) figures.rssTenthMb = rss;
      if (!figures.rssHalfMb && sent >= subscribers / 2) figures.rssHalfMb = rss;
      figures.sent = sent;
      if (row.emailed && !row.processing) break;
      if (performance.now() - started > 600_000) throw new Error(`the send did not finish in 10 minutes (${sent} sent)`);
    }
    figures.seconds = (performance.now() - started) / 1000;
    figures.perSecond = figures.sent / figures.seconds;
    figures.rssEndMb = server.rssMb();
    await new Promise((done) => setTimeout(done, 400));
    figures.received = sink.count() - 2;
    return figures;
  } finally {
    await db.end();
    await server.stop();
    sink.stop();
    await admin.query(`drop database if exists ${database} with (force)`);
    await admin.end();
  }
}

export function printEmailSend(figures: EmailSendFigures): boolean {
  console.log(
    `Sending an issue by e-mail (production server, PostgreSQL), ${figures.subscribers.toLocaleString('en')} subscribers to a local SMTP sink; budget ${budgetPerSecond}/s and under ${budgetRssMb} MB`,
  );
  if (figures.skipped) {
    console.log(`  skipped: ${figures.skipped}`);
    return false;
  }
  const slow = figures.perSecond < budgetPerSecond;
  const heavy = figures.rssPeakMb > budgetRssMb;
  console.log(
    `  ${figures.sent.toLocaleString('en')} sent (${figures.received.toLocaleString('en')} received) in ${figures.seconds.toFixed(1)} s: ${Math.round(figures.perSecond).toLocaleString('en')} messages/s${slow ? '  UNDER BUDGET' : ''}`,
  );
  console.log(
    `  server RSS: ${figures.rssStartMb.toFixed(0)} MB before, ${figures.rssTenthMb.toFixed(0)} MB at a tenth, ${figures.rssHalfMb.toFixed(0)} MB halfway, ${figures.rssEndMb.toFixed(0)} MB at the end, peak ${figures.rssPeakMb.toFixed(0)} MB${heavy ? '  OVER BUDGET' : ''}`,
  );
  return slow || heavy || figures.sent !== figures.subscribers || figures.received !== figures.subscribers;
}
