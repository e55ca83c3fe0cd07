/** Person or machine: the verdicts of opens and clicks (plugins/analytics/server/classify.ts). */
import { describe, expect, it } from 'vitest';
import { clickVerdict, createBurstWatch, openVerdict, pageSource, type RequestFacts } from '../../plugins/analytics/server/classify';
import { constants } from '../../core/shared/config';

const iphone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148';
const sentAt = Date.UTC(2026, 10, 24, 7, 0, 0);
const later = sentAt + 10 * 60_000;
const facts = (overrides: Partial<RequestFacts>): RequestFacts => ({ method: 'GET', userAgent: iphone, ip: '203.0.113.7', at: later, sentAt, ...overrides });

describe('opens', () => {
  it('counts a mail client opening the message minutes later as a person', () => {
    expect(openVerdict(facts({}))).toEqual({ machine: false, reason: '' });
    // Gmail's proxy fetches when the reader opens the message.
    expect(openVerdict(facts({ userAgent: 'Mozilla/5.0 (Windows NT 5.1; rv:11.0) Gecko Firefox/11.0 (via ggpht.com GoogleImageProxy)' })).machine).toBe(false);
  });

  it("tells Apple's privacy proxy by its network or its bare agent", () => {
    expect(openVerdict(facts({ ip: '17.58.101.4' }))).toEqual({ machine: true, reason: 'apple-privacy' });
    expect(openVerdict(facts({ ip: '::ffff:17.1.2.3' })).reason).toBe('apple-privacy');
    expect(openVerdict(facts({ userAgent: 'Mozilla/5.0' })).reason).toBe('apple-privacy');
    expect(openVerdict(facts({ ip: '170.1.2.3' })).machine).toBe(false);
  });

  it('tells prefetching: a proxy that loads on arrival, or an open seconds after the hand-over', () => {
    expect(openVerdict(facts({ userAgent: 'YahooMailProxy; https://help.yahoo.com/kb/yahoo-mail-proxy-SLN28749.html' })).reason).toBe('prefetch-proxy');
    expect(openVerdict(facts({ at: sentAt + (constants.tracking.openPrefetchSeconds * 1000) / 2 })).reason).toBe('prefetch');
    expect(openVerdict(facts({ at: sentAt + constants.tracking.openPrefetchSeconds * 1000 + 1 })).machine).toBe(false);
  });

  it('tells HEAD requests and known agents', () => {
    expect(openVerdict(facts({ method: 'HEAD' })).reason).toBe('head');
    expect(openVerdict(facts({ userAgent: 'python-requests/2.31' })).reason).toBe('agent');
    expect(openVerdict(facts({ userAgent: '' })).reason).toBe('agent');
  });
});

describe('clicks', () => {
  it('counts a click minutes after the hand-over as a person', () => {
    expect(clickVerdict(facts({}), false)).toEqual({ machine: false, reason: '' });
  });

  it('tells scanners: HEAD, their agents, seconds after the hand-over, following every link', () => {
    expect(clickVerdict(facts({ method: 'HEAD' }), false).reason).toBe('head');
    for (const agent of [
      'Mozilla/5.0 (compatible; Barracuda Sentinel (EE))',
      'Proofpoint URL Defense',
      'Mimecast',
      'curl/8.5.0',
      'Mozilla/5.0 HeadlessChrome/120',
    ])
      expect(clickVerdict(facts({ userAgent: agent }), false).reason).toBe('agent');
    expect(clickVerdict(facts({ at: sentAt + 3000 }), false).reason).toBe('too-fast');
    expect(clickVerdict(facts({}), true).reason).toBe('burst');
  });

  it('sees a burst: another link of the same copy within the burst window, not the same link again', () => {
    const burst = createBurstWatch();
    expect(burst('copy-1', 0, later)).toBe(false);
    expect(burst('copy-1', 0, later + 100)).toBe(false);
    expect(burst('copy-1', 1, later + 200)).toBe(true);
    expect(burst('copy-2', 1, later + 200)).toBe(false);
    expect(burst('copy-1', 2, later + 200 + constants.tracking.clickBurstMs + 1)).toBe(false);
  });

  it('stays bounded', () => {
    const burst = createBurstWatch(2);
    burst('a', 0, later);
    burst('b', 0, later);
    burst('c', 0, later);
    // 'a' was forgotten: its next click is not compared with the first.
    expect(burst('a', 1, later + 10)).toBe(false);
    expect(burst('c', 1, later + 10)).toBe(true);
  });
});

describe('sources of pages', () => {
  it('takes an app that names itself, and the web otherwise', () => {
    expect(pageSource('ios')).toBe('ios');
    expect(pageSource('android')).toBe('android');
    expect(pageSource('')).toBe('web');
    expect(pageSource('email')).toBe('web');
    expect(pageSource(undefined)).toBe('web');
  });
});
