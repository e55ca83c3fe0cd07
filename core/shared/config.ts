/**
 * The declarative settings of config/, typed by the types generated from schemas/config/.
 * Both sides import these files statically; the server validates them at start and the build
 * validates them before bundling (see config-check.ts). features.json alone can change while the
 * server runs: the server re-reads it, and the console asks the server.
 */
import badgesJson from '../../config/badges.json';
import constantsJson from '../../config/constants.json';
import featuresJson from '../../config/features.json';
import menusJson from '../../config/menus.json';
import pluginsJson from '../../config/plugins.json';
import rolesJson from '../../config/roles.json';
import type { Badges } from '../../schemas/generated/config/badges';
import type { Constants } from '../../schemas/generated/config/constants';
import type { Features } from '../../schemas/generated/config/features';
import type { Menus } from '../../schemas/generated/config/menus';
import type { PluginsConfig } from '../../schemas/generated/config/plugins';
import type { Roles } from '../../schemas/generated/config/roles';

export type { Badges, Constants, Features, Menus, PluginsConfig, Roles };

export const configFiles = {
  badges: badgesJson,
  constants: constantsJson,
  features: featuresJson,
  menus: menusJson,
  plugins: pluginsJson,
  roles: rolesJson,
} as const;

export type ConfigName = keyof typeof configFiles;

/** The one typed accessor for business constants: `constants.pageSizes.images`. */
export const constants = constantsJson as unknown as Constants;
export const badges = badgesJson as unknown as Badges;
export const menus = menusJson as unknown as Menus;
export const pluginsConfig = pluginsJson as unknown as PluginsConfig;
export const roles = rolesJson as unknown as Roles;
/** The features as shipped; the server's live copy may differ (core/server/config/features.ts). */
export const shippedFeatures = featuresJson as unknown as Features;
