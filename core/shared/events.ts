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
