/** Who may change an image: its uploader, or anyone allowed to manage the library. */
import type { Session } from '../../../core/server/auth/session';
import { unauthorized } from '../../../core/server/errors';
import { roleRefusal } from '../../../core/shared/permissions';

export function mayChangeImage(session: Session, image: { uploader_id: string | null }): boolean {
  return image.uploader_id === session.user.id || session.can('images.manage');
}

export function assertMayChangeImage(session: Session, image: { uploader_id: string | null }): void {
  if (!mayChangeImage(session, image)) {
    throw unauthorized(roleRefusal(session.role, 'this: only the uploader or images.manage may change this image'), 'UNAUTHORIZED');
  }
}
