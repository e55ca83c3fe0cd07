import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import { inline } from '../../core/shared/endpoints';
import { socketEvent } from '../../core/shared/events';
import { startTestServer, type TestServer } from './server';

describe('realtime: authenticate over socket.io', () => {
  let t: TestServer;
  let url: string;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    t = await startTestServer('pglite');
    url = await t.server.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    sockets.forEach((socket) => socket.disconnect());
    await t.close();
  });

  const connect = () => {
    const socket = io(url, { path: '/socket.io', transports: ['websocket'], reconnection: false });
    sockets.push(socket);
    return socket;
  };
  const next = (socket: Socket, event: string) => new Promise<unknown>((resolve) => socket.once(event, resolve));

  it("answers 'authenticated' to a valid token", async () => {
    const socket = connect();
    await next(socket, 'connect');
    socket.emit('authenticate', { token: await t.login('editor@masthead.local') });
    expect(await next(socket, 'authenticated')).toEqual({ socketId: socket.id });
  });

  it("answers 'unauthorized' to a bad token, and a retry with a good one succeeds", async () => {
    const socket = connect();
    await next(socket, 'connect');
    socket.emit('authenticate', { token: 'not-a-token' });
    expect(await next(socket, 'unauthorized')).toMatchObject({ err: 'UNAUTHORIZED' });
    socket.emit('authenticate', { token: await t.login('author@masthead.local') });
    await next(socket, 'authenticated');
  });

  it('refuses registering an event that says nobody may send it', () => {
    expect(() => t.server.context.realtime.on(socketEvent('story-join', inline({})), {} as never, () => undefined)).toThrow(
      "realtime event 'story-join' declares neither requires nor signedIn",
    );
  });
});
