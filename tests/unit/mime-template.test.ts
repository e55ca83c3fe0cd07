/**
 * An issue's MIME text (core/server/services/mime-template.ts) filled per copy, as a header block
 * and the body's bytes that join into the same text, with its body's DKIM hash made from pieces
 * put in relaxed form once: it is the hash a signer computes over the whole body (dkim.ts), for
 * values of every shape (runs of spaces and tabs, spaces at a line's end, line ends, long and
 * non-ASCII values, empty ones), and a receiver's verifier passes the copy signed with it.
 */
import { createHash, generateKeyPairSync } from 'node:crypto';
import { dkimVerify } from 'mailauth/lib/dkim/verify';
import { describe, expect, it } from 'vitest';
import { dkimSignature, relaxedBody } from '../../core/server/services/dkim';
import { mimeTemplate } from '../../core/server/services/mime-template';

const pair = generateKeyPairSync('rsa', { modulusLength: 2048 });
const key = { domain: 'example.com', selector: 'mh2026', privateKey: pair.privateKey };
const record = `v=DKIM1; k=rsa; p=${pair.publicKey.export({ type: 'spki', format: 'der' }).toString('base64')}`;
const resolver = async (name: string, type: string) => {
  if (type === 'TXT' && name === 'mh2026._domainkey.example.com') return [[record]];
  throw Object.assign(new Error(`no ${type} record for ${name}`), { code: 'ENOTFOUND' });
};

const marks = ['[[a]]', '[[b]]', '[[c]]'];
const template = mimeTemplate({
  from: { name: 'Sabah Bülteni', address: 'bulten@example.com' },
  subject: 'Günaydın,   okur',
  html: `<p>Merhaba  [[a]],\t<a href="https://x.test/u/[[b]]">çık</a>[[c]][[a]]   </p>\n<p>${'uzun  satır  '.repeat(30)}[[b]]</p>  \n\n`,
  text: `[[a]]\nMerhaba   [[b]]  \n\n${'düz metin '.repeat(20)}\n[[c]]`,
  headers: { 'List-Unsubscribe': '<https://x.test/u/[[b]]>' },
  marks,
});

const shapes = ['', ' ', 'okur', '  iki  boşluk  ', '\tsekme\t', 'sonda boşluk ', 'satır\nsonu ', 'çok'.repeat(60), 'a  \t  b', '= . ='];

describe('an issue copy with its body hash', () => {
  it('hashes its body as a signer does over the whole text, for values of every shape', () => {
    for (const a of shapes)
      for (const b of shapes) {
        const copy = { to: 'okur@example.net', name: b, messageId: '<1@x.test>', values: { '[[a]]': a, '[[b]]': b, '[[c]]': `${a}${b}` } };
        const { head, body, bodyHash } = template.fillHashed(copy);
        expect(`${head}\r\n\r\n${Buffer.concat(body).toString()}`).toBe(template.fill(copy));
        expect(bodyHash).toBe(
          createHash('sha256')
            .update(relaxedBody(Buffer.concat(body).toString()))
            .digest('base64'),
        );
      }
  });

  it("signed with that hash, passes a receiver's verifier", async () => {
    const copy = { to: 'okur@example.net', name: 'Okur  Bir', messageId: '<2@x.test>', values: { '[[a]]': ' a  b ', '[[b]]': 'x\ty', '[[c]]': 'son ' } };
    const { head, body, bodyHash } = template.fillHashed(copy);
    const signed = `${dkimSignature(head, key, new Date(), bodyHash)}${head}\r\n\r\n${Buffer.concat(body).toString()}`;
    const result = await dkimVerify(Buffer.from(signed), { resolver });
    expect(result.results.map((entry) => entry.status.result)).toEqual(['pass']);
  });
});
