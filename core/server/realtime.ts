/**
 * The realtime hub: socket.io on the HTTP server. A client authenticates with the `authenticate`
 * event carrying its token; only then do its other events reach the handlers plugins register,
 * each declaring who may send it (deny by default, like routes). On a PostgreSQL server, the
 * socket.io PostgreSQL adapter carries every room's events to the other server processes.
 */
import type { Server as HttpServer } from 'node:http';
import { Server, type Socket } from 'socket.io';
import { createAdapter } from '@socket.io/postgres-adapter';
import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import { constants } from '../shared/config';
import type { Permission } from '../shared/permissions';
import type { Session } from './auth/session';
import { nulPath } from './edge';

/** What a handler answers the sender when it asked for an answer (socket.io's acknowledgement). */
export type RealtimeReply = (answer: unknown) => void;

export interface RealtimeHandler {
  (socket: Socket, payload: unknown, session: Session, reply: RealtimeReply): void | Promise<void>;
}

/** A socket in a room, on this server process or another. */
export interface RoomMember {
  socketId: string;
  data: Record<string, unknown>;
}

export interface RealtimeHub {
  /** Registers a handler for a client event; `requires` a permission or `signedIn`. */
  on(event: string, access: { requires: Permission } | { signedIn: true }, handler: RealtimeHandler): void;
  /** Sends an event to the sockets in a room (e.g. 'story-{id}'). */
  emit(room: string, event: string, payload: unknown): void;
  /** The sockets in a room, on every server process, with what handlers kept in `socket.data`. */
  membersOf(room: string): Promise<RoomMember[]>;
  attach(server: HttpServer): Server;
  close(): Promise<void>;
}

export interface RealtimeOptions {
  authenticate(token: string): Promise<Session | null>;
  log: FastifyBaseLogger;
  /** With a PostgreSQL server, events reach the sockets of every process using it. */
  cluster?: { databaseUrl: string; schema?: string };
}

const checkEveryMs = constants.auth.socketSessionCheckSeconds * 1000;

export function createRealtimeHub(options: RealtimeOptions): RealtimeHub {
  const handlers = new Map<string, { access: { requires: Permission } | { signedIn: true }; handler: RealtimeHandler }>();
  let io: Server | undefined;
  let pool: pg.Pool | undefined;

  const bind = (socket: Socket) => {
    let session: Session | null = null;
    let token: string | null = null;
    let checkedAt = 0;
    /**
     * The session as it is now: checked again at most every few seconds, so a socket outlives
     * neither a Logout nor a password or role change for long, yet live edits cost no query each.
     */
    let checked: Promise<Session | null> = Promise.resolve(null);
    const currentSession = () =>
      // Chained, so that while one event waits for a check its socket's next event cannot overtake
      // it: a typist's keystrokes reach the handlers in the order they were typed.
      (checked = checked.then(async () => {
        if (session && token && Date.now() - checkedAt > checkEveryMs) {
          checkedAt = Date.now();
          session = await options.authenticate(token).catch(() => null);
          if (!session) socket.disconnect(true);
        }
        return session;
      }));
    socket.on('authenticate', async (payload: unknown) => {
      const offered = typeof payload === 'string' ? payload : (payload as { token?: unknown } | null)?.token;
      token = typeof offered === 'string' ? offered : null;
      session = token ? await options.authenticate(token).catch(() => null) : null;
      checkedAt = Date.now();
      if (!session) {
        socket.emit('unauthorized', { msg: 'Please sign in again.', err: 'UNAUTHORIZED' });
        return;
      }
      socket.data.userId = session.user.id;
      await socket.join(`user-${session.user.id}`);
      socket.emit('authenticated', { socketId: socket.id });
    });
    for (const [event, { access, handler }] of handlers) {
      socket.on(event, async (payload: unknown, callback?: unknown) => {
        const reply: RealtimeReply = typeof callback === 'function' ? (answer) => (callback as RealtimeReply)(answer) : () => undefined;
        const session = await currentSession();
        if (!session || ('requires' in access && !session.can(access.requires))) {
          socket.emit('unauthorized', { msg: 'Please sign in again.', err: 'UNAUTHORIZED', event });
          reply({ ok: false, status: 401, msg: 'Please sign in again.' });
          return;
        }
        // The HTTP edge's rule for sockets too: nothing with a NUL reaches a handler or the database.
        if (nulPath(payload)) {
          options.log.warn({ event }, 'realtime: refused a payload holding a NUL character');
          reply({ ok: false, status: 422, msg: 'The change holds a character that cannot be stored.' });
          return;
        }
        try {
          await handler(socket, payload, session, reply);
        } catch (error) {
          options.log.error({ err: error, event }, 'realtime handler failed');
          reply({ ok: false, status: 500, msg: 'Error!' });
        }
      });
    }
  };

  return {
    on(event, access, handler) {
      if (!access || (!('requires' in access) && !('signedIn' in access))) throw new Error(`realtime event '${event}' declares neither requires nor signedIn`);
      if (io) throw new Error(`realtime event '${event}' registered after start`);
      handlers.set(event, { access, handler });
    },
    emit(room, event, payload) {
      io?.to(room).emit(event, payload);
    },
    async membersOf(room) {
      if (!io) return [];
      const sockets = await io.in(room).fetchSockets();
      return sockets.map((socket) => ({ socketId: socket.id, data: socket.data as Record<string, unknown> }));
    },
    attach(server) {
      io = new Server(server, { path: '/socket.io', serveClient: false, cors: { origin: false } });
      if (options.cluster) {
        const { databaseUrl, schema } = options.cluster;
        pool = new pg.Pool({ connectionString: databaseUrl, max: 2, options: schema ? `-c search_path="${schema.replace(/"/g, '')}"` : undefined });
        pool.on('error', (error) => options.log.warn({ err: error }, 'realtime: database connection lost'));
        // One notification channel per schema: test runs sharing a server do not hear each other.
        io.adapter(
          createAdapter(pool, {
            channelPrefix: `masthead${schema ? `-${schema}` : ''}`,
            errorHandler: (error) => options.log.warn({ err: error }, 'realtime: adapter error'),
          }),
        );
      }
      io.on('connection', bind);
      return io;
    },
    async close() {
      // The HTTP server is Fastify's to close; here only the sockets go.
      io?.disconnectSockets(true);
      io?.engine.close();
      if (pool) {
        // The adapter stops listening before its connections go.
        await Promise.resolve(io?.of('/').adapter.close()).catch(() => undefined);
        await pool.end().catch(() => undefined);
      }
    },
  };
}
