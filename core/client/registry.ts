/**
 * The client side of the plugin registry. Each plugin's client/index.tsx exports
 * `clientPlugin(manifest, parts)`; the core finds them by glob and keeps the enabled ones.
 */
import type { Scope } from '../../schemas/generated/entities/scope';
import { menus, pluginsConfig } from '../shared/config';
import type { Permission } from '../shared/permissions';
import { coreManifest, orderPlugins, type MenuItemDefinition, type PluginManifest, type ScopeType } from '../shared/plugin';
import type { AsyncFunction, ComponentRef, FunctionRef, Lazy, LazyFunction, Provided, RouteRef } from './refs';

export interface ClientRoute {
  /** A wouter pattern, e.g. '/resources/show/:resourceId'. */
  path: string;
  /** The reference this page implements, for other parts to link to it (core/client/refs.ts). */
  ref?: RouteRef<string>;
  page: Lazy;
  requires?: Permission;
  /** 'shell' (default): inside the sidebar and top bar; 'bare': the whole window (editors, wizards). */
  chrome?: 'shell' | 'bare';
}

export interface DashboardPanel {
  /** Which dashboard shows it. */
  dashboard: ScopeType;
  title: string;
  component: Lazy<{ scope: Scope }>;
  requires?: Permission;
  /** Default size on the 24-column grid. */
  size?: { w: number; h: number };
  /** First on a new dashboard, before the panels of every plugin (a greeting, the key figures). */
  lead?: boolean;
}

/** An entry of the top bar's new-issue / new-story dropdown. */
export interface CreateAction {
  label: string;
  icon?: string;
  requires: Permission;
  to(scope: Scope): string;
}

/** An entry of the profile menu (and of the beta banner) that opens a dialog. */
export interface ProfileAction {
  label: string;
  icon?: string;
  requires?: Permission;
  /** Also offered in the beta banner. */
  inBetaBanner?: boolean;
  dialog: Lazy<{ onDismiss(): void }>;
}

/** Something a plugin puts in the top bar, left of the profile menu (the notifications bell). */
export interface TopBarItem {
  component: Lazy;
  requires?: Permission;
}

export interface ClientPluginParts {
  routes?: ClientRoute[];
  /** Components and calls this plugin implements for references others declared (`provide(ref, lazy(...))`, `provide(ref, () => import(...))`). */
  provides?: Provided[];
  topBarItems?: Record<string, TopBarItem>;
  panels?: Record<string, DashboardPanel>;
  createActions?: Record<string, CreateAction>;
  profileActions?: Record<string, ProfileAction>;
}

export interface ClientPlugin extends ClientPluginParts {
  manifest: PluginManifest;
}

export function clientPlugin(manifest: PluginManifest, parts: ClientPluginParts): ClientPlugin {
  return { manifest, ...parts };
}

export interface Registry {
  plugins: ClientPlugin[];
  routes: ClientRoute[];
  panels: (DashboardPanel & { id: string })[];
  createActions: (CreateAction & { id: string })[];
  profileActions: (ProfileAction & { id: string })[];
  /** Reference id to the component (or the call's module) an enabled plugin provides for it. */
  provided: Map<string, Provided['value']>;
  /** Route reference id to the path of the page an enabled plugin binds to it. */
  links: Map<string, string>;
  topBarItems: (TopBarItem & { id: string })[];
  menuItems: Record<string, MenuItemDefinition>;
  /** config/menus.json resolved to the items enabled plugins provide. */
  menus: Record<ScopeType, MenuEntry[]>;
}

export type MenuEntry = { key: string; item: MenuItemDefinition } | { group: string; icon?: string; items: { key: string; item: MenuItemDefinition }[] };

