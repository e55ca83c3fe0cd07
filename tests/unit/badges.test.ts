import { describe, expect, it } from 'vitest';
import { resolveBadge } from '../../core/shared/badges';

describe('status badges', () => {
  it('issue: the first flag set in the configured order wins', () => {
    expect(resolveBadge('issue', { draft: true, scheduled: true }).label).toBe('SCHEDULED');
    expect(resolveBadge('issue', { published: true, scheduled: true }).label).toBe('PUBLISHED');
    expect(resolveBadge('issue', { tested: true }).label).toBe('READY');
    expect(resolveBadge('issue', { tested: false, draft: false }).label).toBe('BUILT');
    expect(resolveBadge('issue', undefined).label).toBe('TBA');
    expect(resolveBadge('issue', {}).label).toBe('TBA');
  });

  it('story: draft before everything, ready last', () => {
    expect(resolveBadge('story', { draft: true, published: true }).label).toBe('DRAFT');
    expect(resolveBadge('story', { accepted: true, ready: true }).label).toBe('ACCEPTED');
    expect(resolveBadge('story', { ready: true }).label).toBe('READY');
  });

  it('collection and newsletter fall back to DRAFT', () => {
    expect(resolveBadge('collection', { featured: true, published: true }).label).toBe('FEATURED');
    expect(resolveBadge('collection', { indexed: false }).label).toBe('DRAFT');
    expect(resolveBadge('newsletter', { published: true }).label).toBe('PUBLISHED');
    expect(resolveBadge('newsletter', { published: false }).label).toBe('DRAFT');
  });

  it('each status has its own fixed colour', () => {
    expect(resolveBadge('issue', { published: true }).color).not.toBe(resolveBadge('issue', { draft: true }).color);
  });
});
