/**
 * The plugin registry, through the "add a plugin" walk-through of docs/ARCHITECTURE.md: a folder
 * with a manifest, a server entry, a migration and demo data becomes a working API.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './server';

const root = resolve(import.meta.dirname, '..', '..');

const made: string[] = [];

/** A plugins folder beside the real one (so plugins' relative imports of the core still resolve). */
function pluginsDirWith(files: Record<string, string>): string {
  const dir = mkdtempSync(join(root, '.plugins-test-'));
  made.push(dir);
  // The real plugins too: config/roles.json and menus.json name what they declare.
  for (const folder of readdirSync(join(root, 'plugins'))) symlinkSync(join(root, 'plugins', folder), join(dir, folder));
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), content.replaceAll('@core/', `${root}/core/`));
  }
  return dir;
}

const hello = {
  'hello/plugin.ts': `import { definePlugin } from '@core/shared/plugin';
export default definePlugin({ id: 'hello', title: 'Hello', permissions: ['greetings.list'] });
`,
  'hello/server/migrations/001_greetings.sql': `create table greetings (id text primary key, text text not null);
`,
  'hello/endpoints.ts': `import { endpoint, inline, list } from '@core/shared/endpoints';

interface Greeting { id: string; text: string }

export const greetingEndpoints = {
  list: endpoint('GET', '/greetings/list', {
    answer: list(inline<Greeting>({ type: 'object', additionalProperties: false, required: ['id', 'text'], properties: { id: { type: 'string' }, text: { type: 'string' } } })),
  }),
};
`,
  'hello/server/index.ts': `import { serverPlugin } from '@core/server/plugins/contract';
import manifest from '../plugin';
import { greetingEndpoints } from '../endpoints';

interface GreetingsTables { greetings: { id: string; text: string } }

export default serverPlugin(manifest, {
  register(api) {
    api.serve(greetingEndpoints.list, {
      requires: 'greetings.list',
      summary: 'Every greeting.',
      async handler() {
        const rows = await api.tables<GreetingsTables>().selectFrom('greetings').selectAll().orderBy('id').execute();
        return { data: rows, count: rows.length };
      },
    });
  },
  async seed({ db }) {
    await db.withTables<GreetingsTables>().insertInto('greetings').values([{ id: '1', text: 'Merhaba' }, { id: '2', text: 'Hello' }]).execute();
  },
});
`,
};

describe('adding a plugin is adding a folder', () => {
  const servers: TestServer[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.close()));
    for (const dir of made) rmSync(dir, { recursive: true, force: true });
  });

  it('serves the routes, runs the migrations and seeds the demo data of an enabled plugin', async () => {
    const t = await startTestServer('pglite', { PLUGINS_DIR: pluginsDirWith(hello) }, { enabledPlugins: ['resources', 'hello'] });
    servers.push(t);
    const admin = await t.login('admin@masthead.local');
    const { status, body } = await t.request('GET', '/api/greetings/list', { token: admin });
    expect(status).toBe(200);
    expect(body).toEqual({
      data: [
        { id: '1', text: 'Merhaba' },
        { id: '2', text: 'Hello' },
      ],
      count: 2,
    });
    // Not granted to editors by config/roles.json: refused by the server.
    expect((await t.request('GET', '/api/greetings/list', { token: await t.login('editor@masthead.local') })).status).toBe(401);
    expect((await t.request('GET', '/api/greetings/list')).status).toBe(401);
    expect(t.server.routes.find((route) => route.url === '/api/greetings/list')).toEqual({
      method: 'GET',
      url: '/api/greetings/list',
      owner: 'hello',
      access: 'greetings.list',
    });
  });

  it('leaves a disabled plugin out', async () => {
    const t = await startTestServer('pglite', { PLUGINS_DIR: pluginsDirWith(hello) }, { enabledPlugins: ['resources'] });
    servers.push(t);
    expect((await t.request('GET', '/api/greetings/list', { token: await t.login('admin@masthead.local') })).status).toBe(404);
  });

  it('refuses a route that says neither who may call it nor that it is public', async () => {
    const sloppy = {
      ...hello,
      'hello/server/index.ts': `import { serverPlugin } from '@core/server/plugins/contract';
import { data, endpoint, inline } from '@core/shared/endpoints';
import manifest from '../plugin';
export default serverPlugin(manifest, {
  register(api) {
    api.serve(endpoint('GET', '/greetings/open', { answer: data(inline({})) }), { summary: 'Open.', async handler() { return { data: [] }; } } as never);
  },
});
`,
    };
    await expect(startTestServer('pglite', { PLUGINS_DIR: pluginsDirWith(sloppy) }, { enabledPlugins: ['resources', 'hello'] })).rejects.toThrow(
      'route GET /greetings/open declares neither requires nor public',
    );
  });

  it('refuses a route that does not declare its answer', async () => {
    const silent = {
      ...hello,
      'hello/server/index.ts': `import { serverPlugin } from '@core/server/plugins/contract';
import manifest from '../plugin';
export default serverPlugin(manifest, {
  register(api) {
    api.serve({ method: 'GET', path: '/greetings/silent' } as never, { requires: 'greetings.list', summary: 'Silent.', async handler() { return { data: [] }; } } as never);
  },
});
`,
    };
    await expect(startTestServer('pglite', { PLUGINS_DIR: pluginsDirWith(silent) }, { enabledPlugins: ['resources', 'hello'] })).rejects.toThrow(
      'hello: route GET /greetings/silent declares no answer (schema.response)',
    );
  });

  it('refuses an enabled plugin that has no folder, naming the config file', async () => {
    await expect(startTestServer('pglite', {}, { enabledPlugins: ['resources', 'ghost'] })).rejects.toThrow(
      "config/plugins.json: /enabled/1 'ghost' has no folder in plugins/",
    );
  });
});
