/** Reading DSNs (RFC 3464) and ARF feedback reports (RFC 5965), and the signed VERP addresses they come back to (decision 0034). */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { readReport } from '../../plugins/issues/server/bounces/reports';
import { createVerp } from '../../plugins/issues/server/bounces/verp';
import { createLinkSigner } from '../../core/server/signed-links';
import { arf, dsn } from './bounce-fixtures';

describe('delivery status notifications', () => {
  it('reads a failed delivery with a 5.x.x status as a hard bounce, with the recipient, the diagnostic and the original Message-ID', () => {
    expect(readReport(dsn({ recipient: 'ayse@example.com', status: '5.1.1', messageId: '<i.s@console.test>' }))).toEqual({
      kind: 'hard',
      recipient: 'ayse@example.com',
      named: ['ayse@example.com'],
      status: '5.1.1',
      answer: '550 5.1.1 User unknown',
      originalMailFrom: null,
      originalMessageId: '<i.s@console.test>',
    });
  });

  it('reads a failed 4.x.x and a delayed delivery as soft bounces', () => {
    expect(readReport(dsn({ recipient: 'a@example.com', status: '4.2.2', diagnostic: '452 4.2.2 Mailbox full' }))?.kind).toBe('soft');
    expect(readReport(dsn({ recipient: 'a@example.com', action: 'delayed', status: '4.4.7' }))?.kind).toBe('soft');
  });

  it('reads a base64-encoded status part', () => {
    expect(readReport(dsn({ recipient: 'b@example.com', status: '5.7.1', base64: true }))).toMatchObject({ kind: 'hard', recipient: 'b@example.com' });
  });

  it('ignores a report of a delivery, and anything that is no report', () => {
    expect(readReport(dsn({ recipient: 'a@example.com', action: 'delivered', status: '2.0.0' }))).toBeNull();
    expect(readReport('From: a@example.com\r\nSubject: Out of office\r\n\r\nI am away.\r\n')).toBeNull();
  });
});

describe('feedback reports', () => {
  it('reads an abuse report as a complaint about its original recipient', () => {
    expect(readReport(arf({ recipient: 'okur@example.com', mailFrom: 'no-reply+abc@masthead.local' }))).toMatchObject({
      kind: 'complaint',
      recipient: 'okur@example.com',
      status: 'abuse',
      originalMailFrom: 'no-reply+abc@masthead.local',
      originalMessageId: '<x.y@console.test>',
    });
  });

  it('ignores a not-spam report', () => {
    expect(readReport(arf({ recipient: 'okur@example.com', feedbackType: 'not-spam' }))).toBeNull();
  });
});

describe('VERP addresses', () => {
  const verp = createVerp('no-reply@masthead.local', createLinkSigner(Buffer.from('a secret of the test')));
  const issueId = randomUUID();
  const subscriberId = randomUUID();

  it('names the delivery in a short signed address on the domain of MAIL_FROM, read back whatever its case', () => {
    const address = verp.address(issueId, subscriberId)!;
    expect(address).toMatch(/^no-reply\+[a-z2-7]+@masthead\.local$/);
    expect(address.split('@')[0]!.length).toBeLessThanOrEqual(64);
    expect(verp.read(address)).toEqual({ subscriberId, issuePrefix: issueId.replace(/-/g, '').slice(0, 8) });
    expect(verp.read(address.toUpperCase().replace('@MASTHEAD.LOCAL', '@masthead.local'))).toEqual(verp.read(address));
  });

  it('refuses a forged or foreign address', () => {
    const address = verp.address(issueId, subscriberId)!;
    const token = address.slice(address.indexOf('+') + 1, address.indexOf('@'));
    const flipped = token.slice(0, 5) + (token[5] === 'a' ? 'b' : 'a') + token.slice(6);
    expect(verp.read(address.replace(token, flipped))).toBeNull();
    // The last character's spare bits: another spelling of the same bytes is not the token either.
    const last = 'abcdefghijklmnopqrstuvwxyz234567'.indexOf(token.at(-1)!);
    const respelled = token.slice(0, -1) + 'abcdefghijklmnopqrstuvwxyz234567'[last ^ 1];
    expect(verp.read(address.replace(token, respelled))).toBeNull();
    expect(verp.read(address.replace('masthead.local', 'example.com'))).toBeNull();
    expect(verp.read('no-reply@masthead.local')).toBeNull();
    expect(createVerp('no-reply@masthead.local', createLinkSigner(Buffer.from('another secret'))).read(address)).toBeNull();
  });

  it('keeps the local part within 64 characters for a long MAIL_FROM', () => {
    const long = createVerp(`${'x'.repeat(60)}@masthead.local`, createLinkSigner(Buffer.from('s')));
    expect(long.address(issueId, subscriberId)!.split('@')[0]!.length).toBeLessThanOrEqual(64);
  });
});
