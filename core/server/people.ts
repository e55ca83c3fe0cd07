/**
 * The core's queries on people: the users and their newsletter memberships, for the plugins that
 * show who made a record, list a publisher's staff or manage its teams. Plugins name neither table
 * in SQL; they call these (docs/ARCHITECTURE.md, "Where things go").
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { RoleKey } from '../shared/permissions';
import { endSessions } from './auth/sessions';
import { clock } from './clock';
import { coreTables as core, inTransaction, type Handle } from './db/database';
import type { NewUser, UserRow } from './db/tables';

/** What another part of the server may know of a user: never their password or reset code. */
export type Person = Pick<UserRow, 'id' | 'email' | 'name' | 'image' | 'role' | 'publisher_id'>;

/** A member of a publisher's staff as the team pages show them. */
export type StaffRow = Pick<UserRow, 'id' | 'email' | 'role' | 'name' | 'biography' | 'url' | 'image' | 'ready'>;

const personColumns = ['users.id', 'users.email', 'users.name', 'users.image', 'users.role', 'users.publisher_id'] as const;
const staffColumns = ['users.id', 'users.email', 'users.role', 'users.name', 'users.biography', 'users.url', 'users.image', 'users.ready'] as const;

/** The users with these ids, by e-mail address; an id of nobody is left out. */
export async function findPeople(db: Handle, ids: readonly string[]): Promise<Person[]> {
  if (ids.length === 0) return [];
  return core(db)
    .selectFrom('users')
    .select(personColumns)
    .where('users.id', 'in', [...ids])
    .orderBy('users.email')
    .execute();
}

export async function findPerson(db: Handle, id: string): Promise<Person | undefined> {
  return (await findPeople(db, [id]))[0];
}

/** A row with the name and picture of the person one of its columns names, as `<as>_name` and `<as>_image` (null for nobody). */
export type WithPerson<Row, As extends string> = Row & { [Column in `${As}_name` | `${As}_image`]: string | null };

/**
 * The rows, each with the name and picture of the person its `key` column names (its owner, its
 * uploader): one query for all of them, so a list stays two queries whatever its length.
 */
export async function withPeople<Key extends string, Row extends Record<Key, string | null>, As extends string>(
  db: Handle,
  rows: readonly Row[],
  key: Key,
  as: As,
): Promise<WithPerson<Row, As>[]> {
  const idOf = (row: Row): string | null => row[key];
  const ids = [...new Set(rows.map(idOf).filter((id) => id !== null))];
  const people =
    ids.length === 0 ? [] : await core(db).selectFrom('users').select(['users.id', 'users.name', 'users.image']).where('users.id', 'in', ids).execute();
  const byId = new Map(people.map((person) => [person.id, person]));
  return rows.map((row) => {
    const id = idOf(row);
    const person = id === null ? undefined : byId.get(id);
    return { ...row, [`${as}_name`]: person?.name ?? null, [`${as}_image`]: person?.image ?? null } as WithPerson<Row, As>;
  });
}

/** One row with its person (see `withPeople`); undefined stays undefined. */
export async function withPerson<Key extends string, Row extends Record<Key, string | null>, As extends string>(
  db: Handle,
  row: Row | undefined,
  key: Key,
  as: As,
): Promise<WithPerson<Row, As> | undefined> {
  return row && (await withPeople(db, [row], key, as))[0];
}

/** A new account; answers its id. */
export async function createUser(db: Handle, user: Omit<NewUser, 'id' | 'version' | 'created_at' | 'updated_at'>): Promise<string> {
  const id = randomUUID();
  await core(db)
    .insertInto('users')
    .values({ id, ...user })
    .execute();
  return id;
}

/** A member of the publisher's staff (admins belong to no publisher and are never found here). */
export function findStaff(db: Handle, publisherId: string, userId: string): Promise<StaffRow | undefined> {
  return core(db).selectFrom('users').select(staffColumns).where('users.id', '=', userId).where('users.publisher_id', '=', publisherId).executeTakeFirst();
}

