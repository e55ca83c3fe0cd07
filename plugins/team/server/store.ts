/** The team's queries: staff of a publisher, newsletter memberships, invitations and role changes. */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { endSessions } from '../../../core/server/auth/sessions';
import type { Db } from '../../../core/server/db/database';
import type { UserRow } from '../../../core/server/db/tables';
import type { RoleKey } from '../../../core/shared/permissions';
import type { NewsletterRole } from '../rules';
import { clock } from '../../../core/server/clock';

export type StaffRow = Pick<UserRow, 'id' | 'email' | 'role' | 'name' | 'biography' | 'url' | 'image' | 'ready'>;
const staffColumns = ['users.id', 'users.email', 'users.role', 'users.name', 'users.biography', 'users.url', 'users.image', 'users.ready'] as const;

/** A member of the publisher's staff (admins belong to no publisher and are never found here). */
export async function findStaff(db: Db, publisherId: string, userId: string): Promise<StaffRow | undefined> {
  return db.selectFrom('users').select(staffColumns).where('users.id', '=', userId).where('users.publisher_id', '=', publisherId).executeTakeFirst();
}

/** Any account with the address; `pending` when it never chose a password (an invitation not taken up). */
export async function findUserByEmail(db: Db, email: string): Promise<(StaffRow & { publisher_id: string | null; pending: boolean }) | undefined> {
  const row = await db
    .selectFrom('users')
    .select([...staffColumns, 'users.publisher_id', 'users.password_hash'])
    .where(sql`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst();
  if (!row) return undefined;
  const { password_hash: passwordHash, ...rest } = row;
  return { ...rest, pending: passwordHash === null };
}

/** A newsletter's editors and authors, editors first, then by name. */
export async function newsletterTeam(db: Db, newsletterId: string): Promise<(StaffRow & { member_role: RoleKey })[]> {
  return db
    .selectFrom('newsletter_members')
    .innerJoin('users', 'users.id', 'newsletter_members.user_id')
    .select([...staffColumns, 'newsletter_members.role as member_role'])
    .where('newsletter_members.newsletter_id', '=', newsletterId)
    .orderBy('newsletter_members.role', 'desc')
    .orderBy('users.name')
    .orderBy('users.email')
    .execute();
}

/** The publisher's editors and authors who are not on the newsletter's team yet. */
export async function possibleMembers(db: Db, publisherId: string, newsletterId: string): Promise<StaffRow[]> {
  return db
    .selectFrom('users')
    .select(staffColumns)
    .where('users.publisher_id', '=', publisherId)
    .where('users.role', 'in', ['editor', 'author'])
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('newsletter_members')
            .select('newsletter_members.user_id')
            .whereRef('newsletter_members.user_id', '=', 'users.id')
            .where('newsletter_members.newsletter_id', '=', newsletterId),
        ),
      ),
    )
    .orderBy('users.name')
    .orderBy('users.email')
    .execute();
}

export async function staffWithRoles(db: Db, publisherId: string, roles: RoleKey[]): Promise<StaffRow[]> {
  return db
    .selectFrom('users')
    .select(staffColumns)
    .where('users.publisher_id', '=', publisherId)
    .where('users.role', 'in', roles)
    .orderBy('users.name')
    .orderBy('users.email')
    .execute();
}

export async function isMember(db: Db, newsletterId: string, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('newsletter_members')
    .select('user_id')
    .where('newsletter_id', '=', newsletterId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Boolean(row);
}

export async function addMemberships(db: Db, userId: string, newsletterIds: string[], role: NewsletterRole): Promise<void> {
  if (newsletterIds.length === 0) return;
  await db
    .insertInto('newsletter_members')
    .values(newsletterIds.map((newsletterId) => ({ newsletter_id: newsletterId, user_id: userId, role })))
    .onConflict((oc) => oc.columns(['newsletter_id', 'user_id']).doNothing())
    .execute();
}

/** Takes the user off the newsletter's team; they sign in again to work with what is left. */
export async function removeMembership(db: Db, newsletterId: string, userId: string): Promise<boolean> {
  return db.transaction().execute(async (tx) => {
    const result = await tx.deleteFrom('newsletter_members').where('newsletter_id', '=', newsletterId).where('user_id', '=', userId).executeTakeFirst();
    const removed = Number(result.numDeletedRows) > 0;
    if (removed) await endSessions(tx, userId);
    return removed;
  });
}

export interface MemberChange {
  name: string;
  biography: string;
  url: string;
  image: string;
  role?: NewsletterRole;
  ready?: boolean;
}

/**
 * Saves a member's profile; a new role applies to the user and to every newsletter they are on,
 * and ends their sessions (they sign in again in the new role).
 */
export async function updateMember(db: Db, userId: string, change: MemberChange): Promise<StaffRow> {
  return db.transaction().execute(async (tx) => {
    const before = await tx.selectFrom('users').select('role').where('id', '=', userId).executeTakeFirstOrThrow();
    const updated = await tx
      .updateTable('users')
      .set({
        name: change.name,
        biography: change.biography,
        url: change.url,
        image: change.image,
        ...(change.role ? { role: change.role } : {}),
        ...(change.ready === undefined ? {} : { ready: change.ready }),
        version: sql`version + 1`,
        updated_at: clock.now(),
      })
      .where('id', '=', userId)
      .returning(['id', 'email', 'role', 'name', 'biography', 'url', 'image', 'ready'])
      .executeTakeFirstOrThrow();
    if (change.role && change.role !== before.role) {
      await tx.updateTable('newsletter_members').set({ role: change.role }).where('user_id', '=', userId).execute();
      await endSessions(tx, userId);
    }
    return updated;
  });
}

/** A director reaches every newsletter of the publisher, so their memberships go; so do their sessions (a role change). */
export async function makeDirector(db: Db, userId: string): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await tx
      .updateTable('users')
      .set({ role: 'director', version: sql`version + 1`, updated_at: clock.now() })
      .where('id', '=', userId)
      .execute();
    await tx.deleteFrom('newsletter_members').where('user_id', '=', userId).execute();
    await endSessions(tx, userId);
  });
}

/** A new account for an invitee: no password, not ready, with a reset code to set one. */
export async function insertInvitee(
  db: Db,
  invitee: { email: string; role: RoleKey; publisherId: string; name: string; codeHash: string; expiresAt: Date },
): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto('users')
    .values({
      id,
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
    })
    .execute();
  return id;
}
