import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOutbox } from '../../core/server/services/mail';
import { startTestServer, type TestServer } from './server';

describe('logs', () => {
  let t: TestServer;
  const lines: string[] = [];
  beforeAll(async () => {
    t = await startTestServer('pglite', { LOG_LEVEL: 'trace' }, { logStream: { write: (line) => void lines.push(line) } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('are structured and never carry passwords, tokens or reset codes', async () => {
    const token = await t.login('editor@masthead.local');
    await t.request('GET', '/api/auth/verify', { token });
    await t.request('POST', '/api/auth/login', { body: { email: 'editor@masthead.local', password: 'Wrong-Secret-77' } });
    await t.request('PUT', '/api/auth/password/forgot', { body: { email: 'editor@masthead.local' } });
    const code = new URL(readOutbox(t.dataDir)[0]!.text.match(/https?:\/\/\S+/)![0]).searchParams.get('code')!;
    await t.request('PUT', '/api/auth/password/reset', {
      body: { email: 'editor@masthead.local', token: code, password: 'Brand-New-Secret-8', passwordConfirm: 'Brand-New-Secret-8' },
    });

    expect(lines.length).toBeGreaterThan(4);
    for (const line of lines) expect(() => JSON.parse(line)).not.toThrow();
    const all = lines.join('\n');
    for (const secret of ['Masthead-demo-1', 'Wrong-Secret-77', 'Brand-New-Secret-8', token, code]) expect(all).not.toContain(secret);
    expect(all).toContain('/api/auth/password/reset');
  });
});
