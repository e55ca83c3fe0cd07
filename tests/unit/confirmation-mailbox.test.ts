/**
 * The mailbox the confirmation cap counts (issue 26, point 8): the ways of writing one inbox's
 * address are one mailbox, so that varying them cannot dodge the cap; other addresses stay apart.
 */
import { describe, expect, it } from 'vitest';
import { mailboxOf } from '../../plugins/subscribers/server/subscriptions';

describe('mailboxOf', () => {
  it("folds sub-addresses ('+'), case, and Gmail's dots and second domain", () => {
    expect(mailboxOf('Okur+haber@Example.com')).toBe('okur@example.com');
    expect(mailboxOf('o.k.u.r+1@gmail.com')).toBe('okur@gmail.com');
    expect(mailboxOf('okur@googlemail.com')).toBe('okur@gmail.com');
  });

  it('keeps dots elsewhere, and different mailboxes apart', () => {
    expect(mailboxOf('o.kur@example.com')).toBe('o.kur@example.com');
    expect(mailboxOf('okur@example.com')).not.toBe(mailboxOf('okur@example.org'));
    expect(mailboxOf('okur1@gmail.com')).not.toBe(mailboxOf('okur2@gmail.com'));
  });
});
