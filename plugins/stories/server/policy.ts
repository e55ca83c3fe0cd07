/**
 * Who may read a story, and the server's side of ../rules.ts: the caller as the rules' actor, a
 * story as their facts, and a refusal as the answer the console expects.
 */
import type { Session } from '../../../core/server/auth/session';
import { HttpError, invalid, unauthorized } from '../../../core/server/errors';
import { articleImageRequired, verdict, type Actor, type StoryAction, type StoryFacts } from '../rules';
import { statusOf } from './present';
import type { StoryRow } from './store';

export const actorOf = (session: Session): Actor => ({ userId: session.user.id, role: session.role, can: (permission) => session.can(permission) });
export const factsOf = (row: StoryRow): StoryFacts => ({ type: row.type, status: statusOf(row), image: row.image, ownerId: row.owner_id });

/** Refuses what rules.ts does not allow: 401 for a role that may not, 409 for a story in the wrong state (422 for the article image). */
export function enforce(action: StoryAction, row: StoryRow, session: Session): void {
  const result = verdict(action, factsOf(row), actorOf(session));
  if (result.ok) return;
  if (result.kind === 'permission') throw unauthorized(result.message, 'UNAUTHORIZED');
  if (result.message === articleImageRequired) throw invalid(result.message, 'image');
  throw new HttpError(409, { msg: result.message });
}

/** Authors work on their own stories; everyone else on the stories of the newsletters they reach. */
export function mayRead(session: Session, row: Pick<StoryRow, 'newsletter_id' | 'owner_id'>): boolean {
  if (!session.newsletterIds.has(row.newsletter_id)) return false;
  return session.can('stories.update') || row.owner_id === session.user.id;
}
