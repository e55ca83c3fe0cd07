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
import { coreManifest, menuProblems, orderPlugins, requireProblems, roleProblems, type PluginManifest } from '../../shared/plugin';
import { migrationSources, type MigrationSource } from '../db/migrate';
import type { ServerPlugin } from './contract';

export interface LoadedPlugins {
  /** Every manifest found, enabled or not (core first). */
  manifests: PluginManifest[];
  /** The enabled plugins, ordered by `requires` and `after`. */
  enabled: ServerPlugin[];
  /** Every permission the core and the enabled plugins declare. */
  permissions: string[];
  /** The migrations of the core and of the enabled plugins, in the order they run. */
  migrations: MigrationSource[];
}

// TypeScript when the server runs from its sources (dev, tests), JavaScript when compiled (npm start).
const ext = import.meta.url.endsWith('.ts') ? 'ts' : 'js';

/** Reads the manifest of every folder in plugins/ (the build checks the config with them too). */
export async function readManifests(pluginsDir: string): Promise<PluginManifest[]> {
  const folders = existsSync(pluginsDir) ? readdirSync(pluginsDir).filter((name) => existsSync(join(pluginsDir, name, `plugin.${ext}`))) : [];
  return Promise.all(
    folders.map(async (folder) => {
      const manifest = (await import(pathToFileURL(join(pluginsDir, folder, `plugin.${ext}`)).href)).default as PluginManifest;
      if (manifest.id !== folder) throw new Error(`plugins/${folder}/plugin.ts: id '${manifest.id}' must equal the folder name`);
      return manifest;
    }),
  );
}

/** What is wrong with the config for these manifests: unknown or unmet plugins, menu keys, role grants. */
export function pluginConfigProblems(found: PluginManifest[], enabledIds: string[]): string[] {
  const missing = enabledIds.flatMap((id, index) =>
    found.some((manifest) => manifest.id === id) ? [] : [`config/plugins.json: /enabled/${index} '${id}' has no folder in plugins/`],
  );
  const manifests = [coreManifest, ...found];
  return [
    ...missing,
    ...requireProblems(found, enabledIds),
    ...menuProblems(menus, manifests),
    ...roleProblems(
      roles,
      manifests.flatMap((manifest) => manifest.permissions),
    ),
  ];
}

export async function loadPlugins(pluginsDir: string, enabledIds: string[] = pluginsConfig.enabled): Promise<LoadedPlugins> {
  const found = await readManifests(pluginsDir);
  const problems = pluginConfigProblems(found, enabledIds);
  if (problems.length > 0) throw new ConfigError(problems.join('\n'));
  const manifests = [coreManifest, ...found];

  const enabled = orderPlugins(
    await Promise.all(
      found
        .filter((manifest) => enabledIds.includes(manifest.id))
        .map(async (manifest) => {
          const entry = join(pluginsDir, manifest.id, 'server', `index.${ext}`);
          if (!existsSync(entry)) return { manifest } satisfies ServerPlugin;
          const plugin = (await import(pathToFileURL(entry).href)).default as ServerPlugin;
          if (plugin?.manifest?.id !== manifest.id) throw new Error(`plugins/${manifest.id}/server/index.ts must export default serverPlugin(manifest, ...)`);
          return plugin;
        }),
    ),
  );

  const active = [coreManifest, ...enabled.map((plugin) => plugin.manifest)];
  return {
    manifests,
    enabled,
    permissions: [...new Set(active.flatMap((manifest) => manifest.permissions))].sort(),
    migrations: migrationSources(
      pluginsDir,
      enabled.map((plugin) => plugin.manifest.id),
    ),
  };
}
