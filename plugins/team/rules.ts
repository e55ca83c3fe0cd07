/**
 * The team rules (spec section 6), in one place: the server refuses with them and the console
 * hides the Edit / Remove menu and the Add buttons with them. Pure: no server or browser imports.
 */
import { roleRefusal, type Permission, type RoleKey } from '../../core/shared/permissions';

export interface TeamPerson {
  id: string;
  role: RoleKey;
}

/** Roles a newsletter team holds; the edit-user role list (director and admin excluded). */
export const newsletterRoles = ['editor', 'author'] as const;
export type NewsletterRole = (typeof newsletterRoles)[number];

/** The roles an invitation offers: newsletter invites editor and author, publisher invites director. */
export const inviteRoles = { newsletter: ['editor', 'author'], publisher: ['director'] } as const satisfies Record<string, readonly RoleKey[]>;
export type TeamType = keyof typeof inviteRoles;

/**
 * Why `actor` may not edit or remove `target`, or null when they may: the target is not oneself,
 * is not a director (nor an admin), the actor is not an author, and the actor is not an editor
 * acting on another editor.
 */
export function changeRefusal(actor: TeamPerson, target: TeamPerson): string | null {
  if (actor.id === target.id) return 'You cannot edit or remove yourself here; change your own profile in My Profile.';
  if (target.role === 'director') return 'Directors cannot be edited or removed.';
  if (target.role === 'admin') return 'Admins cannot be edited or removed.';
  if (actor.role === 'author') return roleRefusal(actor.role, 'editing or removing team members');
  if (actor.role === 'editor' && target.role === 'editor') return 'An editor cannot edit or remove another editor.';
  return null;
}

export function mayChangeMember(actor: TeamPerson, target: TeamPerson): boolean {
  return changeRefusal(actor, target) === null;
}

/**
 * Adding members (assign or invite) goes with the publishers update permission: the spec shows
 * Add Editor, Add Author and Add Director only to its holders, and the server holds to the same.
 */
export const addPermission: Permission = 'publishers.update';

export function mayAddMembers(can: (permission: Permission) => boolean): boolean {
  return can(addPermission);
}

export function isNewsletterRole(role: string): role is NewsletterRole {
  return (newsletterRoles as readonly string[]).includes(role);
}
