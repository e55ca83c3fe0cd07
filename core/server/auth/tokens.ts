/**
 * Access tokens: HS256 JWTs carrying the user id, the session they belong to and, for an admin,
 * the publisher chosen. The secret is JWT_SECRET, or one generated once and kept in the database,
 * so that every server process and every restart accepts the same tokens. A token is only as good
 * as its session (core/server/auth/sessions.ts): the signature proves who issued it, the session
 * row whether it still counts.
 */
import { jwtVerify, SignJWT } from 'jose';
import { randomBytes } from 'node:crypto';
import { clock } from '../clock';
import type { Db } from '../db/database';

export interface TokenClaims {
  /** The user's id. */
  sub: string;
  /** The session (a row of `sessions`). */
  sid: string;
  /** The publisher an admin chose (PUT /auth/scope). */
  pub?: string;
}

export interface TokenService {
  /** A token for the claims that expires with its session. */
  sign(claims: TokenClaims, expiresAt: Date): Promise<string>;
  /** The claims of a token signed by us that has not expired; null for anything else. */
  verify(token: string): Promise<TokenClaims | null>;
}

export async function tokenSecret(db: Db, configured?: string): Promise<Uint8Array<ArrayBuffer>> {
  if (configured) return new TextEncoder().encode(configured);
  const generated = randomBytes(48).toString('base64url');
  await db
    .insertInto('settings')
    .values({ key: 'jwt_secret', value: generated })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await db.selectFrom('settings').select('value').where('key', '=', 'jwt_secret').executeTakeFirstOrThrow();
  return new TextEncoder().encode(row.value);
}

export async function createTokenService(secret: Uint8Array<ArrayBuffer>): Promise<TokenService> {
  // Imported once: given the bytes, jose imports the key again on every sign and verify.
  const key = await crypto.subtle.importKey('raw', secret, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
  return {
    async sign(claims, expiresAt) {
      return new SignJWT({ sid: claims.sid, ...(claims.pub ? { pub: claims.pub } : {}) })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(claims.sub)
        .setIssuedAt(Math.floor(clock.ms() / 1000))
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(key);
    },
    async verify(token) {
      try {
        // A token without an expiry or a session (one from before sessions existed) is refused:
        // its user signs in again.
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], requiredClaims: ['exp', 'sub', 'sid'], currentDate: clock.now() });
        if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null;
        return { sub: payload.sub, sid: payload.sid, pub: typeof payload.pub === 'string' ? payload.pub : undefined };
      } catch {
        return null;
      }
    },
  };
}
