import { describe, expect, it } from 'vitest';
import { can, fromPairs, grantsOf, requiredRoleMessage, toPairs } from '../../core/shared/permissions';
import { menuProblems, roleProblems, orderPlugins, definePlugin, requireProblems, withRequired } from '../../core/shared/plugin';

const declared = ['stories.create', 'stories.accept', 'issues.update', 'resources.list'];

describe('permissions', () => {
  it('expands grants against what plugins declare', () => {
    expect(grantsOf(['*'], declared)).toEqual([...declared].sort());
    expect(grantsOf(['stories.*'], declared)).toEqual(['stories.accept', 'stories.create']);
    expect(grantsOf(['resources.list', 'unknown.thing'], declared)).toEqual(['resources.list']);
  });

  it('checks a permission, and nothing is required when none is named', () => {
    expect(can(['stories.create'], 'stories.create')).toBe(true);
    expect(can(['stories.create'], 'stories.accept')).toBe(false);
    expect(can(undefined, 'stories.accept')).toBe(false);
    expect(can([], undefined)).toBe(true);
  });

  it('turns permissions into model/action pairs and back', () => {
    expect(toPairs(['stories.accept'])).toEqual([{ model: 'stories', action: 'accept' }]);
    expect(fromPairs(toPairs(declared))).toEqual(declared);
  });

  it('words the role refusal as the spec does', () => {
    expect(requiredRoleMessage('admin', 'editor')).toBe('Required role Admin, current role: EDITOR');
  });
});

describe('plugin checks', () => {
  const manifest = definePlugin({ id: 'demo', title: 'Demo', permissions: ['demo.list'], menuItems: { demo: { label: 'Demo', to: '/demo' } } });

  it('names a menu key no plugin provides', () => {
    expect(menuProblems({ newsletter: ['demo', { group: 'G', items: ['demo', 'ghost'] }], publisher: [] }, [manifest])).toEqual([
      "config/menus.json: /newsletter/1/items/1 'ghost' is provided by no plugin",
    ]);
  });

  it('names a role grant no plugin declares', () => {
    expect(roleProblems({ admin: ['*'], editor: ['demo.list', 'demo.*', 'ghost.list'] }, manifest.permissions)).toEqual([
      "config/roles.json: /editor/2 'ghost.list' is declared by no plugin",
    ]);
  });

  it('names a plugin enabled without one it requires, and one that requires a plugin nobody provides', () => {
    const stories = definePlugin({ id: 'stories', title: 'S', permissions: [], requires: ['settings'] });
    const settings = definePlugin({ id: 'settings', title: 'T', permissions: [] });
    const ghostly = definePlugin({ id: 'ghostly', title: 'G', permissions: [], requires: ['ghost'] });
    expect(requireProblems([stories, settings], ['stories', 'settings'])).toEqual([]);
    expect(requireProblems([stories, settings], ['stories'])).toEqual(["config/plugins.json: 'stories' requires 'settings', which is not enabled"]);
    expect(requireProblems([ghostly], ['ghostly'])).toEqual(["plugins/ghostly/plugin.ts: requires 'ghost', which no plugin folder provides"]);
    // Disabled plugins require nothing.
    expect(requireProblems([stories, settings], ['settings'])).toEqual([]);
  });

  it('enables what a plugin requires, transitively, and orders it first', () => {
    const a = definePlugin({ id: 'a', title: 'A', permissions: [], requires: ['b'] });
    const b = definePlugin({ id: 'b', title: 'B', permissions: [], requires: ['c'] });
    const c = definePlugin({ id: 'c', title: 'C', permissions: [] });
    expect(withRequired(['a'], [a, b, c]).sort()).toEqual(['a', 'b', 'c']);
    expect(orderPlugins([a, b, c].map((manifest) => ({ manifest }))).map((plugin) => plugin.manifest.id)).toEqual(['c', 'b', 'a']);
    const loop = definePlugin({ id: 'd', title: 'D', permissions: [], requires: ['d'] });
    expect(() => orderPlugins([{ manifest: loop }])).toThrow("plugin d: 'requires' forms a cycle");
  });

  it('orders plugins after the ones they name', () => {
    const a = { manifest: definePlugin({ id: 'a', title: 'A', permissions: [], after: ['b'] }) };
    const b = { manifest: definePlugin({ id: 'b', title: 'B', permissions: [] }) };
    expect(orderPlugins([a, b]).map((plugin) => plugin.manifest.id)).toEqual(['b', 'a']);
    const loop = { manifest: definePlugin({ id: 'c', title: 'C', permissions: [], after: ['c'] }) };
    expect(() => orderPlugins([loop])).toThrow("plugin c: 'after' forms a cycle");
  });

  it('refuses a malformed id or permission', () => {
    expect(() => definePlugin({ id: 'Bad Id', title: 'x', permissions: [] })).toThrow();
    expect(() => definePlugin({ id: 'ok', title: 'x', permissions: ['nodot' as never] })).toThrow();
  });
});
