/**
 * The storage adapter and /uploads: on disk by default, in an S3-compatible bucket (s3rver here)
 * when configured. Names are made by the server; a path from a client never reaches the disk.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isStorageKey, newKey } from '../../core/server/services/storage';
import { startTestServer, type TestServer } from './server';

const png = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);

describe('storage keys', () => {
  it('are made by the server: folder, month, random id, extension', () => {
    const key = newKey('images', 'png');
    expect(key).toMatch(/^images\/\d{4}-\d{2}\/[0-9a-f-]{36}\.png$/);
    expect(newKey('images', 'webp', { key, variant: 'small' })).toBe(key.replace('.png', '-small.webp'));
    expect(newKey('images', 'png')).not.toBe(key);
    expect(isStorageKey(key)).toBe(true);
  });

  it('refuse anything a client could have made up', () => {
    for (const key of ['../etc/passwd', 'images/2026-11/../../secret.png', '/images/2026-11/x.png', 'images/x.png', 'images/2026-11/photo.png'])
      expect(isStorageKey(key)).toBe(false);
    expect(() => newKey('../images', 'png')).toThrow();
    expect(() => newKey('images', 'p/ng')).toThrow();
  });
});

describe('uploads on disk', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer('pglite', {}, { enabledPlugins: ['resources'] });
  });
  afterAll(async () => {
    await t.close();
  });

  it('serves a stored file with its content type and a year of caching, and forgets a removed one', async () => {
    const { storage } = t.server.context;
    expect(storage.kind).toBe('disk');
    const stored = await storage.put(newKey('images', 'png'), png, 'image/png');
    expect(stored.url).toBe(`/uploads/${stored.key}`);
    const response = await t.server.app.inject({ method: 'GET', url: stored.url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['cache-control']).toContain('max-age=31536000');
    expect(response.headers['cache-control']).toContain('immutable');
    // E-mail clients and podcast players on other sites load uploads.
    expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(response.rawPayload.equals(png)).toBe(true);

    const part = await t.server.app.inject({ method: 'GET', url: stored.url, headers: { range: 'bytes=0-7' } });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.length).toBe(8);

    await storage.remove(stored.key);
    expect((await t.server.app.inject({ method: 'GET', url: stored.url })).statusCode).toBe(404);
  });

  it('answers 404 to paths outside the stored names, and never reaches a file beside the uploads', async () => {
    for (const url of ['/uploads/images/photo.png', '/uploads/images/2026-11/../../x.png', '/uploads/', '/uploads/nothing']) {
      expect((await t.server.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
    writeFileSync(join(t.dataDir, 'secret.txt'), 'do not serve me');
    writeFileSync(join(t.dataDir, 'uploads', 'secret.txt'), 'do not serve me');
    for (const url of [
      '/uploads/../secret.txt',
      '/uploads/%2e%2e/secret.txt',
      '/uploads/..%2fsecret.txt',
      '/uploads/secret.txt',
      '/uploads/images/..%2f..%2fsecret.txt',
    ]) {
      const response = await t.server.app.inject({ method: 'GET', url });
      expect(response.body, url).not.toContain('do not serve me');
    }
  });
});

describe('uploads in an S3-compatible bucket', () => {
  let s3: S3rver;
  let t: TestServer;
  const dir = mkdtempSync(join(tmpdir(), 'masthead-s3-'));
  beforeAll(async () => {
    s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: dir, configureBuckets: [{ name: 'masthead', configs: [] }] });
    const { port } = await s3.run();
    t = await startTestServer(
      'pglite',
      {
        S3_BUCKET: 'masthead',
        S3_ENDPOINT: `http://127.0.0.1:${port}`,
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
      },
      { enabledPlugins: ['resources'] },
    );
  });
  afterAll(async () => {
    await t.close();
    await s3.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('stores in the bucket and serves through /uploads', async () => {
    const { storage } = t.server.context;
    expect(storage.kind).toBe('s3');
    const stored = await storage.put(newKey('images', 'png'), png, 'image/png');
    const response = await t.server.app.inject({ method: 'GET', url: stored.url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['cache-control']).toContain('immutable');
    expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(response.rawPayload.equals(png)).toBe(true);

    await storage.remove(stored.key);
    expect(await storage.read(stored.key)).toBeNull();
    expect((await t.server.app.inject({ method: 'GET', url: stored.url })).statusCode).toBe(404);
    expect((await t.server.app.inject({ method: 'GET', url: '/uploads/images/photo.png' })).statusCode).toBe(404);
  });

  it('needs the whole configuration', async () => {
    await expect(startTestServer('pglite', { S3_BUCKET: 'masthead' })).rejects.toThrow('S3_ENDPOINT must be set when S3_BUCKET is');
  });
});
