/**
 * Signed values for addresses handed out in e-mails (a personal unsubscribe link, later tracked
 * links): the value travels with a short HMAC, so nobody can forge one or walk through others'.
 * The key is derived from the token secret, so it needs no setting of its own and changes with it.
 */
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

export interface LinkSigner {
  /** `value.signature`, safe in a URL path (value must not contain '.'). */
  sign(value: string): string;
  /** The value of a string made by `sign`, or null for anything else. */
  verify(signed: string): string | null;
  /** A keyed hash of a value (an address counted without being kept): the same value gives the same digest, nobody can reverse it. */
  digest(value: string): string;
}

const signatureBytes = 16;

export function createLinkSigner(secret: Uint8Array): LinkSigner {
  const key = Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), 'masthead signed links', 32));
  const mac = (value: string) => createHmac('sha256', key).update(value).digest().subarray(0, signatureBytes);
  return {
    sign(value) {
      if (value.includes('.')) throw new Error('a signed value cannot contain "."');
      return `${value}.${mac(value).toString('base64url')}`;
    },
    verify(signed) {
      const dot = signed.lastIndexOf('.');
      if (dot <= 0) return null;
      const value = signed.slice(0, dot);
      const given = Buffer.from(signed.slice(dot + 1), 'base64url');
      return given.length === signatureBytes && timingSafeEqual(given, mac(value)) ? value : null;
    },
    digest(value) {
      return mac(`digest:${value}`).toString('base64url');
    },
  };
}
