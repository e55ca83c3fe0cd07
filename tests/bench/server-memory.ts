/**
 * The start and memory budgets (design.md section 6), for the production server on the embedded
 * database as `npm start` runs it: a fresh start on an empty data folder (the build's demo
 * template, demo data included) answers within 5 s, a restart within 3 s, and 30 s after each the
 * server holds at most 150 MB; beside them, in the same run, an empty Node HTTP server started
 * with the same flags (the machine's own cost of a start and of a Node process). Then what eight
 * uploads at once of the largest accepted image add (issue 11: under 300 MB).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { constants } from '../../core/shared/config';
import { nodeFlags, productionEnv } from '../../scripts/build/production';
import { times } from './baseline';
import { answering, freePort, startProductionServer, stopChild, vmRssMb } from './production-server';

export const budgets = { freshSeconds: 5, restartSeconds: 3, restMb: 150, uploadGrowthMb: 300 };
const uploadsAtOnce = 8;
const restSeconds = 30;

export interface MemoryFigures {
  fresh: { seconds: number; restMb: number };
  restart: { seconds: number; restMb: number };
  /** An empty Node HTTP server: its time to answer, and its memory. */
  baseline: { seconds: number; restMb: number };
  uploadGrowthMb: number;
  idleAfterUploadsMb: number;
  uploadSeconds: number;
}

const pause = (seconds: number) => new Promise((resolve) => setTimeout(resolve, seconds * 1000));

export async function measureServerMemory(): Promise<MemoryFigures> {
  const baseline = await emptyNodeServer();
  const dataDir = mkdtempSync(join(tmpdir(), 'masthead-start-'));
  // The settings of a plain `npm start`, which the build's demo template was made for.
  const env = { PUBLIC_URL: 'http://localhost:8080' };
  try {
    const first = await startProductionServer(env, undefined, { dataDir });
    await pause(restSeconds);
    const fresh = { seconds: first.answeredSeconds, restMb: first.rssMb() };
    await first.stop();
    const server = await startProductionServer(env, undefined, { dataDir });
    try {
      await pause(restSeconds);
      const restart = { seconds: server.answeredSeconds, restMb: server.rssMb() };
      const { longSide, shortSide } = constants.limits.imageMaxPixels;
      const png = await sharp({ create: { width: longSide, height: shortSide, channels: 4, background: '#2b88d8' } })
        .png()
        .toBuffer();
      const token = await server.signIn('editor@masthead.local');
      const before = server.rssMb();
      let peak = before;
      const sampler = setInterval(() => (peak = Math.max(peak, server.rssMb())), 20);
      const started = Date.now();
      const answers = await Promise.all(Array.from({ length: uploadsAtOnce }, (_, index) => server.uploadPng(token, png, `bench-${index}.png`)));
      clearInterval(sampler);
      const refused = answers.filter((answer) => answer.status !== 200);
      if (refused.length > 0) throw new Error(`uploads refused: ${JSON.stringify(refused[0])}`);
      const uploadSeconds = (Date.now() - started) / 1000;
      const idleAfterUploadsMb = await server.idleRssMb({ steadySeconds: 10, timeoutSeconds: 60 });
      return { fresh, restart, baseline, uploadGrowthMb: Math.max(peak, server.rssMb()) - before, idleAfterUploadsMb, uploadSeconds };
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** An HTTP server of a few lines in Node, with the production flags: from its spawn to its first answer, and its memory then. */
async function emptyNodeServer(): Promise<{ seconds: number; restMb: number }> {
  const port = await freePort();
  const code = `require('node:http').createServer((request, response) => response.end('ok')).listen(${port}, '127.0.0.1')`;
  const spawnedAt = performance.now();
  const child = spawn(process.execPath, [...nodeFlags, '-e', code], { env: { ...process.env, ...productionEnv, NODE_OPTIONS: '' }, stdio: 'ignore' });
  try {
    await answering(`http://127.0.0.1:${port}/`, child, 30_000);
    const seconds = (performance.now() - spawnedAt) / 1000;
    await pause(2);
    return { seconds, restMb: vmRssMb(child.pid!) };
  } finally {
    await stopChild(child);
  }
}

/** Prints the figures; answers whether a budget was missed. */
export function printServerMemory(figures: MemoryFigures): boolean {
  const { longSide, shortSide } = constants.limits.imageMaxPixels;
  const { fresh, restart, baseline } = figures;
  const line = (label: string, seconds: number, secondsBudget: number, mb: number) =>
    `  ${label.padEnd(44)} ${seconds.toFixed(2)} s (budget ${secondsBudget} s, ${times(seconds, baseline.seconds)} the empty server's), ${mb.toFixed(0)} MB ${restSeconds} s after (budget ${budgets.restMb} MB, ${times(mb, baseline.restMb)})`;
  console.log('Server start and memory (production build, embedded database, RSS)');
  console.log(`  baseline: an empty Node HTTP server answers in ${baseline.seconds.toFixed(2)} s and holds ${baseline.restMb.toFixed(0)} MB`);
  console.log(line('a fresh start (demo template, demo data)', fresh.seconds, budgets.freshSeconds, fresh.restMb));
  console.log(line('a restart', restart.seconds, budgets.restartSeconds, restart.restMb));
  console.log(
    `  ${uploadsAtOnce} uploads at once of ${longSide} x ${shortSide} PNG  +${figures.uploadGrowthMb.toFixed(0)} MB at peak (budget ${budgets.uploadGrowthMb} MB), in ${figures.uploadSeconds.toFixed(1)} s`,
  );
  console.log(`  at rest after those uploads                  ${figures.idleAfterUploadsMb.toFixed(0)} MB`);
  const missed = [
    fresh.seconds > budgets.freshSeconds && 'the fresh start',
    restart.seconds > budgets.restartSeconds && 'the restart',
    fresh.restMb > budgets.restMb && 'the memory after a fresh start',
    restart.restMb > budgets.restMb && 'the memory after a restart',
    figures.uploadGrowthMb > budgets.uploadGrowthMb && 'the uploads',
  ].filter(Boolean);
  for (const what of missed) console.log(`  OVER BUDGET: ${what}`);
  return missed.length > 0;
}
