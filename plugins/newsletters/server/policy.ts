/** Which newsletters a caller reaches: in the lists, directors and admins their publisher's, editors and authors their own; one newsletter, those of the caller's scopes. */
import { callerPublisher, type Session } from '../../../core/server/auth/session';
import type { Handle } from '../../../core/server/db/database';
import { notFound } from '../../../core/server/errors';
import { findNewsletter, type NewsletterReach } from '../../../core/server/store';

/**
 * The caller's reach, narrowed to `publisher` when asked; any publisher but the caller's own is
 * as good as missing (404, its existence not revealed).
 */
export function reachOf(session: Session, publisher?: string): NewsletterReach {
  const publisherId = callerPublisher(session);
  if (publisher !== undefined && publisher !== publisherId) throw notFound('Publisher not found.');
  if (session.role === 'admin' || session.role === 'director') return { publisherId };
  return { publisherId, ids: [...session.newsletterIds] };
}

/** A newsletter in the caller's scopes; any other is as good as missing. */
export async function reachableNewsletter(db: Handle, id: string, session: Session) {
  const row = session.newsletterIds.has(id) ? await findNewsletter(db, id) : undefined;
  if (!row) throw notFound('Newsletter not found.');
  return row;
}
