/**
 * Adding a plugin is adding a folder: the walk-through of docs/ARCHITECTURE.md run as written
 * (decision 0047). Its blocks are read out of the page (./walk-through.ts), written to a plugins
 * folder beside the real one, and the config blocks added to the config the server reads. The first
 * step gives a route for the roles that hold its permission, a sidebar item and demo data; the
 * second, started again on the same database, a store typed by the table and a call that writes.
 * The page is rendered in tests/components/walk-through-page.test.tsx; here every file compiles.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it, vi } from 'vitest';
import menusJson from '../../config/menus.json';
import rolesJson from '../../config/roles.json';
import { buildServer, type Server } from '../../core/server/app';
import { menus, roles } from '../../core/shared/config';
import { can, fromPairs } from '../../core/shared/permissions';
import type { PluginManifest } from '../../core/shared/plugin';
import { demoPassword, startTestServer, testEnv, type TestServer } from './server';
import { walkThrough, type WalkThroughStep } from './walk-through';

// config/menus.json and config/roles.json as the server reads them: copies that switchOn adds the
// walk-through's blocks to (this file runs with modules of its own, vitest.config.ts).
vi.mock('../../core/shared/config', async (importOriginal) => {
  const config = await importOriginal<typeof import('../../core/shared/config')>();
  return { ...config, menus: structuredClone(config.menus), roles: structuredClone(config.roles) };
});

const root = resolve(import.meta.dirname, '..', '..');
const [first, second, ...more] = walkThrough();

const made: string[] = [];
afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

/** A plugins folder beside the real one, with the real plugins and these files (paths as in the project: plugins/hello/...). */
function pluginsDirWith(files: Record<string, string>): string {
  const dir = mkdtempSync(join(root, '.plugins-test-'));
  made.push(dir);
  // The real plugins too: config/roles.json and menus.json name what they declare.
  for (const folder of readdirSync(join(root, 'plugins'))) symlinkSync(join(root, 'plugins', folder), join(dir, folder));
  for (const [path, content] of Object.entries(files)) {
    const target = join(dir, relative('plugins', path));
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, content);
  }
  return dir;
}

/** Sets `target`'s lists to the shipped file's with what the walk-through adds to them. */
function grow(target: object, shipped: object, gains: Record<string, string[]> = {}): void {
  const lists = target as Record<string, unknown[]>;
  for (const [key, list] of Object.entries(shipped)) if (Array.isArray(list)) lists[key] = [...list];
  for (const [key, values] of Object.entries(gains)) {
    if (!Array.isArray(lists[key])) throw new Error(`the walk-through adds to '${key}', which is not a list of its config file`);
    lists[key] = [...lists[key], ...values];
  }
}

/**
 * The config as the step leaves it: menus and roles as the server reads them, and the plugins to
 * enable. Of config/plugins.json, only what the walk-through adds is enabled: the other plugins'
 * demo data would take long to seed and shows nothing more.
 */
function switchOn(step: WalkThroughStep): string[] {
  const { 'config/plugins.json': plugins, 'config/menus.json': menuGains, 'config/roles.json': roleGains, ...others } = step.config;
  expect(Object.keys(others), 'the walk-through edits only these config files').toEqual([]);
  grow(menus, menusJson, menuGains);
  grow(roles, rolesJson, roleGains);
  expect(Object.keys(plugins ?? {})).toEqual(['enabled']);
  return plugins!.enabled!;
}

interface Running {
  server: Server;
  request(method: string, url: string, options?: { token?: string; body?: unknown }): Promise<{ status: number; body: any }>;
  login(email: string): Promise<string>;
}

/** A server on the database kept in `dataDir` (on disk, so the next step starts on it again), with the step's files and config. */
async function startOn(dataDir: string, step: WalkThroughStep): Promise<Running> {
  const enabledPlugins = switchOn(step);
  const server = await buildServer({ env: testEnv(dataDir, { PLUGINS_DIR: pluginsDirWith(step.files) }), logger: false, enabledPlugins });
  await server.app.ready();
  const request: Running['request'] = async (method, url, { token, body } = {}) => {
    const response = await server.app.inject({
      method: method as 'GET',
      url,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      payload: body as object | undefined,
    });
    return { status: response.statusCode, body: JSON.parse(response.body) };
  };
  return {
    server,
    request,
    async login(email) {
      const { status, body } = await request('POST', '/api/auth/login', { body: { email, password: demoPassword } });
      expect(status, JSON.stringify(body)).toBe(200);
      return body.data as string;
    },
  };
}

