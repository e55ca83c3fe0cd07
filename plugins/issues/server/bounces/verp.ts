/**
 * VERP return paths (docs/decisions/0034-bounces.md): each copy of an issue leaves with its own
 * envelope sender, `<local>+<token>@<domain of MAIL_FROM>`, so a bounce names the delivery it is
 * about whatever the remote server writes in it. The token carries the subscriber's id, the start
 * of the issue's id and a short signature made with the server's link key: a forged bounce cannot
 * name anyone. Lower-case base32, as some servers fold the case of a local part.
 *
 * The signature covers the subscriber's id and the issue's prefix, which together name one copy
 * (a delivery's key is issue and subscriber), and through it one recipient: the address the copy
 * was sent to, as its delivery (or, for a deleted issue, its kept copy) recorded it. A report to
 * the address applies to that copy and recipient only (apply.ts): holding one copy's address lets
 * its holder report about that copy, and about no other reader.
 */
import { timingSafeEqual } from 'node:crypto';
import type { LinkSigner } from '../../../../core/server/signed-links';
import { constants } from '../../../../core/shared/config';

/** The delivery a VERP token names: a subscriber, and the first characters of the issue's id. */
export interface VerpDelivery {
  subscriberId: string;
  /** The issue id's first `issuePrefixBytes * 2` hex characters. */
  issuePrefix: string;
}

const alphabet = 'abcdefghijklmnopqrstuvwxyz234567';
const uuidBytes = 16;
/** Bytes of the issue's id in a token: a subscriber never gets two issues whose ids start alike (1 in 4 billion). */
const issuePrefixBytes = 4;
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function base32(bytes: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += alphabet[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += alphabet[(value << (5 - bits)) & 31];
  return out;
}

function fromBase32(text: string): Buffer | null {
  const bytes: number[] = [];
  let bits = 0;
  let value = 0;
  for (const char of text.toLowerCase()) {
    const digit = alphabet.indexOf(char);
    if (digit < 0) return null;
    value = ((value << 5) | digit) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  // Only the spelling base32() writes: the last character's spare bits are zero, so no second token names the same delivery.
  if ((value & ((1 << bits) - 1)) !== 0) return null;
  return Buffer.from(bytes);
}

const hexOf = (uuid: string) => uuid.replace(/-/g, '').toLowerCase();
const uuidOf = (hex: string) => `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;

/** Makes and reads the VERP addresses of one server (its MAIL_FROM address and link key). */
export interface Verp {
  /** The envelope sender of an issue's copy for a subscriber; null when the ids are not UUIDs (the plain address then). */
  address(issueId: string, subscriberId: string): string | null;
  /** The delivery a VERP address names, or null for any other address (another domain, no token, a wrong signature). */
  read(address: string): VerpDelivery | null;
}

/** `mailFrom`: MAIL_FROM's address; `links`: the server's link signer (its digest signs the token). */
export function createVerp(mailFrom: string, links: Pick<LinkSigner, 'digest'>): Verp {
  const at = mailFrom.lastIndexOf('@');
  const domain = mailFrom.slice(at + 1).toLowerCase();
  const macBytes = constants.bounces.verpMacBytes;
  const tokenLength = Math.ceil(((uuidBytes + issuePrefixBytes + macBytes) * 8) / 5);
  // MAIL_FROM's own local part (without a tag of its own), cut so that the whole stays within SMTP's limit.
  const local =
    mailFrom
      .slice(0, at)
      .split('+')[0]!
      .slice(0, constants.bounces.verpLocalMax - tokenLength - 1) || 'bounces';
  const mac = (payload: Buffer) => Buffer.from(links.digest(`verp:${payload.toString('hex')}`), 'base64url').subarray(0, macBytes);
  return {
    address(issueId, subscriberId) {
      if (!uuidPattern.test(issueId) || !uuidPattern.test(subscriberId)) return null;
      const payload = Buffer.from(hexOf(subscriberId) + hexOf(issueId).slice(0, issuePrefixBytes * 2), 'hex');
      return `${local}+${base32(Buffer.concat([payload, mac(payload)]))}@${domain}`;
    },
    read(address) {
      const split = address.lastIndexOf('@');
      if (split < 0 || address.slice(split + 1).toLowerCase() !== domain) return null;
      const token = address.slice(address.lastIndexOf('+', split) + 1, split);
      if (token.length !== tokenLength) return null;
      const bytes = fromBase32(token);
      if (!bytes || bytes.length < uuidBytes + issuePrefixBytes + macBytes) return null;
      const payload = bytes.subarray(0, uuidBytes + issuePrefixBytes);
      if (!timingSafeEqual(mac(payload), bytes.subarray(uuidBytes + issuePrefixBytes, uuidBytes + issuePrefixBytes + macBytes))) return null;
      const hex = payload.toString('hex');
      return { subscriberId: uuidOf(hex.slice(0, uuidBytes * 2)), issuePrefix: hex.slice(uuidBytes * 2) };
    },
  };
}
