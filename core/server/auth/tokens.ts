/**
 * Access tokens: HS256 JWTs carrying the user id and, for an admin, the publisher chosen. The
 * secret is JWT_SECRET, or one generated once and kept in the database, so that every server
 * process and every restart accepts the same tokens.
 */
import { jwtVerify, SignJWT } from 'jose';
import { randomBytes } from 'node:crypto';
import type { Db } from '../db/database';

export interface TokenClaims {
  /** The user's id. */
  sub: string;
  /** The publisher an admin chose (PUT /auth/scope). */
  pub?: string;
}

export interface TokenService {
  sign(claims: TokenClaims): Promise<string>;
  verify(token: string): Promise<TokenClaims | null>;
}

export async function tokenSecret(db: Db, configured?: string): Promise<Uint8Array> {
  if (configured) return new TextEncoder().encode(configured);
  const generated = randomBytes(48).toString('base64url');
  await db.insertInto('settings').values({ key: 'jwt_secret', value: generated }).onConflict((oc) => oc.column('key').doNothing()).execute();
  const row = await db.selectFrom('settings').select('value').where('key', '=', 'jwt_secret').executeTakeFirstOrThrow();
  return new TextEncoder().encode(row.value);
}

export function createTokenService(secret: Uint8Array, ttlDays: number): TokenService {
  return {
    async sign(claims) {
      const jwt = new SignJWT(claims.pub ? { pub: claims.pub } : {}).setProtectedHeader({ alg: 'HS256' }).setSubject(claims.sub).setIssuedAt();
      return jwt.setExpirationTime(`${ttlDays}d`).sign(secret);
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'] });
        if (typeof payload.sub !== 'string') return null;
        return { sub: payload.sub, pub: typeof payload.pub === 'string' ? payload.pub : undefined };
      } catch {
        return null;
      }
    },
  };
}
