/**
 * The DKIM signer's thread takes the copies asked for while it works as one batch
 * (core/server/services/dkim.ts): each copy still gets its own signature, with its own key, made as
 * on the calling thread byte for byte, and one copy that cannot be signed fails alone.
 */
import { generateKeyPairSync } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { createDkimSigner, dkimSignature, type DkimKey } from '../../core/server/services/dkim';

const keyOf = (domain: string): DkimKey => {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { domain, selector: 'mh', privateKey, pem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() };
};
const keys = [keyOf('a.example'), keyOf('b.example')];
const messageTo = (index: number) =>
  `From: bulten@${keys[index % 2]!.domain}\r\nTo: okur${index}@example.net\r\nSubject: Sayı ${index}\r\n\r\nMerhaba okur ${index}.\r\n`;

const signer = createDkimSigner();
afterAll(() => signer.close());

describe('DKIM signatures asked for together', () => {
  it("are each their own copy's, with their own key, as made on this thread", async () => {
    const now = new Date('2026-12-05T07:00:00Z');
    const messages = Array.from({ length: 60 }, (_, index) => messageTo(index));
    const signed = await Promise.all(messages.map((message, index) => signer.sign(message, keys[index % 2]!, now)));
    signed.forEach((text, index) => expect(text).toBe(`${dkimSignature(messages[index]!, keys[index % 2]!, now)}${messages[index]}`));
  });

  it('fail one by one: a key that cannot be read fails its copy, not the others in its batch', async () => {
    const now = new Date('2026-12-05T07:00:00Z');
    const broken: DkimKey = { ...keys[0]!, pem: 'not a key' };
    const answers = await Promise.allSettled([0, 1, 2, 3].map((index) => signer.sign(messageTo(index), index === 2 ? broken : keys[index % 2]!, now)));
    expect(answers.map((answer) => answer.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
  });
});
