/**
 * Secrets kept at rest (a publisher's payment keys): sealed with AES-256-GCM under a key derived
 * from the token secret, so a copy of the database alone opens none of them. A sealed value is
 * `v1.<iv>.<tag>.<ciphertext>` in base64url; one changed byte and it no longer opens.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

export interface SecretBox {
  seal(plain: string): string;
  /** The value `seal` was given, or null for anything it did not make (another key, a changed byte). */
  open(sealed: string): string | null;
}

export function createSecretBox(secret: Uint8Array): SecretBox {
  const key = Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), 'masthead sealed secrets', 32));
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const text = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), text].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
    },
    open(sealed) {
      const [version, iv, tag, text] = sealed.split('.');
      if (version !== 'v1' || iv === undefined || tag === undefined || text === undefined) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(text, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        return null;
      }
    },
  };
}
