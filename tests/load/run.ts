/**
 * `npm run load`: the morning's load at full size (tests/load/morning.ts, `fullMorning`) on the
 * tested deployment (three processes behind HAProxy on PostgreSQL, tests/load/cluster.ts), with
 * one process killed in the middle; prints each kind of call's p50 and p99 before, during and
 * after the loss, the live editing's pause, the send's rate and gap, and what the checks found.
 * Loopback only; needs a PostgreSQL server (TEST_DATABASE_URL) and HAProxy (`apt-get install -y
 * haproxy`). LOAD_REPORT=file.json keeps every call's timing. Exits 1 when a check found something lost or doubled.
 */
import { writeFileSync } from 'node:fs';
import { haproxyInstalled, startCluster } from './cluster';
import { fullMorning, morningFigures, runMorning } from './morning';

if (!process.env.TEST_DATABASE_URL || !haproxyInstalled()) {
  console.error('The load runs on a PostgreSQL server behind HAProxy: set TEST_DATABASE_URL (postgres://postgres@127.0.0.1:5432/test) and install haproxy.');
  process.exit(2);
}
const plan = { ...fullMorning, ...(process.env.LOAD_COPIES ? { copies: Number(process.env.LOAD_COPIES) } : {}) };
console.log(
  `A morning on three processes behind HAProxy: ${plan.seconds} s, ${plan.readersPerSecond} reader calls a second, a send of ${plan.copies.toLocaleString('en')} copies; process 2 killed at ${plan.killAt} s and started again ${plan.downFor} s later.`,
);
const cluster = await startCluster();
let failed = false;
try {
  const report = await runMorning(cluster, plan);
  console.log(morningFigures(report).join('\n'));
  // Every call's timing, for a closer look (LOAD_REPORT=file.json).
  if (process.env.LOAD_REPORT) writeFileSync(process.env.LOAD_REPORT, JSON.stringify(report));
  for (const [check, problems] of Object.entries(report.problems)) {
    console.log(`${check}: ${problems.length === 0 ? 'nothing lost or doubled' : problems.slice(0, 5).join('; ')}`);
    if (problems.length > 0) failed = true;
  }
} finally {
  await cluster.stop();
}
process.exit(failed ? 1 : 0);
