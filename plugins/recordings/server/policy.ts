/** Who may change a recording: its uploader, or anyone allowed to manage the library. */
import type { Session } from '../../../core/server/auth/session';
import { notFound, unauthorized } from '../../../core/server/errors';

export function mayChangeRecording(session: Session, recording: { uploader: { _id: string } | null }): boolean {
  return recording.uploader?._id === session.user.id || session.can('recordings.manage');
}

export function assertMayChangeRecording(session: Session, recording: { uploader: { _id: string } | null }): void {
  if (!mayChangeRecording(session, recording)) {
    throw unauthorized(`Your role (${session.role.toUpperCase()}) does not allow this: only the uploader or recordings.manage may change this recording.`, 'UNAUTHORIZED');
  }
}

/** The library a caller works in: their publisher's (an admin's chosen one). */
export function publisherOf(session: Session): string {
  if (!session.publisherId) throw notFound('Publisher not found.');
  return session.publisherId;
}
