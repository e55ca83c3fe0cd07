/** Single-use password reset codes: the mail carries the code, the database only its hash. */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

export function newResetCode(): { code: string; hash: string } {
  const code = randomBytes(24).toString('base64url');
  return { code, hash: hashCode(code) };
}

export function hashCode(code: string): string {
  return createHash('sha256').update(code).digest('hex');
}

export function codeMatches(stored: string | null, code: string): boolean {
  if (!stored) return false;
  const a = Buffer.from(stored, 'hex');
  const b = Buffer.from(hashCode(code), 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}