const refusal = (role: string, permission: string) => ({ msg: `Your role (${role}) does not allow this: ${permission} is required.`, err: 'UNAUTHORIZED' });

describe('the walk-through of docs/ARCHITECTURE.md', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'masthead-walk-through-'));
  const servers: Server[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.close()));
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('has two steps, which write only the plugin folder and the config', () => {
    expect(first?.title).toBe('Add a plugin: a walk-through');
    expect(second?.title).toBe('The second step: a store typed by the table, and a call that writes');
    expect(more).toEqual([]);
    for (const step of [first!, second!]) expect(Object.keys(step.files).filter((path) => !path.startsWith('plugins/hello/'))).toEqual([]);
    expect(Object.keys(first!.files).sort()).toEqual([
      'plugins/hello/client/HelloPage.tsx',
      'plugins/hello/client/index.tsx',
      'plugins/hello/endpoints.ts',
      'plugins/hello/plugin.ts',
      'plugins/hello/server/index.ts',
      'plugins/hello/server/migrations/001_greetings.sql',
    ]);
  });

  it("compiles: each step's files pass the project's TypeScript settings", () => {
    const [one, two] = [pluginsDirWith(first!.files), pluginsDirWith(second!.files)];
    const config = join(one, 'tsconfig.json');
    writeFileSync(config, JSON.stringify({ extends: '../tsconfig.json', include: ['hello', `../${basename(two)}/hello`] }));
    const tsc = join(dirname(createRequire(import.meta.url).resolve('typescript/package.json')), 'bin', 'tsc');
    const result = spawnSync(process.execPath, [tsc, '--noEmit', '-p', config], { encoding: 'utf8' });
    expect(result.stdout + result.stderr).toBe('');
    expect(result.status).toBe(0);
  }, 120_000);

  let firstServer: Running;

  it('the first step: the migration runs, the demo data is added once, the route answers the roles that hold the permission, the sidebar shows Hello to them', async () => {
    firstServer = await startOn(dataDir, first!);
    const t = firstServer;
    servers.push(t.server);
    const { db } = t.server.database;
    expect((await sql<{ id: string }>`select id from schema_migrations where id like 'hello/%'`.execute(db)).rows).toEqual([{ id: 'hello/001_greetings.sql' }]);
    expect(await db.selectFrom('settings').select('key').where('key', '=', 'seeded:hello').execute()).toEqual([{ key: 'seeded:hello' }]);

    const [admin, director, editor, author] = await Promise.all(['admin', 'director', 'editor', 'author'].map((role) => t.login(`${role}@masthead.local`)));
    const greetings = {
      data: [
        { id: 'hello', text: 'Hello' },
        { id: 'merhaba', text: 'Merhaba' },
      ],
      count: 2,
    };
    // Admins hold '*'; config/roles.json, as the walk-through adds to it, grants directors and editors.
    for (const token of [admin, director, editor]) expect(await t.request('GET', '/api/greetings/list', { token })).toEqual({ status: 200, body: greetings });
    expect(await t.request('GET', '/api/greetings/list', { token: author })).toEqual({ status: 401, body: refusal('AUTHOR', 'greetings.list') });
    expect((await t.request('GET', '/api/greetings/list')).status).toBe(401);
    expect(t.server.routes.find((route) => route.url === '/api/greetings/list')).toEqual({
      method: 'GET',
      url: '/api/greetings/list',
      owner: 'hello',
      access: 'greetings.list',
    });

    // The sidebar: config/menus.json places the manifest's item, and the console shows it to whoever
    // holds what it requires among the permissions GET /api/auth/verify answers (core/client/layout/Sidebar.tsx).
    const manifest = t.server.plugins.manifests.find((found) => found.id === 'hello') as PluginManifest;
    const item = manifest.menuItems?.hello;
    expect(item).toEqual({ label: 'Hello', icon: 'Emoji2', to: '/hello', requires: 'greetings.list' });
    expect(menus.newsletter).toContain('hello');
    const seesHello = async (token: string) => can(fromPairs((await t.request('GET', '/api/auth/verify', { token })).body.data.permissions), item!.requires);
    expect(await seesHello(editor)).toBe(true);
    expect(await seesHello(director)).toBe(true);
    expect(await seesHello(author)).toBe(false);
  }, 60_000);

  it('the second step, started again on the same database: a store typed by the table, and a call that writes and refuses what is not a greeting', async () => {
    await firstServer.server.close();
    servers.splice(servers.indexOf(firstServer.server), 1);
    const t = await startOn(dataDir, second!);
    servers.push(t.server);
    const { db } = t.server.database;
    // No migration is new, and the demo data is not added again.
    expect((await sql<{ id: string }>`select id from schema_migrations where id like 'hello/%'`.execute(db)).rows).toEqual([{ id: 'hello/001_greetings.sql' }]);
    const [editor, author] = await Promise.all([t.login('editor@masthead.local'), t.login('author@masthead.local')]);
    expect((await t.request('GET', '/api/greetings/list', { token: editor })).body.count).toBe(2);

    const added = await t.request('POST', '/api/greetings/create', { token: editor, body: { text: '  Selam ' } });
    expect(added).toEqual({ status: 200, body: { data: { id: expect.any(String), text: 'Selam' }, msg: 'The greeting is added.' } });
    expect((await t.request('GET', '/api/greetings/list', { token: editor })).body).toEqual({
      data: [
        { id: 'hello', text: 'Hello' },
        { id: 'merhaba', text: 'Merhaba' },
        { id: added.body.data.id, text: 'Selam' },
      ],
      count: 3,
    });

    const refused = (message: string, path = 'text') => ({ status: 422, body: { msg: 'Error!', details: [{ message, path }] } });
    const create = (body: unknown, token = editor) => t.request('POST', '/api/greetings/create', { token, body });
    expect(await create({ text: '   ' })).toEqual(refused('Please write a greeting.'));
    expect(await create({})).toEqual(refused('Please write a greeting.'));
    expect(await create({ text: 7 })).toEqual(refused('Please write a greeting.'));
    expect(await create({ text: 'a'.repeat(81) })).toEqual(refused('A greeting has at most 80 characters.'));
    expect((await create({ text: 'Selam', id: 'mine' })).status).toBe(422);
    expect(await create({ text: 'Selam' }, author)).toEqual({ status: 401, body: refusal('AUTHOR', 'greetings.create') });
    expect((await t.request('POST', '/api/greetings/create', { body: { text: 'Selam' } })).status).toBe(401);
    expect((await t.request('GET', '/api/greetings/list', { token: editor })).body.count).toBe(3);
  }, 60_000);
});

