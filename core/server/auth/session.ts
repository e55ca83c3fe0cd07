/**
 * Who is calling and what they may reach. Loaded from the database on every request, so a role
 * or membership change takes effect at once, whatever tokens are out there; and only while the
 * token's session is open (core/server/auth/sessions.ts).
 */
import { sql } from 'kysely';
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
  // One statement on every request: the open session and its user (an ended or expired session
  // finds no user), the publisher the caller works in (an admin's chosen one, if it still exists;
  // everyone else's own) and the newsletters of the caller's scopes (all of the publisher's for an
  // admin or a director, a member's own for the others).
  const { rows } = await sql<UserRow & { session_expires_at: Date; scope_publisher_id: string | null; scope_newsletter_ids: string[] }>`
    select users.*, sessions.expires_at as session_expires_at, scope.publisher_id as scope_publisher_id,
      array(
        select newsletters.id from newsletters
        where newsletters.publisher_id = scope.publisher_id
          and (users.role in ('admin', 'director')
            or exists (select 1 from newsletter_members members where members.user_id = users.id and members.newsletter_id = newsletters.id))
      ) as scope_newsletter_ids
    from sessions
    join users on users.id = sessions.user_id
    cross join lateral (
      select case when users.role = 'admin' then (select publishers.id from publishers where publishers.id = ${claims.pub ?? null}) else users.publisher_id end as publisher_id
    ) as scope
    where sessions.id = ${claims.sid} and sessions.user_id = ${claims.sub} and sessions.ended_at is null and sessions.expires_at > ${clock.now()}`.execute(db);
  const row = rows[0];
  if (!row) return null;
  const { session_expires_at: expiresAt, scope_publisher_id: publisherId, scope_newsletter_ids: scopeNewsletterIds, ...user } = row;
  const newsletterIds = new Set(scopeNewsletterIds);
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
