/**
 * The baselines the benches measure beside their figures, in the same run and with the same load
 * (design.md section 6, issue 57): on a shared machine an absolute time says little, its ratio to
 * something trivial measured a moment before says whether the code got slower. The routes here are
 * the bench's own, registered on the server it built before it is ready (startTestServer's
 * `prepare`), never the product's.
 */
import { sql } from 'kysely';
import type { Server } from '../../core/server/app';
import { loadSession, type RoleGrants } from '../../core/server/auth/session';
import { unauthorized } from '../../core/server/errors';
import { roles } from '../../core/shared/config';
import { grantsOf, roleKeys } from '../../core/shared/permissions';

export const baselinePaths = {
  /** One `select 1` behind the same sign-in check as every API route (the session loaded from the database). */
  query: '/api/bench-baseline/select-1',
  /** An empty handler, public like the tracking addresses: the server's own cost of an answer. */
  empty: '/t/bench-baseline',
};

/**
 * Registers the baseline routes on a built server that is not yet ready. The trivial query's
 * sign-in check is the registrar's (core/server/routes.ts): the token verified, then the session
 * and its scopes read in one statement, on every request.
 */
export function registerBaselineRoutes(server: Server): void {
  const { db } = server.database;
  const grants: RoleGrants = new Map(roleKeys.map((role) => [role, grantsOf(roles[role], server.plugins.permissions)]));
  server.app.route({
    method: ['GET', 'POST'],
    url: baselinePaths.query,
    onRequest: async (request) => {
      const header = request.headers.authorization;
      const claims = header?.startsWith('Bearer ') ? await server.tokens.verify(header.slice('Bearer '.length)) : null;
      request.session = claims ? await loadSession(db, claims, grants) : null;
      if (!request.session) throw unauthorized();
    },
    handler: async () => {
      await sql`select 1`.execute(db);
      return { data: 1 };
    },
  });
  server.app.get(baselinePaths.empty, async (_request, reply) => reply.code(200).send());
}

/** How many times the baseline a figure is: "4.6x". */
export function times(value: number, baseline: number): string {
  if (!(baseline > 0)) return 'n/a';
  const ratio = value / baseline;
  return `${ratio.toFixed(ratio < 1 ? 2 : 1)}x`;
}

/** A figure beside its baseline: "4.1 ms (baseline 0.9 ms, 4.6x)". */
export function beside(value: number, baseline: number, unit: string, digits = 1, width = 0): string {
  return `${`${value.toFixed(digits)} ${unit}`.padStart(width)} (baseline ${baseline.toFixed(digits)} ${unit}, ${times(value, baseline)})`;
}
