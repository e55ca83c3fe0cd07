/** Why `target` may not be imported from `file` (project-relative paths), or null when it may. */
export function boundaryProblem(file: string, target: string): string | null;
declare const rule: unknown;
export default rule;
