/**
 * The realtime hub: socket.io on the HTTP server. A client authenticates with the `authenticate`
 * event carrying its token; only then do its other events reach the handlers plugins register,
 * each declaring who may send it (deny by default, like routes). On a PostgreSQL server, the
 * socket.io PostgreSQL adapter carries every room's events to the other server processes.
 */
import type { Server as HttpServer } from 'node:http';
import { Server, type Socket } from 'socket.io';
import pg from 'pg';
import type { AnySchema } from 'ajv';
import type { FastifyBaseLogger } from 'fastify';
import { constants } from '../shared/config';
import { userRoom, type RoomEvent, type SocketEvent } from '../shared/events';
import type { Permission } from '../shared/permissions';
import { clock } from './clock';
import type { Session } from './auth/session';
import { refusedCharacter } from './edge';
import { loadPostgresAdapter } from './on-first-use';

/** What a handler answers the sender when it asked for an answer (socket.io's acknowledgement). */
export type RealtimeReply = (answer: unknown) => void;

export interface RealtimeHandler<Payload = unknown> {
  (socket: Socket, payload: Payload, session: Session, reply: RealtimeReply): void | Promise<void>;
}

/**
 * Who may send an event (deny by default) and, when its payload is not what the event declares,
 * what the sender hears: by default a 422 answer; an event may answer as it would for something
 * it cannot find (the live issue's 404), or say nothing.
 */
export type RealtimeAccess = ({ requires: Permission } | { signedIn: true }) & { refuse?(socket: Socket, reply: RealtimeReply): void };

/** A socket in a room, on this server process or another. */
export interface RoomMember {
  socketId: string;
  data: Record<string, unknown>;
}

export interface RealtimeHub {
  /** Registers a handler for a declared client event (core/shared/events.ts); `requires` a permission or `signedIn`. */
  on<Payload>(event: SocketEvent<Payload>, access: RealtimeAccess, handler: RealtimeHandler<Payload>): void;
  /** Sends a declared room event (core/shared/events.ts) to the sockets in the key's room, but the socket `except` names (the one a change came from). */
  emit<Key, Payload>(event: RoomEvent<Key, Payload>, key: Key, payload: Payload, except?: Socket): void;
  /** The sockets in a room, on every server process, with what handlers kept in `socket.data`. */
  membersOf(room: string): Promise<RoomMember[]>;
  /**
   * Closes the sockets of ended sessions (one sign-in, or every sign-in of a user), on every
   * server process, so none goes on hearing the rooms it joined. Called once the end is saved.
   */
  endSessions(ended: { sessionId: string } | { userId: string }): void;
  attach(server: HttpServer): Server;
  close(): Promise<void>;
}

export interface RealtimeOptions {
  authenticate(token: string): Promise<Session | null>;
  log: FastifyBaseLogger;
  /** With a PostgreSQL server, events reach the sockets of every process using it. */
  cluster?: { databaseUrl: string; schema?: string };
  /** How long a socket may stay connected without authenticating (constants.auth.socketAuthenticateSeconds). */
  authenticateWithinMs?: number;
  /** The check of a payload against its event's schema (core/server/schemas/validators.ts). */
  validatorOf(schema: AnySchema): (payload: unknown) => boolean;
}

const checkEveryMs = constants.auth.socketSessionCheckSeconds * 1000;
/** setTimeout's longest wait; a session's end further away is looked at again then. */
const longestTimerMs = 2 ** 31 - 1;
const sessionRoom = (sessionId: string) => `session-${sessionId}`;
const refusal = { msg: 'Please sign in again.', err: 'UNAUTHORIZED' } as const;

/** How long a closing server waits for the adapter to take its connection (the database may be gone). */
const listenWaitMs = constants.limits.realtimeCloseWaitMs;
/** How often a process of several tells the others it lives; three missed, it is taken for gone. */
const clusterHeartbeatMs = constants.limits.realtimeHeartbeatMs;

/** An event as registered: who may send it, its handler, and the check of its payload. */
interface Registered {
  access: RealtimeAccess;
  handler: RealtimeHandler;
  valid(payload: unknown): boolean;
}

