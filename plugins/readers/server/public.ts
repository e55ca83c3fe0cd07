/**
 * What other plugins may use of readers: who the signed-in reader of a request is, for a
 * publisher (a later paid plan asks it before showing what a reader paid for).
 */
import type { FastifyRequest } from 'fastify';
import type { Handle } from '../../../core/server/db/database';
import { readerOf } from './session';
import { readersDb } from './store';

export interface SignedInReader {
  /** Lower-case. */
  email: string;
  publisherId: string;
}

/**
 * The reader signed in with this publisher on the request (its cookie mh_reader: public pages
 * only, the API never reads it), or null.
 */
export async function signedInReader(db: Handle, request: FastifyRequest, publisherId: string): Promise<SignedInReader | null> {
  const session = await readerOf(readersDb(db), request, publisherId);
  return session && { email: session.email, publisherId: session.publisherId };
}
