/**
 * What other plugins may use of readers: who the signed-in reader of a request is, for a
 * publisher (the paid plans ask it before showing what a reader paid for), the token a signed-in
 * page's forms carry, a newsletter of the readers' pages, and the pages' parts.
 */
import type { FastifyRequest } from 'fastify';
import type { Handle } from '../../../core/server/db/database';
import type { NewsletterRow } from '../../../core/server/db/tables';
import type { AppContext } from '../../../core/server/plugins/contract';
import type { PublicPageNewsletter } from '../../../core/server/public-page';
import { findNewsletterByKey } from '../../../core/server/store';
import type { LookContext } from '../../newsletters/server/public';
import { readerLook } from '../../subscribers/server/public';
import { csrfMatches, csrfTokenOf, readerOf } from './session';
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

/** The signed-in reader with the token its page's forms carry (a page of another site cannot know it), or null. */
export async function readerWithForm(
  context: Pick<AppContext, 'db' | 'links'>,
  request: FastifyRequest,
  publisherId: string,
): Promise<(SignedInReader & { csrf: string }) | null> {
  const session = await readerOf(readersDb(context.db), request, publisherId);
  return session && { email: session.email, publisherId: session.publisherId, csrf: csrfTokenOf(context.links, session) };
}

/** Whether a posted form of a signed-in page carries the reader's token; false without a reader. */
export async function readerFormValid(
  context: Pick<AppContext, 'db' | 'links'>,
  request: FastifyRequest,
  publisherId: string,
  given: string,
): Promise<boolean> {
  const session = await readerOf(readersDb(context.db), request, publisherId);
  return session !== null && csrfMatches(context.links, session, given);
}

/** A newsletter of the readers' pages, with their frame. */
export type ReaderNewsletter = NewsletterRow & { frame: PublicPageNewsletter };

/** A published newsletter by its key (any case), with its readers' pages' frame; null for any other. */
export async function readerNewsletter(context: LookContext, key: string): Promise<ReaderNewsletter | null> {
  const newsletter = await findNewsletterByKey(context.db, key);
  if (!newsletter?.published) return null;
  return { ...newsletter, frame: await readerLook(context, newsletter, { form: false }) };
}

export { buttonForm, fieldOf, goTo, noticePage, readerPath, sendReaderPage } from './pages';
export { accountNotes, type AccountNote, type AccountNotes } from './account-notes';
