/**
 * The socket's events meet the HTTP edge's rule: a payload holding a NUL character or half of a
 * surrogate pair reaches no handler (and so no database), and the server logs no failure for it; the same event without
 * the NUL is answered.
 */
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../api/server';

describe('socket events with a NUL character', () => {
  let t: TestServer;
  let socket: Socket;
  const log: string[] = [];

  beforeAll(async () => {
    t = await startTestServer('pglite', { LOG_LEVEL: 'warn' }, { logStream: { write: (line) => log.push(line) } });
    await t.server.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.server.app.server.address() as { port: number };
    socket = io(`http://127.0.0.1:${port}`, { path: '/socket.io', transports: ['websocket'], reconnection: false });
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    socket.emit('authenticate', { token: await t.login('editor@masthead.local') });
    await new Promise((resolve) => socket.once('authenticated', resolve));
  }, 60_000);
  afterAll(async () => {
    socket?.close();
    await t?.close();
  });

  it('reach no handler, while the same event without one is answered', async () => {
    const answers: unknown[] = [];
    socket.on('story-error', (payload) => answers.push(payload));
    socket.emit('story-join', { storyId: 'a\u0000b' });
    socket.emit('story-join', { storyId: 'a\ud800' });
    socket.emit('story-join', { storyId: 'no-such-story' });
    await expect.poll(() => answers, { timeout: 5000 }).toEqual([{ storyId: 'no-such-story', msg: 'Story not found.' }]);
    expect(log.filter((line) => line.includes('realtime handler failed'))).toEqual([]);
    expect(log.filter((line) => line.includes('refused a payload holding a character that cannot be stored'))).toHaveLength(2);
  });
});
