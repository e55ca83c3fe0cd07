/**
 * A socket event a console sends, declared once for both sides: its name and the schema of what
 * it carries (from schemas/). The server's realtime hub checks every payload against it before a
 * handler sees it (core/server/realtime.ts), so a handler reads a typed payload, not `unknown`;
 * the console sends it with `send` or `ask` (core/client/socket.tsx), typed the same way. A plugin
 * keeps its events in `plugins/<id>/events.ts`.
 *
 *   export const storyEvents = { join: socketEvent('story-join', schema('api/story-room-event')) };
 */
import type { AnySchema } from 'ajv';
import type { Typed } from './endpoints';

export interface SocketEvent<Payload = unknown> {
  readonly name: string;
  readonly payload: AnySchema;
  /** Only for the compiler. */
  readonly type?: Payload;
}

export const socketEvent = <Payload>(name: string, payload: Typed<Payload>): SocketEvent<Payload> => ({ name, payload: payload.schema });

export type PayloadOf<E> = E extends SocketEvent<infer Payload> ? Payload : never;

/** What the console's senders need of a socket.io socket. */
interface EventSocket {
  emit(name: string, payload: unknown): unknown;
  timeout(ms: number): { emitWithAck(name: string, payload: unknown): Promise<unknown> };
}

/** Sends a declared event that waits for no answer. */
export function send<Payload>(socket: EventSocket, event: SocketEvent<Payload>, payload: Payload): void {
  socket.emit(event.name, payload);
}

/** Sends a declared event and answers the server's answer (rejects when none comes within `timeoutMs`). */
export function ask<Payload>(socket: EventSocket, event: SocketEvent<Payload>, payload: Payload, timeoutMs: number): Promise<unknown> {
  return socket.timeout(timeoutMs).emitWithAck(event.name, payload);
}

/**
 * An event the server sends to the sockets in a room, declared once for both sides: the room a
 * key names ('story-{id}'), the event's name there (the room's own name unless told), and the
 * type of what it carries. The server sends it with `api.realtime.emit(event, key, payload)`
 * (core/server/realtime.ts), the console hears it with `listen(socket, event, key, handler)`:
 *
 *   export const storyRoom = roomEvent<StoryRoomMessage>((storyId: string) => `story-${storyId}`);
 */
export interface RoomEvent<Key, Payload> {
  readonly room: (key: Key) => string;
  readonly name: (key: Key) => string;
  /** Only for the compiler. */
  readonly type?: Payload;
}

export const roomEvent = <Payload, Key = string>(room: (key: Key) => string, name: string | ((key: Key) => string) = room): RoomEvent<Key, Payload> => ({
  room,
  name: typeof name === 'string' ? () => name : name,
});

/** The room of one user's signed-in sockets, in every console they have open (the core puts each socket in it as it authenticates). */
export const userRoom = (userId: string) => `user-${userId}`;

/** What `listen` needs of a socket.io socket. */
interface ListeningSocket {
  on(name: string, listener: (payload: unknown) => void): unknown;
  off(name: string, listener: (payload: unknown) => void): unknown;
}

/** Hears a declared room event until the answered function is called. */
export function listen<Key, Payload>(socket: ListeningSocket, event: RoomEvent<Key, Payload>, key: Key, handler: (payload: Payload) => void): () => void {
  const name = event.name(key);
  // The server sends this event only through `emit`, which takes the declared payload.
  const listener = handler as (payload: unknown) => void;
  socket.on(name, listener);
  return () => void socket.off(name, listener);
}
