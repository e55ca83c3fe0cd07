import { describe, expect, it } from 'vitest';
import { createExtensions, extensionPoint } from '../../core/server/plugins/extension-points';

describe('extension points', () => {
  it('answers the contributions in the order they came, and none for a point nobody filled', () => {
    const extensions = createExtensions();
    const sections = extensionPoint<string>('test.sections');
    expect(extensions.all(sections)).toEqual([]);
    extensions.add(sections, 'first');
    extensions.add(sections, 'second');
    expect(extensions.all(sections)).toEqual(['first', 'second']);
    expect(extensions.all(extensionPoint<string>('test.other'))).toEqual([]);
  });

  it('refuses a second contribution to a single point and keeps the first', () => {
    const extensions = createExtensions();
    const tracking = extensionPoint<{ name: string }>('test.tracking', { single: true });
    expect(extensions.one(tracking)).toBeNull();
    extensions.add(tracking, { name: 'analytics' });
    expect(() => extensions.add(tracking, { name: 'another' })).toThrow('extension point test.tracking takes one contribution and has one already');
    expect(extensions.one(tracking)).toEqual({ name: 'analytics' });
  });

  it('reaches the same contributions through another declaration of the same id (a module loaded apart)', () => {
    const extensions = createExtensions();
    extensions.add(extensionPoint<number>('test.counted'), 1);
    expect(extensions.all(extensionPoint<number>('test.counted'))).toEqual([1]);
  });
});
