/** Who may reach an issue and change it: anyone whose scopes hold its newsletter reads it; changing it waits while it is being sent. */
import type { Session } from '../../../core/server/auth/session';
import { HttpError, notFound } from '../../../core/server/errors';
import { processingRefusal } from '../rules';
import { findIssue, type IssueRow, type IssuesDb } from './store';
import type { IssueRecord } from './tables';

export function mayReadIssue(session: Session, row: Pick<IssueRecord, 'newsletter_id'>): boolean {
  return session.newsletterIds.has(row.newsletter_id);
}

/** The issue, if the caller's scopes hold it; 404 otherwise (another publisher's issue is not found, not forbidden). */
export async function reachableIssue(db: IssuesDb, id: string, session: Session): Promise<IssueRow> {
  const row = await findIssue(db, id);
  if (!row || !mayReadIssue(session, row)) throw notFound('Issue not found.');
  return row;
}

/** An issue being sent is dimmed on the console and refused here (409). */
export function assertChangeable(row: Pick<IssueRecord, 'processing'>): void {
  if (row.processing) throw new HttpError(409, { msg: processingRefusal });
}
