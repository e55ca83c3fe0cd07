/**
 * An anonymous caller is refused before the server reads what it sends: over a real socket, the
 * request announces a 100 MB body and sends none of it, and the 401 still arrives at once. Were
 * the body parsed or the upload read first, the server would wait for it.
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../api/server';

describe('an anonymous caller', () => {
  let t: TestServer;
  let port: number;

  beforeAll(async () => {
    t = await startTestServer('pglite');
    await t.server.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.server.app.server.address() as { port: number }).port;
  }, 60_000);
  afterAll(() => t?.close());

  it('is refused before its upload is read, on every upload route', async () => {
    const uploads = t.server.routes.filter((route) => route.upload);
    expect(uploads.length).toBeGreaterThanOrEqual(4);
    for (const route of uploads) {
      const url = route.url.replace(/:[A-Za-z]+/g, '00000000-0000-4000-8000-000000000000');
      const head = await firstLine(
        port,
        `${route.method} ${url} HTTP/1.1\r\nHost: localhost\r\nContent-Type: multipart/form-data; boundary=x\r\nContent-Length: 104857600\r\n\r\n`,
      );
      expect(head, `${route.method} ${route.url}`).toBe('HTTP/1.1 401 Unauthorized');
    }
  });

  it('is refused before a JSON body is parsed', async () => {
    const head = await firstLine(
      port,
      'DELETE /api/newsletters/update/00000000-0000-4000-8000-000000000000/team HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1048576\r\n\r\n{"userId":',
    );
    expect(head).toBe('HTTP/1.1 401 Unauthorized');
  });
});

/** Sends the request's head (and no more) and answers the first line of the response, or 'no answer' after 3 s. */
function firstLine(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(request));
    let received = '';
    const timer = setTimeout(() => {
      socket.destroy();
      resolve('no answer');
    }, 3000);
    socket.on('data', (chunk) => {
      received += chunk.toString('latin1');
      if (received.includes('\r\n')) {
        clearTimeout(timer);
        socket.destroy();
        resolve(received.split('\r\n')[0]!);
      }
    });
    socket.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}
