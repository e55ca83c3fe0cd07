/** API_URL: the API base the console calls, written into its page by the server and allowed by the CSP. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readEnv } from '../../core/server/env';
import { consolePage } from '../../core/server/web';
import { startTestServer } from './server';

const sourcePage = readFileSync(join(import.meta.dirname, '..', '..', 'index.html'), 'utf8');

describe('API_URL', () => {
  it('is written into the console page, escaped', () => {
    expect(consolePage(sourcePage, 'https://api.example.com/v1')).toContain('<meta name="masthead-api" content="https://api.example.com/v1" />');
    expect(consolePage(sourcePage, '/x"&y')).toContain('content="/x&quot;&amp;y"');
  });

  it('must be a path or an http(s) address', () => {
    expect(readEnv({}).apiUrl).toBe('/api');
    expect(readEnv({ API_URL: '/proxy/api/' }).apiUrl).toBe('/proxy/api');
    expect(() => readEnv({ API_URL: 'javascript:alert(1)' })).toThrow('API_URL must be a path (/api) or an http(s) address');
  });

  it('lets the console connect to another origin it names', async () => {
    const api = await startTestServer('pglite', { API_URL: 'https://api.example.com/v1' });
    try {
      const response = await api.server.app.inject({ method: 'GET', url: '/api/editor/version' });
      expect(response.headers['content-security-policy']).toContain("connect-src 'self' https://api.example.com");
    } finally {
      await api.close();
    }
  });
});
