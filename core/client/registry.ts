/**
 * The client side of the plugin registry. Each plugin's client/index.tsx exports
 * `clientPlugin(manifest, parts)`; the core finds them by glob and keeps the enabled ones.
 */
import type { ComponentType, LazyExoticComponent } from 'react';
import type { Scope } from '../../schemas/generated/entities/scope';
import { menus, pluginsConfig } from '../shared/config';
import type { Permission } from '../shared/permissions';
import { coreManifest, orderPlugins, type MenuItemDefinition, type PluginManifest, type ScopeType } from '../shared/plugin';

type Lazy<P = object> = LazyExoticComponent<ComponentType<P>>;

export interface ClientRoute {
  /** A wouter pattern, e.g. '/resources/show/:resourceId'. */
  path: string;
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

/** An image chosen in the image picker. */
export interface PickedImage {
  _id: string;
  /** The original file's address. */
  path: string;
  alt: string;
  /** Resized copies: cards and previews load `small`. */
  sizes: { small: string; medium: string };
}

export interface ImagePickerProps {
  onDismiss(): void;
  onSelect(image: PickedImage): void;
  /** Shown in the picker, e.g. '1200 x 500 px'. */
  recommendedSize?: string;
}

/**
 * Components one plugin provides for the core and other plugins to use without importing it
 * (the profile picture uses the image picker; the core does not know the images feature).
 */
export interface ProvidedComponents {
  imagePicker?: Lazy<ImagePickerProps>;
}

/** Something a plugin puts in the top bar, left of the profile menu (the notifications bell). */
export interface TopBarItem {
  component: Lazy;
  requires?: Permission;
}

export interface ClientPluginParts {
  routes?: ClientRoute[];
  provides?: ProvidedComponents;
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
  provided: ProvidedComponents;
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
  const collect = <T,>(pick: (plugin: ClientPlugin) => Record<string, T> | undefined) =>
    plugins.flatMap((plugin) => Object.entries(pick(plugin) ?? {}).map(([id, part]) => ({ ...part, id })));
  return {
    plugins,
    routes: plugins.flatMap((plugin) => plugin.routes ?? []),
    panels: collect((plugin) => plugin.panels),
    createActions: collect((plugin) => plugin.createActions),
    profileActions: collect((plugin) => plugin.profileActions),
    provided: Object.assign({}, ...plugins.map((plugin) => plugin.provides ?? {})) as ProvidedComponents,
    topBarItems: collect((plugin) => plugin.topBarItems),
    menuItems,
    menus: { newsletter: resolve('newsletter'), publisher: resolve('publisher') },
  };
}

const modules = import.meta.glob<{ default: ClientPlugin }>('/plugins/*/client/index.tsx', { eager: true });

/** The registry of this build's enabled plugins. */
export const registry = buildRegistry(Object.values(modules).map((module) => module.default));

/** Whether an enabled plugin serves this route pattern (a link to it is shown only then). */
export function hasRoute(path: string): boolean {
  return registry.routes.some((route) => route.path === path);
}

/** ':scope' and ':scopeType' of a menu path, for the current scope. */
export function scopePath(path: string, scope: Scope): string {
  return path.replace(':scopeType', `${scope.type}s`).replace(':scope', scope._id);
}
