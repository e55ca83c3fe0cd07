// @vitest-environment happy-dom
/** References between plugins: bound by the plugin that implements them, refused when bound twice or without a promised parameter. */
import { lazy } from 'react';
import { describe, expect, it } from 'vitest';
import { createComponentRef, createFunctionRef, createRouteRef, provide } from '../../core/client/refs';
import { buildRegistry, clientPlugin } from '../../core/client/registry';
import { definePlugin } from '../../core/shared/plugin';

const page = lazy(async () => ({ default: () => null }));
const speech = createRouteRef('test.speech', ['newsletterId']);
const picker = createComponentRef<{ onDismiss(): void }>('test.picker');
const shout = createFunctionRef<(text: string) => Promise<string>>('test.shout');
const manifest = (id: string) => definePlugin({ id, title: id, permissions: [] });

describe('plugin references', () => {
  it('binds a route and a component to the references they implement', () => {
    const owner = clientPlugin(manifest('owner'), {
      routes: [{ path: '/stories/audios/select/:newsletterId', ref: speech, page }],
      provides: [provide(picker, page)],
    });
    const registry = buildRegistry([owner], ['owner']);
    expect(registry.links.get('test.speech')).toBe('/stories/audios/select/:newsletterId');
    expect(registry.provided.get('test.picker')).toBe(page);
    // A disabled plugin binds nothing.
    expect(buildRegistry([owner], []).links.size).toBe(0);
  });

  it('binds a call to its reference by the loader of its module, once', () => {
    const load = async () => ({ default: async (text: string) => text.toUpperCase() });
    const [one, two] = ['one', 'two'].map((id) => clientPlugin(manifest(id), { provides: [provide(shout, load)] }));
    expect(buildRegistry([one!], ['one']).provided.get('test.shout')).toBe(load);
    expect(() => buildRegistry([one!, two!], ['one', 'two'])).toThrow("two enabled plugins bind 'test.shout'");
  });

  it('refuses a reference bound twice, and a page without a parameter its reference promises', () => {
    const one = clientPlugin(manifest('one'), { provides: [provide(picker, page)] });
    const two = clientPlugin(manifest('two'), { provides: [provide(picker, page)] });
    expect(() => buildRegistry([one, two], ['one', 'two'])).toThrow("two enabled plugins bind 'test.picker'");
    const wrong = clientPlugin(manifest('wrong'), { routes: [{ path: '/speech', ref: speech, page }] });
    expect(() => buildRegistry([wrong], ['wrong'])).toThrow("/speech binds 'test.speech' but has no :newsletterId");
  });
});
