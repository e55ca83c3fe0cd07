/**
 * The reader session's cookie, mh_reader: HttpOnly, SameSite=Lax, Path=/, Secure when PUBLIC_URL
 * is https. Only the readers' public pages read it (through `readerOf`, and other plugins through
 * server/public.ts); the API authenticates by bearer token alone (core/server/routes.ts), so the
 * cookie opens nothing there. A form of a signed-in page carries a token derived from the
 * session's id with the server's key (`csrfTokenOf`): a page of another site cannot know it.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { timingSafeEqual } from 'node:crypto';
import type { AppContext } from '../../../core/server/plugins/contract';
import { constants } from '../../../core/shared/config';
import { findReaderSession, type ReaderSession, type ReadersDb } from './store';

export const readerCookie = 'mh_reader';

/** The value of the reader cookie the request carries, or null. */
function cookieOf(request: FastifyRequest): string | null {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === readerCookie) return value.join('=');
  }
  return null;
}

/** The session of the request's cookie, or null (no cookie, an unknown or expired session). */
export async function sessionOf(db: ReadersDb, request: FastifyRequest): Promise<ReaderSession | null> {
  const id = cookieOf(request);
  return id ? findReaderSession(db, id) : null;
}

/** The session of the request's cookie when it is one with this publisher, or null. */
export async function readerOf(db: ReadersDb, request: FastifyRequest, publisherId: string): Promise<ReaderSession | null> {
  const session = await sessionOf(db, request);
  return session?.publisherId === publisherId ? session : null;
}

const attributes = (env: AppContext['env']) => `Path=/; HttpOnly; SameSite=Lax${env.publicUrl.startsWith('https:') ? '; Secure' : ''}`;

export function setReaderCookie(reply: FastifyReply, env: AppContext['env'], sessionId: string): void {
  reply.header('set-cookie', `${readerCookie}=${sessionId}; Max-Age=${constants.readers.sessionDays * 86_400}; ${attributes(env)}`);
}

export function clearReaderCookie(reply: FastifyReply, env: AppContext['env']): void {
  reply.header('set-cookie', `${readerCookie}=; Max-Age=0; ${attributes(env)}`);
}

/** The token a signed-in page's forms carry: a keyed hash of the session's id. */
export const csrfTokenOf = (links: AppContext['links'], session: ReaderSession) => links.digest(`reader-csrf:${session.id}`);

/** Whether a posted form carries the session's token. */
export function csrfMatches(links: AppContext['links'], session: ReaderSession, given: string | undefined): boolean {
  const expected = Buffer.from(csrfTokenOf(links, session));
  const actual = Buffer.from(given ?? '');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