export function buildRegistry(found: ClientPlugin[], enabled: string[] = pluginsConfig.enabled): Registry {
  const plugins = orderPlugins(found.filter((plugin) => enabled.includes(plugin.manifest.id)));
  const menuItems: Record<string, MenuItemDefinition> = { ...coreManifest.menuItems };
  for (const plugin of plugins) Object.assign(menuItems, plugin.manifest.menuItems);
  const resolve = (scope: ScopeType): MenuEntry[] =>
    menus[scope].flatMap((entry): MenuEntry[] => {
      if (typeof entry === 'string') return menuItems[entry] ? [{ key: entry, item: menuItems[entry] }] : [];
      const items = entry.items.filter((key) => menuItems[key]).map((key) => ({ key, item: menuItems[key]! }));
      return items.length > 0 ? [{ group: entry.group, icon: entry.icon, items }] : [];
    });
  const collect = <T>(pick: (plugin: ClientPlugin) => Record<string, T> | undefined) =>
    plugins.flatMap((plugin) => Object.entries(pick(plugin) ?? {}).map(([id, part]) => ({ ...part, id })));
  return {
    plugins,
    routes: plugins.flatMap((plugin) => plugin.routes ?? []).sort(bySpecificity),
    // Leading panels first; the others in the plugins' order (the sort is stable).
    panels: collect((plugin) => plugin.panels).sort((a, b) => Number(Boolean(b.lead)) - Number(Boolean(a.lead))),
    createActions: collect((plugin) => plugin.createActions),
    profileActions: collect((plugin) => plugin.profileActions),
    provided: bindings(plugins.flatMap((plugin) => (plugin.provides ?? []).map(({ ref, value }) => [ref.id, value] as const))),
    links: bindings(plugins.flatMap((plugin) => (plugin.routes ?? []).flatMap((route) => (route.ref ? [[route.ref.id, boundPath(route)] as const] : [])))),
    topBarItems: collect((plugin) => plugin.topBarItems),
    menuItems,
    menus: { newsletter: resolve('newsletter'), publisher: resolve('publisher') },
  };
}

/**
 * Where two patterns can match the same address, the one with a fixed segment where the other has
 * a parameter comes first (/stories/show/:storyId/analytics before /stories/:mode/:first/:second?),
 * whichever plugin registered it: a Switch takes the first match. Equal patterns keep plugin order;
 * patterns that cannot match the same address may move, which changes nothing.
 */
export function bySpecificity(a: ClientRoute, b: ClientRoute): number {
  const ranks = (path: string) =>
    path
      .split('/')
      .filter(Boolean)
      .map((segment) => (segment === '*' ? 3 : segment.endsWith('?') ? 2 : segment.startsWith(':') ? 1 : 0));
  const [left, right] = [ranks(a.path), ranks(b.path)];
  for (let index = 0; index < Math.min(left.length, right.length); index++) if (left[index] !== right[index]) return left[index]! - right[index]!;
  // One is the other and more: the longer first, so that the order is a total one.
  return right.length - left.length;
}

/** A page bound to a reference has every parameter the reference promises. */
function boundPath({ path, ref }: ClientRoute): string {
  const missing = ref!.params.filter((name) => !path.split('/').includes(`:${name}`));
  if (missing.length > 0) throw new Error(`${path} binds '${ref!.id}' but has no :${missing.join(', :')}`);
  return path;
}

/** One binding per reference: two plugins implementing the same one is a mistake to refuse. */
function bindings<T>(pairs: (readonly [string, T])[]): Map<string, T> {
  const bound = new Map<string, T>();
  for (const [id, value] of pairs) {
    if (bound.has(id)) throw new Error(`two enabled plugins bind '${id}'`);
    bound.set(id, value);
  }
  return bound;
}

const modules = import.meta.glob<{ default: ClientPlugin }>('/plugins/*/client/index.tsx', { eager: true });

/** The registry of this build's enabled plugins. */
export const registry = buildRegistry(Object.values(modules).map((module) => module.default));

/** The address of the page bound to `ref`, with its parameters filled in; undefined when no enabled plugin binds it. */
export function linkTo<P extends string>(ref: RouteRef<P>, ...params: [P] extends [never] ? [] : [Record<P, string>]): string | undefined {
  const path = registry.links.get(ref.id);
  if (path === undefined) return undefined;
  const values: Record<string, string> = params[0] ?? {};
  return path.replace(/:([A-Za-z]+)/g, (whole, name: string) => (name in values ? encodeURIComponent(values[name]!) : whole));
}

/** The component an enabled plugin provides for `ref`, or undefined. */
export function componentOf<Props>(ref: ComponentRef<Props>): Lazy<Props> | undefined {
  return registry.provided.get(ref.id) as Lazy<Props> | undefined;
}

const calls = new Map<string, unknown>();

/**
 * The call an enabled plugin provides for `ref`, or undefined. Its module loads on the first call;
 * the same function is answered each time (a stable dependency for hooks).
 */
export function functionOf<Fn extends AsyncFunction>(ref: FunctionRef<Fn>): Fn | undefined {
  const load = registry.provided.get(ref.id) as LazyFunction<Fn> | undefined;
  if (!load) return undefined;
  if (!calls.has(ref.id)) calls.set(ref.id, async (...args: Parameters<Fn>) => (await load()).default(...args));
  return calls.get(ref.id) as Fn;
}

/** ':scope' and ':scopeType' of a menu path, for the current scope. */
export function scopePath(path: string, scope: Scope): string {
  return path.replace(':scopeType', `${scope.type}s`).replace(':scope', scope._id);
}
