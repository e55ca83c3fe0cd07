/**
 * Live events across server processes (design.md section 3): two servers on one PostgreSQL
 * database; a story saved through one reaches the story's editors connected to the other, and a
 * live edit sent to one reaches an editor on the other. Runs with TEST_DATABASE_URL only (the
 * embedded database is one process).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, type Server } from '../../core/server/app';
import { readEnv } from '../../core/server/env';
import { demoPassword, dropTestSchema } from './server';

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('realtime across two server processes on PostgreSQL', () => {
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'masthead-cluster-'));
  const servers: Server[] = [];
  const addresses: string[] = [];
  const sockets: Socket[] = [];

  beforeAll(async () => {
    for (let index = 0; index < 2; index++) {
      const env = readEnv({ DATA_DIR: dataDir, DEMO_PASSWORD: demoPassword, LOG_LEVEL: 'silent', DATABASE_URL: url! });
      const server = await buildServer({ env, memoryDatabase: true, databaseSchema: schema, logger: false });
      servers.push(server);
      addresses.push(await server.app.listen({ port: 0, host: '127.0.0.1' }));
    }
  });
  afterAll(async () => {
    sockets.forEach((socket) => socket.disconnect());
    for (const server of servers) await server.close();
    await dropTestSchema(url!, schema);
    rmSync(dataDir, { recursive: true, force: true });
  });

  const login = async (server: Server, email: string) => {
    const response = await server.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: demoPassword } });
    return (JSON.parse(response.body) as { data: string }).data;
  };
  const next = <T>(socket: Socket, event: string) => new Promise<T>((resolve) => socket.once(event, resolve));
  /** The first message of a kind in a story's room (a save's own announcement may still be on its way to another editor). */
  const nextAction = <T extends { action: string }>(socket: Socket, event: string, action: string) =>
    new Promise<T>((resolve) => {
      const listener = (message: T) => {
        if (message.action !== action) return;
        socket.off(event, listener);
        resolve(message);
      };
      socket.on(event, listener);
    });
  const editorOn = async (index: number, token: string, storyId: string) => {
    const socket = io(addresses[index], { path: '/socket.io', transports: ['websocket'], reconnection: false });
    sockets.push(socket);
    await next(socket, 'connect');
    socket.emit('authenticate', { token });
    await next(socket, 'authenticated');
    socket.emit('story-join', { storyId });
    await next(socket, 'story-joined');
    return socket;
  };

  const firstStory = async (token: string) => {
    const list = await servers[0]!.app.inject({
      method: 'GET',
      url: '/api/stories/list?status=draft&type=bullet&limit=1',
      headers: { authorization: `Bearer ${token}` },
    });
    return (JSON.parse(list.body) as { data: { _id: string; version: number }[] }).data[0]!;
  };

  it("carries a story's saves and live edits to the editors on the other process", async () => {
    const token = await login(servers[0]!, 'editor@masthead.local');
    const story = await firstStory(token);
    const onFirst = await editorOn(0, token, story._id);
    const onSecond = await editorOn(1, token, story._id);

    // Saved through the first process: announced on the second.
    const saved = nextAction<{ action: string; story: { body: { text: string } } }>(onSecond, `story-${story._id}`, 'story-saved');
    const save = await servers[0]!.app.inject({
      method: 'PUT',
      url: `/api/stories/update/${story._id}`,
      headers: { authorization: `Bearer ${token}` },
      payload: { version: story.version, story: { body: { html: '<p>• İki süreç arasında kaydedildi.</p>' } } },
    });
    expect(save.statusCode, save.body).toBe(200);
    expect(await saved).toMatchObject({ action: 'story-saved', story: { body: { text: '• İki süreç arasında kaydedildi.' } } });

    // A live edit sent to the second process: heard on the first.
    const edited = nextAction<{ action: string; story: { title?: string; body?: { html: string } } }>(onFirst, `story-${story._id}`, 'story-update');
    onSecond.emit('story', { storyId: story._id, action: 'story-update', type: 'fields', story: { body: { html: '<p>• Canlı düzenleme</p>' } } });
    expect(await edited).toMatchObject({ action: 'story-update', story: { body: { html: '<p>• Canlı düzenleme</p>' } } });
  });

  it('answers who is in an issue while a process that was killed is still counted, from the living ones', async () => {
    const token = await login(servers[0]!, 'editor@masthead.local');
    const story = await firstStory(token);
    const onFirst = await editorOn(0, token, story._id);
    // A process that said it lives and was then killed: it never says it is gone.
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query('select pg_notify($1, $2)', [`masthead-${schema}#/`, JSON.stringify({ uid: 'killed-process', nsp: '/', type: 2 })]);
    } finally {
      await client.end();
    }
    // A save announced through the other process comes after it: once heard, the first has heard of the killed one too.
    const saved = nextAction(onFirst, `story-${story._id}`, 'story-saved');
    const save = await servers[1]!.app.inject({
      method: 'PUT',
      url: `/api/stories/update/${story._id}`,
      headers: { authorization: `Bearer ${token}` },
      payload: { version: story.version, story: { body: { html: '<p>• Ölen süreçten sonra kaydedildi.</p>' } } },
    });
    expect(save.statusCode, save.body).toBe(200);
    await saved;
    // Joining an issue asks every process who is in it (the presence list): the killed one never
    // answers, and is forgotten before the question gives up (5 s), so the living ones' answer comes.
    const issue = (await sql<{ id: string }>`select id from issues where key like ${'%-sabah-bulteni-hazir'}`.execute(servers[0]!.database.db)).rows[0]!;
    const presence = new Promise<{ users: { socketId: string }[] }>((resolve) => {
      const listener = (message: { type: string; users: { socketId: string }[] }) => {
        if (message.type !== 'presence') return;
        onFirst.off(`issue-${issue.id}`, listener);
        resolve(message);
      };
      onFirst.on(`issue-${issue.id}`, listener);
    });
    const answer = (await onFirst.timeout(10_000).emitWithAck('issue-join', { issueId: issue.id })) as { ok: boolean };
    expect(answer.ok, JSON.stringify(answer).slice(0, 200)).toBe(true);
    expect((await presence).users.map((user) => user.socketId)).toEqual([onFirst.id]);
  });

  it('closes a server stopped as it starts, its listening connection taken or not', async () => {
    // The adapter takes the connection it listens on just after the server is ready.
    const env = readEnv({ DATA_DIR: dataDir, DEMO_PASSWORD: demoPassword, LOG_LEVEL: 'silent', DATABASE_URL: url! });
    const server = await buildServer({ env, memoryDatabase: true, databaseSchema: schema, logger: false });
    await server.app.ready();
    await expect(server.close()).resolves.toBeUndefined();
  });
});
