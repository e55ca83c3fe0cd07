/**
 * The plugin contract both sides share. A plugin is a folder plugins/<id>/ with a manifest
 * (plugin.ts), a client entry (client/index.tsx) and, when it has an API, a server entry
 * (server/index.ts). The manifest is plain data, so the server can check config/menus.json and
 * config/roles.json against it without loading any React code.
 */
import type { Permission } from './permissions';

export type ScopeType = 'newsletter' | 'publisher';

/** A sidebar entry a plugin provides; config/menus.json decides where it stands. */
export interface MenuItemDefinition {
  label: string;
  /** A Fluent UI icon name. */
  icon?: string;
  /** An in-app path; ':scope' is replaced by the current scope's id. */
  to?: string;
  /** A name in constants.links: an external page opened in a new window. */
  link?: string;
  requires?: Permission;
  /** Scope types it appears in; both when left out. */
  scopes?: ScopeType[];
}

export interface PluginManifest {
  id: string;
  title: string;
  /**
   * Plugins this one cannot work without (it imports their public entries or reads their tables).
   * A config that enables this plugin without them is refused, at start and at build. They also
   * come before it, as with `after`.
   */
  requires?: string[];
  /** Plugins whose menus, panels and start-up come before this one's, when they are enabled. */
  after?: string[];
  /** The model.action permissions this plugin declares; config/roles.json grants them. */
  permissions: Permission[];
  menuItems?: Record<string, MenuItemDefinition>;
}

export function definePlugin<const M extends PluginManifest>(manifest: M): M {
  if (!/^[a-z][a-z0-9-]*$/.test(manifest.id)) throw new Error(`plugin id '${manifest.id}' must be lower case words joined by hyphens`);
  for (const permission of manifest.permissions) {
    if (!/^[a-z][a-zA-Z]*\.[a-z][a-zA-Z]*$/.test(permission)) throw new Error(`plugin ${manifest.id}: permission '${permission}' is not model.action`);
  }
  return manifest;
}

/** Orders manifests so that each comes after the ones it names in `requires` and `after` (and keeps the given order otherwise). */
export function orderPlugins<T extends { manifest: PluginManifest }>(plugins: T[]): T[] {
  const byId = new Map(plugins.map((plugin) => [plugin.manifest.id, plugin]));
  const ordered: T[] = [];
  const visiting = new Set<string>();
  const visit = (plugin: T, via: 'requires' | 'after' = 'after') => {
    if (ordered.includes(plugin)) return;
    if (visiting.has(plugin.manifest.id)) throw new Error(`plugin ${plugin.manifest.id}: '${via}' forms a cycle`);
    visiting.add(plugin.manifest.id);
    for (const key of ['requires', 'after'] as const) {
      for (const id of plugin.manifest[key] ?? []) {
        const before = byId.get(id);
        if (before) visit(before, key);
      }
    }
    visiting.delete(plugin.manifest.id);
    ordered.push(plugin);
  };
  plugins.forEach((plugin) => visit(plugin));
  return ordered;
}

/** Sidebar items, permissions and the like that the core itself provides. */
export const coreManifest = definePlugin({
  id: 'core',
  title: 'Core',
  permissions: ['newsletters.list', 'newsletters.create', 'publishers.change', 'publishers.export', 'publishers.import'],
  menuItems: {
    home: { label: 'Home', icon: 'Home', to: '/:scopeType/show/:scope', requires: 'newsletters.list' },
  },
});

/** Checks that every enabled plugin has the plugins it requires enabled too; returns the problems. */
export function requireProblems(manifests: PluginManifest[], enabledIds: string[]): string[] {
  const known = new Set(manifests.map((manifest) => manifest.id));
  return manifests
    .filter((manifest) => enabledIds.includes(manifest.id))
    .flatMap((manifest) =>
      (manifest.requires ?? []).flatMap((id) => {
        if (!known.has(id)) return [`plugins/${manifest.id}/plugin.ts: requires '${id}', which no plugin folder provides`];
        return enabledIds.includes(id) ? [] : [`config/plugins.json: '${manifest.id}' requires '${id}', which is not enabled`];
      }),
    );
}

/** The plugins to enable for these to work: them and everything they require, transitively. */
export function withRequired(ids: string[], manifests: PluginManifest[]): string[] {
  const byId = new Map(manifests.map((manifest) => [manifest.id, manifest]));
  const wanted = new Set<string>();
  const add = (id: string) => {
    if (wanted.has(id)) return;
    wanted.add(id);
    byId.get(id)?.requires?.forEach(add);
  };
  ids.forEach(add);
  return [...wanted];
}

/** Checks that every key config/menus.json places is provided by a known manifest; returns the problems. */
export function menuProblems(menus: object, manifests: PluginManifest[]): string[] {
  const provided = new Set(manifests.flatMap((manifest) => Object.keys(manifest.menuItems ?? {})));
  const problems: string[] = [];
  for (const scope of ['newsletter', 'publisher'] as const) {
    const entries = ((menus as Record<string, unknown>)[scope] ?? []) as (string | { items: string[] })[];
    entries.forEach((entry, index) => {
      const keys = typeof entry === 'string' ? [[`/${scope}/${index}`, entry]] : entry.items.map((key, item) => [`/${scope}/${index}/items/${item}`, key]);
      for (const [path, key] of keys) if (!provided.has(key!)) problems.push(`config/menus.json: ${path} '${key}' is provided by no plugin`);
    });
  }
  return problems;
}

/** Checks that every grant in config/roles.json names a declared permission or model; returns the problems. */
export function roleProblems(roleGrants: object, declared: string[]): string[] {
  const models = new Set(declared.map((permission) => permission.split('.')[0]));
  const problems: string[] = [];
  for (const [role, grants] of Object.entries(roleGrants)) {
    if (role === '$schema') continue;
    (grants as string[]).forEach((grant, index) => {
      const known = grant === '*' || declared.includes(grant) || (grant.endsWith('.*') && models.has(grant.slice(0, -2)));
      if (!known) problems.push(`config/roles.json: /${role}/${index} '${grant}' is declared by no plugin`);
    });
  }
  return problems;
}
