// @vitest-environment happy-dom
/**
 * The console's side of the plugin walk-through of docs/ARCHITECTURE.md (decision 0047): its first
 * step's files, read out of the page and written to a plugins folder beside the real one. The
 * client entry binds /hello to a lazy page, config/menus.json as the walk-through leaves it puts
 * the manifest's item in the sidebar, and the page shows what GET /api/greetings/list answers (msw
 * answers here; tests/api/plugins.test.ts has the real server answer) or the refusal.
 */
import { setIconOptions } from '@fluentui/react';
import { cleanup, render, screen } from '@testing-library/react';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { Suspense } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ClientPlugin } from '../../core/client/registry';
import { walkThrough } from '../api/walk-through';

// config/menus.json with what the walk-through's first step adds to its lists.
vi.mock('../../core/shared/config', async (importOriginal) => {
  const config = await importOriginal<typeof import('../../core/shared/config')>();
  const { walkThrough: steps } = await import('../api/walk-through');
  const gains = steps()[0]!.config['config/menus.json'] ?? {};
  const menus = Object.fromEntries(Object.entries(config.menus).map(([key, list]) => [key, Array.isArray(list) ? [...list, ...(gains[key] ?? [])] : list]));
  return { ...config, menus };
});

const root = resolve(import.meta.dirname, '..', '..');
const origin = 'http://localhost';
const [first] = walkThrough();

let answer: { status: number; body: unknown } = { status: 200, body: { data: [], count: 0 } };
const server = setupServer(http.get(`${origin}/api/greetings/list`, () => HttpResponse.json(answer.body as never, { status: answer.status })));

let dir: string;
let hello: ClientPlugin;

beforeAll(async () => {
  setIconOptions({ disableWarnings: true });
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(`${origin}/hello`);
  server.listen({ onUnhandledRequest: 'error' });
  dir = mkdtempSync(join(root, '.plugins-test-'));
  for (const [path, content] of Object.entries(first!.files)) {
    const target = join(dir, relative('plugins', path));
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, content);
  }
  hello = ((await import(/* @vite-ignore */ pathToFileURL(join(dir, 'hello', 'client', 'index.tsx')).href)) as { default: ClientPlugin }).default;
});
afterEach(() => cleanup());
afterAll(() => {
  server.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("the walk-through's page", () => {
  it('is bound to /hello for whoever holds greetings.list, and its sidebar item stands in the newsletter menu', async () => {
    const { buildRegistry } = await import('../../core/client/registry');
    expect(hello.manifest.id).toBe('hello');
    expect(hello.routes?.map(({ path, requires }) => ({ path, requires }))).toEqual([{ path: '/hello', requires: 'greetings.list' }]);
    const registry = buildRegistry([hello], ['hello']);
    expect(registry.routes.map((route) => route.path)).toEqual(['/hello']);
    expect(registry.menus.newsletter).toContainEqual({ key: 'hello', item: { label: 'Hello', icon: 'Emoji2', to: '/hello', requires: 'greetings.list' } });
    // Not enabled, not in the menu.
    expect(buildRegistry([hello], []).menus.newsletter.some((entry) => 'key' in entry && entry.key === 'hello')).toBe(false);
  });

  it('shows the greetings the declared call answers', async () => {
    answer = {
      status: 200,
      body: {
        data: [
          { id: 'hello', text: 'Hello' },
          { id: 'merhaba', text: 'Merhaba' },
        ],
        count: 2,
      },
    };
    const Page = hello.routes![0]!.page;
    render(
      <Suspense fallback={null}>
        <Page />
      </Suspense>,
    );
    expect(await screen.findByRole('heading', { name: 'Hello' })).toBeTruthy();
    expect(await screen.findByText('Merhaba')).toBeTruthy();
    expect(screen.getAllByText('Hello')).toHaveLength(2);
  });

  it('leaves a refusal to the error handler, which shows it', async () => {
    const msg = 'Your role (AUTHOR) does not allow this: greetings.list is required.';
    answer = { status: 401, body: { msg, err: 'UNAUTHORIZED' } };
    const { Toaster } = await import('../../core/client/toasts');
    const Page = hello.routes![0]!.page;
    render(
      <>
        <Toaster />
        <Suspense fallback={null}>
          <Page />
        </Suspense>
      </>,
    );
    expect(await screen.findByText(msg)).toBeTruthy();
  });
});
