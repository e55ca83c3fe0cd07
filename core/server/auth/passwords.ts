/** Passwords are kept as argon2id hashes (OWASP's minimum parameters). */
import { hash, verify } from '@node-rs/argon2';

// 2 is Algorithm.Argon2id (a const enum, which isolated modules cannot read).
const options = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  // Without a stored hash, still spend the time of a check, so timing tells no one which e-mails exist.
  if (!stored) {
    await hash(password, options);
    return false;
  }
  return verify(stored, password).catch(() => false);
}
