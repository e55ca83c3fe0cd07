/**
 * Finds the plugins in plugins/*, checks config/plugins.json, config/menus.json and
 * config/roles.json against their manifests, and loads the server entries of the enabled ones.
 * The core imports no plugin by name: adding a feature is adding a folder.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ConfigError } from '../../shared/config-check';
import { menus, pluginsConfig, roles } from '../../shared/config';
import { coreManifest, menuProblems, orderPlugins, roleProblems, type PluginManifest } from '../../shared/plugin';
import type { MigrationSource } from '../db/migrate';
import type { ServerPlugin } from './contract';

export interface LoadedPlugins {
  /** Every manifest found, enabled or not (core first). */
  manifests: PluginManifest[];
  /** The enabled plugins, ordered by `after`. */
  enabled: ServerPlugin[];
  /** Every permission the core and the enabled plugins declare. */
  permissions: string[];
  migrations: MigrationSource[];
}

// TypeScript when the server runs from its sources (dev, tests), JavaScript when compiled (npm start).
const ext = import.meta.url.endsWith('.ts') ? 'ts' : 'js';

export async function loadPlugins(pluginsDir: string, enabledIds: string[] = pluginsConfig.enabled): Promise<LoadedPlugins> {
  const folders = existsSync(pluginsDir)
    ? readdirSync(pluginsDir).filter((name) => existsSync(join(pluginsDir, name, `plugin.${ext}`)))
    : [];
  enabledIds.forEach((id, index) => {
    if (!folders.includes(id)) throw new ConfigError(`config/plugins.json: /enabled/${index} '${id}' has no folder in plugins/`);
  });

  const found = await Promise.all(folders.map(async (folder) => {
    const manifest = (await import(pathToFileURL(join(pluginsDir, folder, `plugin.${ext}`)).href)).default as PluginManifest;
    if (manifest.id !== folder) throw new Error(`plugins/${folder}/plugin.ts: id '${manifest.id}' must equal the folder name`);
    return manifest;
  }));
  const manifests = [coreManifest, ...found];
  const problems = [...menuProblems(menus, manifests), ...roleProblems(roles, manifests.flatMap((manifest) => manifest.permissions))];
  if (problems.length > 0) throw new ConfigError(problems.join('\n'));

  const enabled = orderPlugins(await Promise.all(found.filter((manifest) => enabledIds.includes(manifest.id)).map(async (manifest) => {
    const entry = join(pluginsDir, manifest.id, 'server', `index.${ext}`);
    if (!existsSync(entry)) return { manifest } satisfies ServerPlugin;
    const plugin = (await import(pathToFileURL(entry).href)).default as ServerPlugin;
    if (plugin?.manifest?.id !== manifest.id) throw new Error(`plugins/${manifest.id}/server/index.ts must export default serverPlugin(manifest, ...)`);
    return plugin;
  })));

  const active = [coreManifest, ...enabled.map((plugin) => plugin.manifest)];
  return {
    manifests,
    enabled,
    permissions: [...new Set(active.flatMap((manifest) => manifest.permissions))].sort(),
    migrations: enabled.map((plugin) => ({ owner: plugin.manifest.id, dir: join(pluginsDir, plugin.manifest.id, 'server', 'migrations') })),
  };
}
