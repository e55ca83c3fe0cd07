/** Who may reach an issue and change it: anyone whose scopes hold its newsletter reads it; changing it waits while it is being sent. */
import type { Session } from '../../../core/server/auth/session';
import { HttpError } from '../../../core/server/errors';
import { processingRefusal } from '../rules';
import type { IssueRecord } from './tables';

export function mayReadIssue(session: Session, row: Pick<IssueRecord, 'newsletter_id'>): boolean {
  return session.newsletterIds.has(row.newsletter_id);
}

/** An issue being sent is dimmed on the console and refused here (409). */
export function assertChangeable(row: Pick<IssueRecord, 'processing'>): void {
  if (row.processing) throw new HttpError(409, { msg: processingRefusal });
}