describe('the plugin registry', () => {
  const servers: TestServer[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.close()));
  });

  /** The first step's files with these written over them. */
  const helloWith = (files: Record<string, string> = {}) => ({ PLUGINS_DIR: pluginsDirWith({ ...first!.files, ...files }) });

  it('leaves a disabled plugin out', async () => {
    switchOn(first!);
    const t = await startTestServer('pglite', helloWith(), { enabledPlugins: [] });
    servers.push(t);
    expect((await t.request('GET', '/api/greetings/list', { token: await t.login('admin@masthead.local') })).status).toBe(404);
  });

  it('refuses a route that says neither who may call it nor that it is public', async () => {
    const sloppy = `import { serverPlugin } from '../../../core/server/plugins/contract';
import { data, endpoint, inline } from '../../../core/shared/endpoints';
import manifest from '../plugin';
export default serverPlugin(manifest, {
  register(api) {
    api.serve(endpoint('GET', '/greetings/open', { answer: data(inline({})) }), { summary: 'Open.', async handler() { return { data: [] }; } } as never);
  },
});
`;
    const enabledPlugins = switchOn(first!);
    await expect(startTestServer('pglite', helloWith({ 'plugins/hello/server/index.ts': sloppy }), { enabledPlugins })).rejects.toThrow(
      'route GET /greetings/open declares neither requires nor public',
    );
  });

  it('refuses a route that does not declare its answer', async () => {
    const silent = `import { serverPlugin } from '../../../core/server/plugins/contract';
import manifest from '../plugin';
export default serverPlugin(manifest, {
  register(api) {
    api.serve({ method: 'GET', path: '/greetings/silent' } as never, { requires: 'greetings.list', summary: 'Silent.', async handler() { return { data: [] }; } } as never);
  },
});
`;
    const enabledPlugins = switchOn(first!);
    await expect(startTestServer('pglite', helloWith({ 'plugins/hello/server/index.ts': silent }), { enabledPlugins })).rejects.toThrow(
      'hello: route GET /greetings/silent declares no answer (schema.response)',
    );
  });

  it('refuses an enabled plugin that has no folder, naming the config file', async () => {
    const enabledPlugins = switchOn(first!);
    await expect(startTestServer('pglite', helloWith(), { enabledPlugins: [...enabledPlugins, 'ghost'] })).rejects.toThrow(
      `config/plugins.json: /enabled/${enabledPlugins.length} 'ghost' has no folder in plugins/`,
    );
  });
});
