/**
 * The team's queries. The team keeps no table of its own: its staff and memberships are the
 * core's users and newsletter members (core/server/people.ts), which it reads and changes there;
 * these are the queries of its own that it builds on them.
 */
import { createUser, staffOf, type StaffRow } from '../../../core/server/people';
import { findUserByEmail as findAccountByEmail } from '../../../core/server/store';
import type { Handle } from '../../../core/server/db/database';
import type { RoleKey } from '../../../core/shared/permissions';

/** Any account with the address; `pending` when it never chose a password (an invitation not taken up). */
export async function findUserByEmail(db: Handle, email: string): Promise<(StaffRow & { publisher_id: string | null; pending: boolean }) | undefined> {
  const user = await findAccountByEmail(db, email);
  if (!user) return undefined;
  const { id, role, name, biography, url, image, ready, publisher_id } = user;
  return { id, email: user.email, role, name, biography, url, image, ready, publisher_id, pending: user.password_hash === null };
}

/** The publisher's editors and authors who are not on the newsletter's team yet. */
export function possibleMembers(db: Handle, publisherId: string, newsletterId: string): Promise<StaffRow[]> {
  return staffOf(db, publisherId, { roles: ['editor', 'author'], notMemberOf: newsletterId });
}

export function staffWithRoles(db: Handle, publisherId: string, roles: RoleKey[]): Promise<StaffRow[]> {
  return staffOf(db, publisherId, { roles });
}

/** A new account for an invitee: no password, not ready, with a reset code to set one. */
export function insertInvitee(
  db: Handle,
  invitee: { email: string; role: RoleKey; publisherId: string; name: string; codeHash: string; expiresAt: Date },
): Promise<string> {
  return createUser(db, {
    email: invitee.email,
    password_hash: null,
    role: invitee.role,
    publisher_id: invitee.publisherId,
    // Authors finish their profile in the Welcome onboarding, which marks them ready; the
    // others start working as soon as they have chosen a password.
    name: invitee.name,
    biography: '',
    url: '',
    image: '',
    ready: invitee.role !== 'author',
    reset_code_hash: invitee.codeHash,
    reset_expires_at: invitee.expiresAt,
  });
}
