/**
 * The JavaScript budget: what the login screen, then the shell after sign-in (the home dashboard),
 * load, in gzip bytes (design.md section 6: at most 160 KB and 200 KB). Drives Debian's Chromium
 * against the real server.
 */
import { chromium } from '@playwright/test';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildServer } from '../../core/server/app';
import { readEnv } from '../../core/server/env';
import { chromiumLaunch } from '../chromium';

export const budgets = { login: 160 * 1024, shell: 200 * 1024 };
export const dist = resolve(import.meta.dirname, '..', '..', 'dist');

function gzipSize(path: string): number {
  const file = join(dist, path);
  return existsSync(`${file}.gz`) ? statSync(`${file}.gz`).size : gzipSync(readFileSync(file), { level: 9 }).length;
}

export interface BundleFigures {
  login: number;
  shell: number;
  files: { login: string[]; shell: string[] };
}

/**
 * What the login screen and the first screen after sign-in load, read by Chromium from `address`:
 * a server that serves the built console (dist/) with the demo data. Without one, starts its own
 * (seeding the demo data, as `npm run bench` does); the test of the budget (tests/api/work-counts.test.ts)
 * passes a server started from the run's seeded demo data instead.
 */
export async function measureBundles(address?: string): Promise<BundleFigures> {
  if (!existsSync(join(dist, 'index.html'))) throw new Error('no built console: run `npm run build` first');
  if (address) return loadedScripts(address);
  const dataDir = mkdtempSync(join(tmpdir(), 'masthead-bench-'));
  const env = { ...readEnv({ DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'silent', DEMO_PASSWORD: 'Masthead-demo-1' }) };
  const server = await buildServer({ env, memoryDatabase: true, logger: false });
  try {
    return await loadedScripts(await server.app.listen({ port: 0, host: '127.0.0.1' }));
  } finally {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function loadedScripts(address: string): Promise<BundleFigures> {
  const browser = await chromium.launch(chromiumLaunch);
  try {
    const page = await browser.newPage();
    const scripts = new Set<string>();
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (url.pathname.endsWith('.js') && url.pathname.startsWith('/assets/')) scripts.add(url.pathname);
    });
    await page.goto(address, { waitUntil: 'networkidle' });
    const login = [...scripts];
    await page.getByLabel('E-mail').fill('editor@masthead.local');
    await page.getByRole('textbox', { name: 'Password' }).fill('Masthead-demo-1');
    await page.getByRole('button', { name: 'LOGIN' }).click();
    await page.getByRole('heading', { name: 'Tips and Tricks' }).waitFor();
    await page.waitForLoadState('networkidle');
    const shell = [...scripts];
    const sum = (files: string[]) => files.reduce((total, file) => total + gzipSize(file), 0);
    return { login: sum(login), shell: sum(shell), files: { login, shell } };
  } finally {
    await browser.close();
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
// By content, not by file name: the chunks that hold them are named after our modules (RichTextEditor).
const heavyLibraries = /CKEditorError|plotly/;

/** The files among `files` (paths below dist/) that hold CKEditor or Plotly. */
export const heavyFiles = (files: string[]): string[] => files.filter((file) => heavyLibraries.test(readFileSync(join(dist, file), 'utf8')));

/** Prints the figures against their budgets; answers whether one is over, or a heavy library loads with the first screen. */
export function printBundles(figures: BundleFigures): boolean {
  let over = false;
  console.log(`JavaScript loaded (gzip), budgets: login ${kb(budgets.login)}, shell ${kb(budgets.shell)}`);
  for (const [name, label] of [
    ['login', 'login screen'],
    ['shell', 'shell after sign-in'],
  ] as const) {
    const overBudget = figures[name] > budgets[name];
    console.log(
      `  ${label.padEnd(20)}  ${kb(figures[name]).padStart(10)}  (${figures.files[name].length} files)${overBudget ? `  OVER BUDGET (${kb(budgets[name])})` : ''}`,
    );
    over ||= overBudget;
  }
  const heavy = heavyFiles(figures.files.shell);
  if (heavy.length > 0) {
    console.log(`  heavy libraries loaded by the first screen: ${heavy.join(', ')}`);
    over = true;
  }
  return over;
}