/** The publisher's staff by name (then e-mail): only those of these roles, and not those already on this newsletter's team, when asked. */
export function staffOf(db: Handle, publisherId: string, only: { roles?: RoleKey[]; notMemberOf?: string } = {}): Promise<StaffRow[]> {
  let query = core(db).selectFrom('users').select(staffColumns).where('users.publisher_id', '=', publisherId);
  if (only.roles) query = query.where('users.role', 'in', only.roles);
  const { notMemberOf } = only;
  if (notMemberOf)
    query = query.where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('newsletter_members')
            .select('newsletter_members.user_id')
            .whereRef('newsletter_members.user_id', '=', 'users.id')
            .where('newsletter_members.newsletter_id', '=', notMemberOf),
        ),
      ),
    );
  return query.orderBy('users.name').orderBy('users.email').execute();
}

/**
 * The ids of everyone who works for the publisher: its directors, editors and authors, and the
 * editors and authors on its newsletters' teams (admins are nobody's staff).
 */
export async function staffIdsOf(db: Handle, publisherId: string): Promise<string[]> {
  const rows = await core(db)
    .selectFrom('users')
    .select('users.id')
    .where('users.role', 'in', ['director', 'editor', 'author'])
    .where((eb) =>
      eb.or([
        eb('users.publisher_id', '=', publisherId),
        eb(
          'users.id',
          'in',
          eb
            .selectFrom('newsletter_members')
            .innerJoin('newsletters', 'newsletters.id', 'newsletter_members.newsletter_id')
            .select('newsletter_members.user_id')
            .where('newsletters.publisher_id', '=', publisherId),
        ),
      ]),
    )
    .execute();
  return rows.map((row) => row.id);
}

/** A newsletter's team with each member's role on it: editors first, then by name (then e-mail). */
export function membersOf(db: Handle, newsletterId: string): Promise<(StaffRow & { member_role: RoleKey })[]> {
  return core(db)
    .selectFrom('newsletter_members')
    .innerJoin('users', 'users.id', 'newsletter_members.user_id')
    .select([...staffColumns, 'newsletter_members.role as member_role'])
    .where('newsletter_members.newsletter_id', '=', newsletterId)
    .orderBy('newsletter_members.role', 'desc')
    .orderBy('users.name')
    .orderBy('users.email')
    .execute();
}

export async function isMember(db: Handle, newsletterId: string, userId: string): Promise<boolean> {
  const row = await core(db)
    .selectFrom('newsletter_members')
    .select('user_id')
    .where('newsletter_id', '=', newsletterId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Boolean(row);
}

/** Puts the user on these newsletters' teams in the role (a team they are on already stays as it is). */
export async function addMemberships(db: Handle, userId: string, newsletterIds: string[], role: RoleKey): Promise<void> {
  if (newsletterIds.length === 0) return;
  await core(db)
    .insertInto('newsletter_members')
    .values(newsletterIds.map((newsletterId) => ({ newsletter_id: newsletterId, user_id: userId, role })))
    .onConflict((oc) => oc.columns(['newsletter_id', 'user_id']).doNothing())
    .execute();
}

/** Takes the user off the newsletter's team; they sign in again to work with what is left. Answers whether they were on it. */
export function removeMembership(db: Handle, newsletterId: string, userId: string): Promise<boolean> {
  return inTransaction(core(db), async (tx) => {
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
  role?: RoleKey;
  ready?: boolean;
}

/**
 * Saves a member's profile; a new role applies to the user and to every newsletter they are on,
 * and ends their sessions (they sign in again in the new role).
 */
export function updateMember(db: Handle, userId: string, change: MemberChange): Promise<StaffRow> {
  return inTransaction(core(db), async (tx) => {
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
export async function makeDirector(db: Handle, userId: string): Promise<void> {
  await inTransaction(core(db), async (tx) => {
    await tx
      .updateTable('users')
      .set({ role: 'director', version: sql`version + 1`, updated_at: clock.now() })
      .where('id', '=', userId)
      .execute();
    await tx.deleteFrom('newsletter_members').where('user_id', '=', userId).execute();
    await endSessions(tx, userId);
  });
}
