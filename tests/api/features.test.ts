import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './server';

describe('config/features.json while the server runs', () => {
  let t: TestServer;
  const configDir = mkdtempSync(join(tmpdir(), 'masthead-config-'));
  const file = join(configDir, 'features.json');
  const write = (change: object) => writeFileSync(file, JSON.stringify({ ...JSON.parse(readFileSync('config/features.json', 'utf8')), ...change }, null, 2));
  const version = async () => (await t.request('GET', '/api/editor/version')).body.data;
  const eventually = async (expected: string) => {
    for (let i = 0; i < 40 && (await version()) !== expected; i++) await new Promise((resolve) => setTimeout(resolve, 50));
    return version();
  };

  beforeAll(async () => {
    cpSync('config', configDir, { recursive: true });
    t = await startTestServer('pglite', { CONFIG_DIR: configDir });
  });
  afterAll(async () => {
    await t.close();
  });

  it('takes a valid change without a restart', async () => {
    expect(await version()).toBe('default');
    write({ maintenance: true });
    expect(await eventually('maintenance')).toBe('maintenance');
    write({ maintenance: false, editorVersion: 'publish' });
    expect(await eventually('publish')).toBe('publish');
    const token = await t.login('editor@masthead.local');
    expect((await t.request('GET', '/api/auth/verify', { token })).body.data.features.editorVersion).toBe('publish');
  });

  it('refuses an invalid change and keeps the last good settings', async () => {
    write({ maintenance: true });
    expect(await eventually('maintenance')).toBe('maintenance');
    writeFileSync(file, JSON.stringify({ maintenance: 'yes please' }));
    expect(t.server.features.reload()).toBe(false);
    expect(await version()).toBe('maintenance');
    writeFileSync(file, '{ not json');
    expect(t.server.features.reload()).toBe(false);
    expect(await version()).toBe('maintenance');
  });
});
