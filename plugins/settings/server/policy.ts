/** Who may change what in a newsletter's settings (spec section 6). */
import type { Session } from '../../../core/server/auth/session';
import { unauthorized } from '../../../core/server/errors';
import { requiredRoleMessage } from '../../../core/shared/permissions';

const sameIds = (a: readonly string[], b: readonly string[]) => a.length === b.length && [...a].sort().every((id, index) => id === [...b].sort()[index]);

/** Only an admin changes a newsletter's interests; others may send them back unchanged. */
export function assertMayChangeInterests(session: Session, current: readonly string[], wanted: readonly string[]): void {
  if (session.role !== 'admin' && !sameIds(current, wanted)) throw unauthorized(requiredRoleMessage('admin', session.role));
}
