/** Who may change an image: its uploader, or anyone allowed to manage the library. */
import type { Session } from '../../../core/server/auth/session';
import { notFound, unauthorized } from '../../../core/server/errors';

export function mayChangeImage(session: Session, image: { uploader_id: string | null }): boolean {
  return image.uploader_id === session.user.id || session.can('images.manage');
}

export function assertMayChangeImage(session: Session, image: { uploader_id: string | null }): void {
  if (!mayChangeImage(session, image)) {
    throw unauthorized(`Your role (${session.role.toUpperCase()}) does not allow this: only the uploader or images.manage may change this image.`, 'UNAUTHORIZED');
  }
}

/** The library a caller works in: their publisher's (an admin's chosen one). */
export function publisherOf(session: Session): string {
  if (!session.publisherId) throw notFound('Publisher not found.');
  return session.publisherId;
}