export function createRealtimeHub(options: RealtimeOptions): RealtimeHub {
  const handlers = new Map<string, Registered>();
  let io: Server | undefined;
  let pool: pg.Pool | undefined;
  /** The connection the adapter listens on, as it takes it (the first taken with connect()). */
  let listener: Promise<pg.PoolClient> | undefined;

  return {
    on(event, access, handler) {
      const { name } = event;
      if (!access || (!('requires' in access) && !('signedIn' in access))) throw new Error(`realtime event '${name}' declares neither requires nor signedIn`);
      if (io) throw new Error(`realtime event '${name}' registered after start`);
      handlers.set(name, { access, handler: handler as RealtimeHandler, valid: options.validatorOf(event.payload) });
    },
    emit(event, key, payload, except) {
      const room = io?.to(event.room(key));
      (except ? room?.except(except.id) : room)?.emit(event.name(key), payload);
    },
    endSessions(ended) {
      const room = 'sessionId' in ended ? sessionRoom(ended.sessionId) : userRoom(ended.userId);
      io?.to(room).emit('unauthorized', refusal);
      io?.in(room).disconnectSockets(true);
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
        // The adapter takes its listening connection with connect() (its queries take theirs with a callback).
        const connect = pool.connect.bind(pool) as (...args: unknown[]) => Promise<pg.PoolClient> | undefined;
        pool.connect = ((...args: unknown[]) => {
          const taken = connect(...args);
          if (args.length === 0) listener ??= taken;
          return taken;
        }) as pg.Pool['connect'];
        // One notification channel per schema: test runs sharing a server do not hear each other.
        io.adapter(
          loadPostgresAdapter().createAdapter(pool, {
            channelPrefix: `masthead${schema ? `-${schema}` : ''}`,
            // A process that stops telling it lives (killed) is forgotten before a question to every
            // process (fetchSockets: who is in an issue) gives up on its answer (5 s): the question is
            // then answered by the living, not failed. Each process says it lives once a second
            // when it has said nothing else.
            heartbeatInterval: clusterHeartbeatMs,
            heartbeatTimeout: 3 * clusterHeartbeatMs,
            errorHandler: (error) => options.log.warn({ err: error }, 'realtime: adapter error'),
          }),
        );
      }
      io.on('connection', (socket) => bind(socket, options, handlers));
      return io;
    },
    async close() {
      // The HTTP server is Fastify's to close; here only the sockets go.
      io?.disconnectSockets(true);
      io?.engine.close();
      if (pool) {
        // A server closed as it starts: the adapter must hold its connection before it closes, or it
        // keeps it for good once it comes and pool.end() waits for ever. A query queued behind its
        // LISTEN answers after the adapter took the connection as its own.
        if (listener) {
          const listening = listener.then((client) => client.query('select 1')).catch(() => undefined);
          await Promise.race([listening, new Promise((resolve) => setTimeout(resolve, listenWaitMs).unref())]);
        }
        // The adapter stops listening before its connections go.
        await Promise.resolve(io?.of('/').adapter.close()).catch(() => undefined);
        await pool.end().catch(() => undefined);
      }
    },
  };
}

/**
 * A socket of the hub: anonymous until it authenticates (and gone if it does not soon), closed at
 * its session's end, and each registered event served through its listener.
 */
function bind(socket: Socket, options: RealtimeOptions, handlers: Map<string, Registered>): void {
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
      // On the clock, so a test moves past the interval instead of waiting for it.
      if (session && token && clock.ms() - checkedAt > checkEveryMs) {
        checkedAt = clock.ms();
        session = await options.authenticate(token).catch(() => null);
        if (!session) socket.disconnect(true);
      }
      return session;
    }));
  // An anonymous connection holds nothing: it authenticates soon or goes.
  const anonymousUntil = setTimeout(
    () => {
      if (!session) socket.disconnect(true);
    },
    options.authenticateWithinMs ?? constants.auth.socketAuthenticateSeconds * 1000,
  );
  let expiry: ReturnType<typeof setTimeout> | undefined;
  const closeAtExpiry = (expiresAt: Date) => {
    clearTimeout(expiry);
    const wait = expiresAt.getTime() - clock.ms();
    expiry = setTimeout(() => (wait > longestTimerMs ? closeAtExpiry(expiresAt) : socket.disconnect(true)), Math.min(Math.max(wait, 0), longestTimerMs));
  };
  socket.on('disconnect', () => {
    clearTimeout(anonymousUntil);
    clearTimeout(expiry);
  });
  socket.on('authenticate', async (payload: unknown) => {
    const offered = typeof payload === 'string' ? payload : (payload as { token?: unknown } | null)?.token;
    const previous = session;
    token = typeof offered === 'string' ? offered : null;
    session = token ? await options.authenticate(token).catch(() => null) : null;
    checkedAt = clock.ms();
    // Rooms joined under another sign-in were that sign-in's to hear.
    if (previous && previous.sessionId !== session?.sessionId) {
      for (const room of [...socket.rooms]) if (room !== socket.id) await socket.leave(room);
      delete socket.data.userId;
    }
    if (!session) {
      socket.emit('unauthorized', refusal);
      return;
    }
    socket.data.userId = session.user.id;
    await socket.join([userRoom(session.user.id), sessionRoom(session.sessionId)]);
    closeAtExpiry(session.expiresAt);
    socket.emit('authenticated', { socketId: socket.id });
  });
  for (const [event, registered] of handlers) socket.on(event, listenerOf(socket, event, registered, currentSession, options.log));
}

/** One event's listener on a socket: the session as it is now and the event's access, the payload's checks, then its handler. */
function listenerOf(
  socket: Socket,
  event: string,
  { access, handler, valid }: Registered,
  currentSession: () => Promise<Session | null>,
  log: FastifyBaseLogger,
) {
  return async (payload: unknown, callback?: unknown) => {
    const reply: RealtimeReply = typeof callback === 'function' ? (answer) => (callback as RealtimeReply)(answer) : () => undefined;
    const session = await currentSession();
    if (!session || ('requires' in access && !session.can(access.requires))) {
      socket.emit('unauthorized', { ...refusal, event });
      reply({ ok: false, status: 401, msg: 'Please sign in again.' });
      return;
    }
    // The HTTP edge's rule for sockets too: nothing with a NUL or half a surrogate pair reaches a handler or the database.
    if (refusedCharacter(payload)) {
      log.warn({ event }, 'realtime: refused a payload holding a character that cannot be stored');
      reply({ ok: false, status: 422, msg: 'The change holds a character that cannot be stored.' });
      return;
    }
    if (!valid(payload)) {
      if (access.refuse) access.refuse(socket, reply);
      else reply({ ok: false, status: 422, msg: 'Error!', details: [{ message: 'This change is not understood.', path: '' }] });
      return;
    }
    try {
      await handler(socket, payload, session, reply);
    } catch (error) {
      log.error({ err: error, event }, 'realtime handler failed');
      reply({ ok: false, status: 500, msg: 'Error!' });
    }
  };
}
