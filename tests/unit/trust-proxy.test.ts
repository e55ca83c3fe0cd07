/** TRUST_PROXY: read from the environment, and the client address Fastify then decides. */
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { fastifyTrustProxy, parseTrustProxy, type TrustProxy } from '../../core/server/trust-proxy';

/** The address a request through inject (from 127.0.0.1) gets with this X-Forwarded-For. */
async function clientAddress(setting: TrustProxy, forwardedFor: string): Promise<string> {
  const app = Fastify({ trustProxy: fastifyTrustProxy(setting) });
  app.get('/', async (request) => request.ip);
  const response = await app.inject({ method: 'GET', url: '/', headers: { 'x-forwarded-for': forwardedFor } });
  await app.close();
  return response.body;
}

describe('TRUST_PROXY', () => {
  it('is off unless set', () => {
    for (const value of [undefined, '', 'off', '0']) expect(parseTrustProxy(value)).toBe(false);
  });

  it('takes a number of proxies, or addresses and ranges', () => {
    expect(parseTrustProxy('2')).toEqual({ hops: 2 });
    expect(parseTrustProxy('10.0.0.5, 10.0.0.0/8,fd00::/8,loopback,192.168.0.0/255.255.0.0')).toEqual({
      addresses: ['10.0.0.5', '10.0.0.0/8', 'fd00::/8', 'loopback', '192.168.0.0/255.255.0.0'],
    });
  });

  it('refuses anything else at start, naming it', () => {
    expect(() => parseTrustProxy('true')).toThrow(
      "TRUST_PROXY must be off, a number of proxies, or a comma list of proxy addresses and CIDR ranges; 'true' is none of these",
    );
    expect(() => parseTrustProxy('10.0.0.0/33')).toThrow("'10.0.0.0/33'");
    expect(() => parseTrustProxy('proxy.internal')).toThrow("'proxy.internal'");
  });

  it('decides the client address as set', async () => {
    const forged = '203.0.113.9, 10.9.8.7';
    expect(await clientAddress(false, forged)).toBe('127.0.0.1');
    expect(await clientAddress({ addresses: ['10.0.0.5'] }, forged)).toBe('127.0.0.1');
    expect(await clientAddress({ addresses: ['127.0.0.1'] }, forged)).toBe('10.9.8.7');
    expect(await clientAddress({ addresses: ['127.0.0.1', '10.9.8.7'] }, forged)).toBe('203.0.113.9');
    expect(await clientAddress({ hops: 1 }, forged)).toBe('10.9.8.7');
    expect(await clientAddress({ hops: 2 }, forged)).toBe('203.0.113.9');
  });
});
