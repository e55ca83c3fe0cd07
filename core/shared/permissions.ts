/**
 * Who may do what. Permissions are 'model.action' strings; the same check runs in the console
 * (to hide) and on the server (to refuse).
 */
import type { Permission as PermissionPair } from '../../schemas/generated/entities/permission';

export type Permission = `${string}.${string}`;
export type RoleKey = 'admin' | 'director' | 'editor' | 'author';
export const roleKeys: RoleKey[] = ['admin', 'director', 'editor', 'author'];

/** Every permission a role holds, with 'model.*' and '*' grants expanded against the declared ones. */
export function grantsOf(grants: readonly string[], declared: readonly string[]): Permission[] {
  const granted = declared.filter((permission) =>
    grants.some((grant) => grant === '*' || grant === permission || (grant.endsWith('.*') && permission.startsWith(grant.slice(0, -1)))),
  );
  return [...new Set(granted)].sort() as Permission[];
}

export function can(held: Iterable<string> | undefined, required: string | undefined): boolean {
  if (!required) return true;
  if (!held) return false;
  if (held instanceof Set) return held.has(required);
  for (const permission of held) if (permission === required) return true;
  return false;
}

export function toPairs(permissions: readonly string[]): PermissionPair[] {
  return permissions.map((permission) => {
    const dot = permission.indexOf('.');
    return { model: permission.slice(0, dot), action: permission.slice(dot + 1) };
  });
}

export function fromPairs(pairs: readonly PermissionPair[]): Permission[] {
  return pairs.map(({ model, action }) => `${model}.${action}` as Permission);
}

/** The refusal of something a role may not do: 'Your role (EDITOR) does not allow adding team members.' */
export function roleRefusal(role: RoleKey, what: string): string {
  return `Your role (${role.toUpperCase()}) does not allow ${what}.`;
}

/** The refusal of a permission the role does not hold: 'Your role (AUTHOR) does not allow this: stories.tag is required.' */
export const permissionRefusal = (role: RoleKey, permission: Permission) => roleRefusal(role, `this: ${permission} is required`);

/** The spec's text when a role is not enough, e.g. 'Required role Admin, current role: EDITOR'. */
export function requiredRoleMessage(required: RoleKey, current: RoleKey): string {
  return `Required role ${required[0].toUpperCase()}${required.slice(1)}, current role: ${current.toUpperCase()}`;
}
