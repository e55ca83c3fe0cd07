/**
 * The device a person read on, from the user agent (issue 30): desktop, mobile or tablet, a split
 * apart from the source (e-mail, web, app); unknown when the agent does not say.
 */
import { describe, expect, it } from 'vitest';
import { deviceOf } from '../../plugins/analytics/server/classify';

describe('deviceOf', () => {
  it('tells computers, phones and tablets apart', () => {
    const agents: [string, string][] = [
      ['Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15', 'desktop'],
      ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36', 'desktop'],
      ['Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0', 'desktop'],
      ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Microsoft Outlook 16.0', 'desktop'],
      ['Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148', 'mobile'],
      ['Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36', 'mobile'],
      ['Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148', 'tablet'],
      ['Mozilla/5.0 (Linux; Android 13; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36', 'tablet'],
    ];
    for (const [agent, device] of agents) expect(deviceOf(agent), agent).toBe(device);
  });

  it("calls an agent that does not say 'unknown': Apple's proxy, Gmail's image proxy, none", () => {
    expect(deviceOf('Mozilla/5.0')).toBe('unknown');
    expect(deviceOf('Mozilla/5.0 (Windows NT 5.1; rv:11.0) Gecko Firefox/11.0 (via ggpht.com GoogleImageProxy)')).toBe('unknown');
    expect(deviceOf('')).toBe('unknown');
    expect(deviceOf('curl/8.5.0')).toBe('unknown');
  });
});
