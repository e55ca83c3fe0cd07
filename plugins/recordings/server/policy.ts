/** Who may change a recording: its uploader, or anyone allowed to manage the library. */
import type { Session } from '../../../core/server/auth/session';
import { unauthorized } from '../../../core/server/errors';
import { roleRefusal } from '../../../core/shared/permissions';

export function mayChangeRecording(session: Session, recording: { uploader: { _id: string } | null }): boolean {
  return recording.uploader?._id === session.user.id || session.can('recordings.manage');
}

export function assertMayChangeRecording(session: Session, recording: { uploader: { _id: string } | null }): void {
  if (!mayChangeRecording(session, recording)) {
    throw unauthorized(roleRefusal(session.role, 'this: only the uploader or recordings.manage may change this recording'), 'UNAUTHORIZED');
  }
}
