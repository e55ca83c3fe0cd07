/**
 * The DKIM signer (core/server/services/dkim.ts, on its worker threads), checked by another implementation: mailauth's
 * verifier, as a receiver runs it. A message with folded headers, runs of spaces and empty lines at
 * the end passes; a changed body or a changed signed header does not; a key is chosen by the From
 * address's domain or a parent of it.
 */
import { generateKeyPairSync } from 'node:crypto';
import { dkimVerify } from 'mailauth/lib/dkim/verify';
import { afterAll, describe, expect, it } from 'vitest';
import { createDkimSigner, dkimSignature, keyFor, type DkimKey } from '../../core/server/services/dkim';

const pair = generateKeyPairSync('rsa', { modulusLength: 2048 });
const key: DkimKey = {
  domain: 'example.com',
  selector: 'mh2026',
  privateKey: pair.privateKey,
  pem: pair.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
};
const record = `v=DKIM1; k=rsa; p=${pair.publicKey.export({ type: 'spki', format: 'der' }).toString('base64')}`;
const resolver = async (name: string, type: string) => {
  if (type === 'TXT' && name === 'mh2026._domainkey.example.com') return [[record]];
  throw Object.assign(new Error(`no ${type} record for ${name}`), { code: 'ENOTFOUND' });
};
const verdict = async (raw: string) => (await dkimVerify(Buffer.from(raw), { resolver })).results.map((result) => result.status.result);

const message = [
  'From: =?UTF-8?B?U2FiYWggQsO8bHRlbmk=?= <bulten@news.example.com>',
  'To: okur@example.net',
  'Subject: Metro,   bütçe\r\n  ve hafta sonu',
  'Date: Fri, 27 Nov 2026 07:00:00 +0000',
  'Message-ID: <1.2@console.test>',
  'Reply-To: okur@example.com',
  'List-Unsubscribe: <http://console.test/u/abc.def>',
  'MIME-Version: 1.0',
  'Content-Type: text/plain; charset=utf-8',
  '',
  'Günaydın,  okur.   ',
  '',
  'Bugün\tmetro açılıyor.',
  '',
  '',
].join('\r\n');

// As a send signs: on the signer's worker threads.
const signer = createDkimSigner();
const signMessage = (raw: string, with_: DkimKey, now: Date) => signer.sign(raw, with_, now);
afterAll(() => signer.close());

describe('DKIM signatures', () => {
  it("made on this thread are the worker's, byte for byte", async () => {
    const now = new Date('2026-11-27T07:00:00Z');
    expect(await signMessage(message, key, now)).toBe(`${dkimSignature(message, key, now)}${message}`);
  });

  it("are checked as passing by a receiver's verifier, over folded headers, runs of spaces and empty lines at the end", async () => {
    const signed = await signMessage(message, key, new Date('2026-11-27T07:00:00Z'));
    expect(signed.startsWith('DKIM-Signature: v=1;\r\n a=rsa-sha256;')).toBe(true);
    expect(signed.endsWith(message)).toBe(true);
    expect(await verdict(signed)).toEqual(['pass']);
  });

  it('pass over bodies of every shape: spaces and tabs anywhere, blank lines, no line end at the end, an empty body', async () => {
    const pieces = ['a', 'b c', '  ', '\t', ' ', '', '=20', 'x\t \ty', '\r\n', '\r\n\r\n'];
    // A fixed walk through the pieces (no randomness: the same bodies every run).
    const bodies = [''];
    for (let n = 0; n < 60; n++) bodies.push(Array.from({ length: 1 + (n % 9) }, (_, i) => pieces[(n * 7 + i * 3) % pieces.length]).join(''));
    const head = message.slice(0, message.indexOf('\r\n\r\n') + 4);
    for (const body of bodies)
      expect(await verdict(await signMessage(head + body, key, new Date('2026-11-27T07:00:00Z'))), JSON.stringify(body)).toEqual(['pass']);
  });

  it('stop passing once the body or a signed header changes on the way', async () => {
    const signed = await signMessage(message, key, new Date('2026-11-27T07:00:00Z'));
    // mailauth says 'neutral' for a body that no longer matches its hash (RFC 6376 leaves it to the verifier), 'fail' for a bad signature.
    expect(await verdict(signed.replace('metro açılıyor', 'metro kapanıyor'))).toEqual(['neutral']);
    expect(await verdict(signed.replace('Reply-To: okur@example.com', 'Reply-To: saldirgan@example.org'))).toEqual(['fail']);
  });

  it("use the key of the From address's domain or its nearest parent, and none for another domain", () => {
    const sub: DkimKey = { ...key, domain: 'news.example.com', selector: 'news' };
    expect(keyFor([key, sub], 'bulten@news.example.com')).toBe(sub);
    expect(keyFor([key, sub], 'bulten@mail.news.example.com')).toBe(sub);
    expect(keyFor([key, sub], 'bulten@Example.COM')).toBe(key);
    expect(keyFor([key, sub], 'bulten@otherexample.com')).toBeUndefined();
    expect(keyFor([], 'bulten@example.com')).toBeUndefined();
  });
});
