/**
 * A dashboard panel for a plugin's `panels` (clientPlugin, core/client/registry.ts), in a module of
 * its own: the registry imports every plugin's client/index.tsx, which call this as they load.
 */
import { lazy, type ComponentType } from 'react';
import type { Scope } from '../../schemas/generated/entities/scope';
import type { ScopeType } from '../shared/plugin';
import type { DashboardPanel } from './registry';

/**
 * A panel whose component is the default export of the module `load` imports, loaded when a
 * dashboard first shows it: a plugin's panels stay out of the shell's code (design.md section 6).
 */
export function lazyPanel(
  dashboard: ScopeType,
  title: string,
  load: () => Promise<{ default: ComponentType<{ scope: Scope }> }>,
  options: Pick<DashboardPanel, 'requires' | 'size' | 'lead'> = {},
): DashboardPanel {
  return { dashboard, title, component: lazy(load), ...options };
}
