/**
 * How the sender reads a failed SMTP hand-over (issue 26, point 4; docs/decisions/0020): what
 * failed before the server took the message's text was not sent (the recipient waits in the
 * queue, uncounted), only a break after it is in doubt; and how long a run waits for a mail server
 * that cannot be reached, until it pauses. The errors are shaped as nodemailer 10 throws them.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { answerOf } from '../../core/server/services/mail';
import { constants } from '../../core/shared/config';
import { MailServerOutage, outcomeOf, referralCode } from '../../plugins/issues/server/sender';
import { createLinkSigner } from '../../core/server/signed-links';

const refused = { code: 'ESOCKET', originalCode: 'ECONNREFUSED', command: 'CONN', message: 'connect ECONNREFUSED 127.0.0.1:2525' };
const reset = { code: 'ESOCKET', originalCode: 'ECONNRESET', command: 'CONN', message: 'read ECONNRESET' };
const closed = { code: 'ECONNECTION', command: 'CONN', message: 'Connection closed unexpectedly' };
const timedOut = { code: 'ETIMEDOUT', command: 'CONN', message: 'Timeout' };
const shuttingDown = { code: 'ECONNECTION', command: 'CONN', responseCode: 421, response: '421 Server shutting down', message: 'Server closed the connection' };

describe('a failed hand-over, by what the SMTP server did', () => {
  it.each([
    ['a refused connection', refused],
    ['a connection reset before the text', reset],
    ['a connection closed before the text', closed],
    ['a timeout while connecting', timedOut],
    ['a 421 at any command', shuttingDown],
    ['a greeting that is not 220', { code: 'EPROTOCOL', command: 'CONN', responseCode: 554, response: '554 No service' }],
    ['a refused EHLO', { code: 'ECONNECTION', command: 'EHLO', responseCode: 550, response: '550 Go away' }],
    ['a failed login', { code: 'EAUTH', command: 'AUTH PLAIN', responseCode: 535, response: '535 5.7.8 Authentication failed' }],
    ['a failed TLS upgrade', { code: 'ETLS', command: 'CONN', message: 'Connection closed unexpectedly' }],
    ['an unknown host', { code: 'EDNS', command: 'CONN', message: 'getaddrinfo ENOTFOUND smtp.invalid' }],
    ['the pool giving up on a dropped connection', { code: 'ECONNECTION', message: 'Reached maximum number of retries after connection was closed' }],
  ])('%s before the text was handed over: unreachable, not sent', (_name, error) => {
    expect(answerOf(error, false).outcome).toBe('unreachable');
  });

  it('keeps refusals of the message itself as they were: 4xx for now, 5xx for good', () => {
    const mailFrom = { code: 'EENVELOPE', command: 'MAIL FROM', responseCode: 451, response: '451 4.3.0 Try later' };
    const rcpt = { code: 'EENVELOPE', command: 'RCPT TO', responseCode: 550, response: '550 5.1.1 User unknown' };
    const data = { code: 'EENVELOPE', command: 'DATA', responseCode: 452, response: '452 4.3.1 Insufficient storage' };
    expect(answerOf(mailFrom, false)).toEqual({ outcome: 'temporary', code: 451, text: '451 4.3.0 Try later' });
    expect(answerOf(rcpt, false)).toEqual({ outcome: 'permanent', code: 550, text: '550 5.1.1 User unknown' });
    expect(answerOf(data, false).outcome).toBe('temporary');
    // A message no server would take as it is fails for good, without a server's answer.
    expect(answerOf({ code: 'EENVELOPE', command: 'API', message: 'Invalid recipient "a\\r\\nb"' }, false).outcome).toBe('permanent');
    expect(answerOf({ code: 'EMESSAGE', command: 'MAIL FROM', message: 'Message size larger than allowed 1000' }, false).outcome).toBe('permanent');
  });

  it('is in doubt only when the connection broke after the text began to go and before the answer', () => {
    expect(answerOf(reset, true).outcome).toBe('doubt');
    expect(answerOf(closed, true).outcome).toBe('doubt');
    expect(answerOf(timedOut, true).outcome).toBe('doubt');
    // The server's answer to the text settles it.
    expect(answerOf({ code: 'EMESSAGE', command: 'DATA', responseCode: 554, response: '554 5.7.1 Rejected' }, true).outcome).toBe('permanent');
    expect(answerOf({ code: 'EMESSAGE', command: 'DATA', responseCode: 451, response: '451 4.3.0 Later' }, true).outcome).toBe('temporary');
    expect(answerOf(shuttingDown, true).outcome).toBe('unreachable');
    // Not knowing whether the text went is taken as 'it may have': a doubt, never a second copy.
    expect(answerOf(refused).outcome).toBe('doubt');
  });

  it('puts an unreachable message back in the queue without counting a try', () => {
    const recipient = { subscriber_id: 's1', email: 'a@example.com', name: '', attempts: constants.delivery.retryLimit - 1 };
    const outcome = outcomeOf(recipient, answerOf(refused, false));
    expect(outcome).toMatchObject({ state: 'pending', attempted: false, nextAt: null, answer: refused.message });
  });
});

describe("a run's wait for its mail server", () => {
  const saved = { ...constants.delivery };
  let now: number;
  const clock = () => now;

  beforeEach(() => {
    now = Date.parse('2026-11-23T10:00:00Z');
    Object.assign(constants.delivery, { outageRetrySeconds: 1, outageMaxRetrySeconds: 8, outagePauseMinutes: 1, pausedRetryMinutes: 5 });
  });
  afterEach(() => {
    Object.assign(constants.delivery, saved);
  });

  it('waits longer after each failed try, up to the longest wait, and counts failures of one try once', () => {
    const outage = new MailServerOutage(clock);
    expect(outage.waitMs()).toBe(0);
    expect(outage.wait).toBeNull();
    expect(outage.unreachable('connect ECONNREFUSED')).toBe('started');
    expect(outage.waitMs()).toBe(1000);
    // The other connections fail on the same try: the wait does not grow for them.
    for (let i = 0; i < 7; i++) expect(outage.unreachable('connect ECONNREFUSED')).toBeNull();
    expect(outage.waitMs()).toBe(1000);
    const waits: number[] = [];
    for (let i = 0; i < 5; i++) {
      now += outage.waitMs();
      outage.unreachable('connect ECONNREFUSED');
      waits.push(outage.waitMs());
    }
    expect(waits).toEqual([2000, 4000, 8000, 8000, 8000]);
    expect(outage.wait).toMatchObject({ state: 'waiting', answer: 'connect ECONNREFUSED', since: '2026-11-23T10:00:00.000Z' });
  });

  it('pauses once the server has been unreachable for outagePauseMinutes, then tries every pausedRetryMinutes', () => {
    const outage = new MailServerOutage(clock);
    outage.unreachable('connect ECONNREFUSED');
    let change: string | null = null;
    while (now < Date.parse('2026-11-23T10:01:00Z')) {
      now += outage.waitMs();
      change = outage.unreachable('connect ECONNREFUSED') ?? change;
    }
    expect(change).toBe('paused');
    expect(outage.wait).toMatchObject({ state: 'paused', message: expect.stringContaining('paused') });
    expect(outage.waitMs()).toBe(5 * 60_000);
    now += outage.waitMs();
    expect(outage.unreachable('connect ECONNREFUSED')).toBeNull();
    expect(outage.waitMs()).toBe(5 * 60_000);
  });

  it('ends at the first answer from the server, and starts over from the shortest wait', () => {
    const outage = new MailServerOutage(clock);
    outage.unreachable('connect ECONNREFUSED');
    now += outage.waitMs();
    outage.unreachable('connect ECONNREFUSED');
    expect(outage.reached()).toBe(true);
    expect(outage.reached()).toBe(false);
    expect(outage.wait).toBeNull();
    expect(outage.waitMs()).toBe(0);
    expect(outage.unreachable('connect ECONNREFUSED')).toBe('started');
    expect(outage.waitMs()).toBe(1000);
  });
});

describe('the referral code', () => {
  it('is neither the signed unsubscribe token nor anything a signed link accepts, and hides the subscriber id', () => {
    const links = createLinkSigner(new TextEncoder().encode('a secret'));
    const code = referralCode(links, 'subscriber-1');
    expect(code).not.toBe(links.sign('subscriber-1'));
    expect(code).not.toContain('subscriber-1');
    expect(links.verify(code)).toBeNull();
    expect(referralCode(links, 'subscriber-1')).toBe(code);
    expect(referralCode(links, 'subscriber-2')).not.toBe(code);
  });
});
