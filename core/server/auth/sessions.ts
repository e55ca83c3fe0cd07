/**
 * Sign-in sessions. Each sign-in is a row of `sessions`, and its token names it (`sid`); the
 * session is checked with the user on every request and socket authentication
 * (core/server/auth/session.ts), so ending it here ends its token at once, on every process.
 * Logout ends one session; a password reset, a password change, a role change and removal from a
 * team end all of a user's (docs/decisions/0004-sign-in-hardening.md).
 */
import { randomUUID } from 'node:crypto';
import { constants } from '../../shared/config';
import { coreTables, type Db, type Handle } from '../db/database';
import { clock } from '../clock';
import type { TokenService } from './tokens';

const dayMs = 24 * 60 * 60_000;
const sweepEveryMs = 60 * 60_000;
let lastSweep = 0;

/** A new session for the user (for an admin, in the publisher they chose); answers its token. */
export async function startSession(db: Db, tokens: TokenService, userId: string, publisherId?: string): Promise<string> {
  const id = randomUUID();
  const expiresAt = new Date(clock.ms() + constants.auth.tokenTtlDays * dayMs);
  await db.insertInto('sessions').values({ id, user_id: userId, expires_at: expiresAt }).execute();
  await sweepSessions(db);
  return tokens.sign({ sub: userId, sid: id, pub: publisherId }, expiresAt);
}

/** Ends one session (Logout). */
export async function endSession(db: Db, sessionId: string): Promise<void> {
  await db.updateTable('sessions').set({ ended_at: clock.now() }).where('id', '=', sessionId).where('ended_at', 'is', null).execute();
}

/** Ends every session of the user: each of their tokens is refused from now on. */
export async function endSessions(db: Db, userId: string): Promise<void> {
  await db.updateTable('sessions').set({ ended_at: clock.now() }).where('user_id', '=', userId).where('ended_at', 'is', null).execute();
}

/**
 * Sets a user's password and ends every session of theirs, in one transaction (a reset, a
 * change). With `resetCodeHash`, only while that reset code is still the user's: a code works
 * once. Answers whether the password changed.
 */
export async function replacePassword(db: Db, userId: string, passwordHash: string, options: { resetCodeHash?: string | null } = {}): Promise<boolean> {
  return db.transaction().execute(async (tx) => {
    let update = tx
      .updateTable('users')
      .set({ password_hash: passwordHash, reset_code_hash: null, reset_expires_at: null, updated_at: clock.now() })
      .where('id', '=', userId);
    if (options.resetCodeHash !== undefined) update = update.where('reset_code_hash', '=', options.resetCodeHash);
    const result = await update.executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return false;
    await endSessions(tx, userId);
    return true;
  });
}

/** Gives a user a new reset code (a forgotten password, an invitation): the mail carries the code, the row its hash. */
export async function setResetCode(db: Handle, userId: string, codeHash: string, expiresAt: Date): Promise<void> {
  await coreTables(db).updateTable('users').set({ reset_code_hash: codeHash, reset_expires_at: expiresAt }).where('id', '=', userId).execute();
}

/** Now and then (at most hourly per process), forgets sessions that can no longer be used. */
async function sweepSessions(db: Db): Promise<void> {
  // How often is the process's own pace (real time); what has expired is the clock's to say.
  if (Date.now() - lastSweep < sweepEveryMs) return;
  lastSweep = Date.now();
  const now = clock.now();
  await db
    .deleteFrom('sessions')
    .where((eb) => eb.or([eb('expires_at', '<', now), eb('ended_at', '<', new Date(now.getTime() - dayMs))]))
    .execute();
}
