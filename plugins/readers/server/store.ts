/**
 * The readers' queries: sign-in links, reader sessions, and whether an address subscribes. A link's token and a session's id are
 * 32 random bytes (base64url) handed to the reader alone; the tables keep their SHA-256, so a
 * look-up hashes what the reader brings. Dates are the clock's (core/server/clock.ts).
 */
import { createHash, randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { clock } from '../../../core/server/clock';
import { ownTables, type Handle } from '../../../core/server/db/database';
import type { CoreTables } from '../../../core/server/db/tables';
import { constants } from '../../../core/shared/config';
import { subscribersQuery } from '../../subscribers/server/public';
import type { ReaderTables } from './tables';

export type ReadersDb = Kysely<CoreTables & ReaderTables>;

export const readersDb = (db: Handle): ReadersDb => ownTables(db, 'readers');

/** What is stored of a token or a session id. */
export const hashOf = (secret: string) => createHash('sha256').update(secret).digest('base64url');

/** A new secret: 32 random bytes, base64url (43 characters). */
const newSecret = () => randomBytes(32).toString('base64url');

/** The shape of a secret made here: anything else is not looked up. */
export const secretPattern = /^[A-Za-z0-9_-]{43}$/;

/** A reader signed in: who, with which publisher. */
export interface ReaderSession {
  /** The session's id, as the cookie carries it. */
  id: string;
  email: string;
  publisherId: string;
}

/** Makes a sign-in link for a subscriber of a newsletter; answers its token (only the e-mail carries it). Expired links go as new ones come. */
export async function createSignInLink(db: ReadersDb, newsletterId: string, email: string): Promise<string> {
  const token = newSecret();
  const now = clock.now();
  await db.deleteFrom('reader_sign_in_links').where('expires_at', '<', now).execute();
  await db
    .insertInto('reader_sign_in_links')
    .values({
      token_hash: hashOf(token),
      newsletter_id: newsletterId,
      email: email.toLowerCase(),
      expires_at: new Date(now.getTime() + constants.readers.signInLinkMinutes * 60_000),
    })
    .execute();
  return token;
}

/** Whether a link of this newsletter is still good (unused, not expired), without using it: a mail scanner opening the link burns nothing. */
export async function signInLinkUsable(db: ReadersDb, newsletterId: string, token: string): Promise<boolean> {
  if (!secretPattern.test(token)) return false;
  const row = await db
    .selectFrom('reader_sign_in_links')
    .select('token_hash')
    .where('token_hash', '=', hashOf(token))
    .where('newsletter_id', '=', newsletterId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', clock.now())
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Uses a link of this newsletter, once: one statement marks it used only while it is unused and
 * unexpired, so two requests with the same token cannot both sign in. Answers the address it was
 * made for, or null (unknown, used, expired, or another newsletter's: left as it was).
 */
export async function consumeSignInLink(db: ReadersDb, newsletterId: string, token: string): Promise<string | null> {
  if (!secretPattern.test(token)) return null;
  const now = clock.now();
  const row = await db
    .updateTable('reader_sign_in_links')
    .set({ used_at: now })
    .where('token_hash', '=', hashOf(token))
    .where('newsletter_id', '=', newsletterId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('email')
    .executeTakeFirst();
  return row?.email ?? null;
}

/** Opens a reader session with a publisher; answers its id (for the cookie alone). Expired sessions go as new ones come. */
export async function openReaderSession(db: ReadersDb, publisherId: string, email: string): Promise<string> {
  const id = newSecret();
  const now = clock.now();
  await db.deleteFrom('reader_sessions').where('expires_at', '<', now).execute();
  await db
    .insertInto('reader_sessions')
    .values({
      id_hash: hashOf(id),
      publisher_id: publisherId,
      email: email.toLowerCase(),
      expires_at: new Date(now.getTime() + constants.readers.sessionDays * 86_400_000),
    })
    .execute();
  return id;
}

/** The open session of this id, or null. */
export async function findReaderSession(db: ReadersDb, id: string): Promise<ReaderSession | null> {
  if (!secretPattern.test(id)) return null;
  const row = await db
    .selectFrom('reader_sessions')
    .select(['email', 'publisher_id'])
    .where('id_hash', '=', hashOf(id))
    .where('expires_at', '>', clock.now())
    .executeTakeFirst();
  return row ? { id, email: row.email, publisherId: row.publisher_id } : null;
}

/** Ends a session (signing out). */
export async function closeReaderSession(db: ReadersDb, id: string): Promise<void> {
  await db.deleteFrom('reader_sessions').where('id_hash', '=', hashOf(id)).execute();
}

/** Whether the address subscribes to the newsletter: one look-up of the subscribers' unique index, through their public subquery. */
export async function subscribes(db: Handle, newsletterId: string, email: string): Promise<boolean> {
  const row = await subscribersQuery(db, newsletterId)
    .where(sql<boolean>`lower(email) = ${email.toLowerCase()}`)
    .executeTakeFirst();
  return row !== undefined;
}
