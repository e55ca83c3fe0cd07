/**
 * The import budget (design.md section 6, issue 56): a Ghost members CSV of 100,000 members,
 * imported through POST /api/imports by the production server on the embedded database, streams
 * (its memory grows with a batch, not with the file). Printed: the import's time and the server's
 * peak RSS above its memory before the upload, beside a baseline measured in the same run: the
 * time to merely parse the same CSV with csv-parse's stream in this process.
 */
import { createReadStream, mkdtempSync, openAsBlob, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse';
import { beside } from './baseline';
import { ghostMembersCsv } from '../api/imports/members-fixtures';
import { startProductionServer } from './production-server';

const members = 100_000;
/** What an import of this size may add to the server at its peak (design.md: the largest input a route accepts adds at most 100 MB). */
export const growthBudgetMb = 100;

export interface ImportFigures {
  members: number;
  fileMb: number;
  parseSeconds: number;
  importSeconds: number;
  imported: number;
  beforeMb: number;
  peakMb: number;
}

export async function measureImports(): Promise<ImportFigures> {
  const dir = mkdtempSync(join(tmpdir(), 'masthead-import-bench-'));
  const csvPath = join(dir, 'members.csv');
  writeFileSync(
    csvPath,
    ghostMembersCsv(
      Array.from({ length: members }, (_, index) => ({
        email: `okur${index}@bench.example`,
        name: `Okur ${index}`,
        labels: index % 10 === 0 ? ['VIP'] : [],
        stripeCustomerId: index % 50 === 0 ? `cus_bench${index}` : undefined,
        subscribed: index % 20 !== 0,
        createdAt: new Date(Date.UTC(2020, 0, 1) + index * 60_000).toISOString(),
      })),
    ),
  );
  const server = await startProductionServer();
  try {
    const parseStarted = performance.now();
    let rows = 0;
    for await (const _record of createReadStream(csvPath).pipe(parse({ columns: true }))) rows++;
    const parseSeconds = (performance.now() - parseStarted) / 1000;
    if (rows !== members) throw new Error(`parsed ${rows} rows`);

    const token = await server.signIn('director@masthead.local');
    const headers = { authorization: `Bearer ${token}` };
    const verify = await (await fetch(`${server.url}/api/auth/verify`, { headers })).json();
    const newsletter = (verify.data.scopes as { _id: string; type: string; title: string }[]).find((scope) => scope.title === 'Kültür Sanat Haftalık')!._id;
    const beforeMb = await server.idleRssMb({ steadySeconds: 5, timeoutSeconds: 60 });
    let peakMb = beforeMb;
    const sampler = setInterval(() => (peakMb = Math.max(peakMb, server.rssMb())), 50);
    const started = performance.now();
    try {
      const form = new FormData();
      form.set('source', 'ghost');
      form.set('newsletter', newsletter);
      form.set('dryRun', 'false');
      form.set('file', await openAsBlob(csvPath, { type: 'text/csv' }), 'members.csv');
      const posted = await fetch(`${server.url}/api/imports`, { method: 'POST', headers, body: form });
      if (posted.status !== 202) throw new Error(`import refused: ${posted.status} ${await posted.text()}`);
      const id = (await posted.json()).data.id as string;
      for (;;) {
        const { data } = await (await fetch(`${server.url}/api/imports/${id}?limit=1`, { headers })).json();
        if (data.state === 'failed') throw new Error(`import failed: ${data.error}`);
        if (data.state === 'done') {
          const importSeconds = (performance.now() - started) / 1000;
          return { members, fileMb: statSync(csvPath).size / 1024 / 1024, parseSeconds, importSeconds, imported: data.counts.subscribers, beforeMb, peakMb };
        }
        // The bench waits for a job on its own clock: the import runs in the server, which it measures.
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    } finally {
      clearInterval(sampler);
    }
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Prints the figures; answers whether the budget was missed. */
export function printImports(figures: ImportFigures): boolean {
  const growth = figures.peakMb - figures.beforeMb;
  console.log(
    `Import of a Ghost members CSV (${figures.members.toLocaleString('en')} members, ${figures.fileMb.toFixed(1)} MB), production build, embedded database`,
  );
  console.log(`  baseline: csv-parse's stream alone reads the same file, in the bench's process, just before: ${figures.parseSeconds.toFixed(2)} s`);
  console.log(
    `  the import (upload, job, ${figures.imported.toLocaleString('en')} subscribers): ${beside(figures.importSeconds, figures.parseSeconds, 's', 2)}`,
  );
  console.log(
    `  server RSS: ${figures.beforeMb.toFixed(0)} MB before, ${figures.peakMb.toFixed(0)} MB at peak (+${growth.toFixed(0)} MB), budget +${growthBudgetMb} MB`,
  );
  if (growth > growthBudgetMb) {
    console.log('  OVER BUDGET: the import');
    return true;
  }
  return false;
}
