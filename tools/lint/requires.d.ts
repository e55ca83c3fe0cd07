/** The ids a manifest's source lists in `requires`. */
export function requiresInManifest(source: string, file?: string): string[];
/** Plugin id to the ids its manifest requires, read from plugins/<id>/plugin.ts. */
export function pluginRequires(): Map<string, string[]>;
/** `id` and every plugin it requires, transitively. */
export function requiredBy(id: string, requires?: Map<string, string[]>): Set<string>;
/** Why `file` may not import `target` (project-relative paths) with these manifests' requires, or null when it may. */
export function requiresProblem(file: string, target: string, requires?: Map<string, string[]>): string | null;
declare const rule: unknown;
export default rule;
