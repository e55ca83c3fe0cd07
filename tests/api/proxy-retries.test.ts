/**
 * What the tested deployment's proxy (deploy/haproxy.cfg, issue 59) asks again of another process
 * when the one it asked dies before answering: a reader's page or file (GET outside /api/ and the
 * tracking), which changes nothing when read twice, and nothing else: a form, an API call, a
 * tracking pixel or click, a reader's one-time sign-in link each reach a process once. The
 * processes here are three plain HTTP servers that count the calls they get and drop the
 * connection of every call whose path says so, as a process killed in the middle would.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../bench/production-server';
import { haproxyConfig, haproxyInstalled } from '../load/cluster';

describe.skipIf(!haproxyInstalled())("the proxy's retries", () => {
  const servers: Server[] = [];
  let proxy: ChildProcess;
  let url: string;
  /** Each call a process got, as "METHOD path". */
  const reached: string[] = [];

  beforeAll(async () => {
    for (let index = 0; index < 3; index++) {
      const server = createServer((request, response) => {
        if (request.url === '/api/editor/version') return void response.end('{}');
        request.resume();
        request.on('end', () => {
          reached.push(`${request.method} ${request.url}`);
          if (request.url?.endsWith('/dies')) request.socket.destroy();
          else response.end('answered');
        });
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      servers.push(server);
    }
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    proxy = spawn('haproxy', ['-db', '-f', haproxyConfig], {
      env: {
        ...process.env,
        MASTHEAD_LISTEN: `127.0.0.1:${port}`,
        ...Object.fromEntries(servers.map((server, index) => [`MASTHEAD_APP_${index + 1}`, `127.0.0.1:${(server.address() as AddressInfo).port}`])),
      },
      stdio: 'ignore',
    });
    // Ready once every process is in: a call answered by each of the three in turn.
    for (;;) {
      reached.length = 0;
      const answers = await Promise.all(
        [1, 2, 3].map(() =>
          fetch(`${url}/n/ready`).then(
            (response) => response.status,
            () => 0,
          ),
        ),
      );
      if (answers.every((status) => status === 200) && reached.length === 3) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });
  afterAll(async () => {
    proxy?.kill();
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  });

  /** How many processes a call reached, and whether it was answered. */
  const call = async (method: string, path: string) => {
    reached.length = 0;
    const status = await fetch(`${url}${path}`, { method, body: method === 'POST' ? 'email=okur%40example.com' : undefined }).then(
      (response) => response.status,
      () => 0,
    );
    return { status, reached: reached.length };
  };

  it("asks another process for a reader's page or file whose process died", async () => {
    // The first ask and the configuration's three retries: the calls here die on every process.
    for (const path of ['/n/sabah-bulteni/dies', '/s/hikaye/dies', '/uploads/gorsel.png/dies', '/n/sabah-bulteni/confirm/imza/dies'])
      expect((await call('GET', path)).reached, path).toBe(4);
  });

  it('asks no other process for anything a dead process may have done', async () => {
    for (const [method, path] of [
      ['POST', '/n/sabah-bulteni/subscribe/dies'],
      ['GET', '/api/auth/verify/dies'],
      ['GET', '/api/chunks/generate/kimlik/dies'],
      ['GET', '/t/o/imza/dies'],
      ['GET', '/t/c/imza/0/dies'],
      ['GET', '/n/sabah-bulteni/signin/imza/dies'],
      ['PUT', '/api/stories/update/kimlik/dies'],
    ] as const) {
      const { status, reached } = await call(method, path);
      expect(reached, `${method} ${path}`).toBe(1);
      // Its sender is told it failed: the proxy's 502, or the connection closed.
      expect([0, 502], `${method} ${path}`).toContain(status);
    }
  });

  it('answers calls that do not die once, from one process', async () => {
    expect(await call('GET', '/n/sabah-bulteni')).toEqual({ status: 200, reached: 1 });
    expect(await call('POST', '/n/sabah-bulteni/subscribe')).toEqual({ status: 200, reached: 1 });
  });
});
