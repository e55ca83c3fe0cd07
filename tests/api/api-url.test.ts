/**
 * API_URL: the API base the console calls, written into its page by the server and allowed by the
 * CSP. PUBLIC_URL on plain http: allowed for pictures and audio, whatever address the console is opened at.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { readEnv } from '../../core/server/env';
import { addSecurityHeaders } from '../../core/server/security-headers';
import { consolePage } from '../../core/server/web';
import { startTestServer } from './server';

const sourcePage = readFileSync(join(import.meta.dirname, '..', '..', 'index.html'), 'utf8');

/**
 * The policy for these settings, from the headers alone on a bare Fastify: a test server with
 * another API_URL or PUBLIC_URL would seed demo data of its own, for one header.
 */
async function policyFor(settings: Record<string, string>): Promise<string> {
  const app = Fastify();
  addSecurityHeaders(app, readEnv(settings));
  app.get('/', async () => 'ok');
  try {
    return String((await app.inject({ method: 'GET', url: '/' })).headers['content-security-policy']);
  } finally {
    await app.close();
  }
}

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
    expect(await policyFor({ API_URL: 'https://api.example.com/v1' })).toContain("connect-src 'self' https://api.example.com");
  });
});

describe('PUBLIC_URL on plain http', () => {
  it('is allowed for pictures and audio, which it addresses, whatever address the console is opened at', async () => {
    const policy = await policyFor({ PUBLIC_URL: 'http://news.example.org:8080/' });
    expect(policy).toContain("img-src 'self' http://news.example.org:8080 data: blob: https:");
    expect(policy).toContain("media-src 'self' http://news.example.org:8080 blob: https:");
    expect(policy).toContain("default-src 'self';");
  });

  it('adds nothing for an https address, which https: covers', async () => {
    expect(await policyFor({ PUBLIC_URL: 'https://news.example.org' })).toContain("img-src 'self' data: blob: https:");
  });

  it("is in the server's policy", async () => {
    // The test servers' PUBLIC_URL is http://console.test (tests/api/server.ts).
    const api = await startTestServer('pglite');
    try {
      const response = await api.server.app.inject({ method: 'GET', url: '/api/editor/version' });
      expect(response.headers['content-security-policy']).toContain("img-src 'self' http://console.test data: blob: https:");
    } finally {
      await api.close();
    }
  });
});
