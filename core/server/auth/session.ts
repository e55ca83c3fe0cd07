/**
 * Who is calling and what they may reach. Loaded from the database on every request, so a role
 * or membership change takes effect at once, whatever tokens are out there; and only while the
 * token's session is open (core/server/auth/sessions.ts).
 */
import { clock } from '../clock';
import { can, permissionRefusal, requiredRoleMessage, roleKeys, type Permission, type RoleKey } from '../../shared/permissions';
import type { Db } from '../db/database';
import type { UserRow } from '../db/tables';
import { notFound, unauthorized } from '../errors';
import type { TokenClaims } from './tokens';

export interface Session {
  /** The sign-in this request belongs to (the token's `sid`). */
  sessionId: string;
  /** When the session, and so every token of it, expires. */
  expiresAt: Date;
  user: UserRow;
  role: RoleKey;
  /** The publisher the caller works for: an admin's chosen one, everyone else's own. */
  publisherId: string | null;
  permissions: ReadonlySet<Permission>;
  /** The newsletters in the caller's scopes. */
  newsletterIds: ReadonlySet<string>;
  can(permission: Permission): boolean;
  /** What the caller is told when refused for lacking `permission`. */
  refusal(permission: Permission): string;
  /** Throws 404 when the newsletter is outside the caller's scopes (its existence is not revealed). */
  assertNewsletter(newsletterId: string): void;
  assertPublisher(publisherId: string): void;
}

export type RoleGrants = ReadonlyMap<RoleKey, readonly Permission[]>;

export async function loadSession(db: Db, claims: TokenClaims, grants: RoleGrants): Promise<Session | null> {
  // The session and its user in one query: an ended or expired session finds no user.
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('users')
    .select('sessions.expires_at as session_expires_at')
    .where('sessions.id', '=', claims.sid)
    .where('sessions.user_id', '=', claims.sub)
    .where('sessions.ended_at', 'is', null)
    .where('sessions.expires_at', '>', clock.now())
    .executeTakeFirst();
  if (!row) return null;
  const { session_expires_at: expiresAt, ...user } = row;
  const publisherId = await chosenPublisher(db, user, claims);
  const newsletterIds = new Set(await newslettersOf(db, user, publisherId));
  const permissions = new Set(grants.get(user.role) ?? []);
  return {
    sessionId: claims.sid,
    expiresAt,
    user,
    role: user.role,
    publisherId,
    permissions,
    newsletterIds,
    can: (permission) => can(permissions, permission),
    refusal: (permission) => refusalText(permission, user.role, grants),
    assertNewsletter(newsletterId) {
      if (!newsletterIds.has(newsletterId)) throw notFound('Newsletter not found.');
    },
    assertPublisher(id) {
      if (!publisherId || id !== publisherId || (user.role !== 'admin' && user.role !== 'director')) throw notFound('Publisher not found.');
    },
  };
}

/** The publisher the caller works in (an admin's chosen one); 404 for a caller without one. */
export function callerPublisher(session: Session): string {
  if (!session.publisherId) throw notFound('Publisher not found.');
  return session.publisherId;
}

/** The refusal text: the spec's role message when only admins hold the permission. */
function refusalText(permission: Permission, role: RoleKey, grants: RoleGrants): string {
  const holders = roleKeys.filter((key) => grants.get(key)?.includes(permission));
  if (holders.length === 1 && holders[0] === 'admin') return requiredRoleMessage('admin', role);
  return permissionRefusal(role, permission);
}

/** Refuses (401, with the role's refusal, as the route guard words it) a caller who does not hold `permission`. */
export function demand(session: Session, permission: Permission): void {
  if (!session.can(permission)) throw unauthorized(session.refusal(permission), 'UNAUTHORIZED');
}

async function chosenPublisher(db: Db, user: UserRow, claims: TokenClaims): Promise<string | null> {
  if (user.role !== 'admin') return user.publisher_id;
  if (!claims.pub) return null;
  const publisher = await db.selectFrom('publishers').select('id').where('id', '=', claims.pub).executeTakeFirst();
  return publisher?.id ?? null;
}

async function newslettersOf(db: Db, user: UserRow, publisherId: string | null): Promise<string[]> {
  if (user.role === 'admin' || user.role === 'director') {
    if (!publisherId) return [];
    const rows = await db.selectFrom('newsletters').select('id').where('publisher_id', '=', publisherId).execute();
    return rows.map((row) => row.id);
  }
  const rows = await db
    .selectFrom('newsletter_members')
    .innerJoin('newsletters', 'newsletters.id', 'newsletter_members.newsletter_id')
    .select('newsletters.id')
    .where('newsletter_members.user_id', '=', user.id)
    .where('newsletters.publisher_id', '=', publisherId ?? '')
    .execute();
  return rows.map((row) => row.id);
}
