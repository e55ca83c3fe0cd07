/** Who may change what in a newsletter's settings (spec section 6). */
import type { Session } from '../../../core/server/auth/session';
import { unauthorized } from '../../../core/server/errors';
import { requiredRoleMessage } from '../../../core/shared/permissions';

const sameIds = (a: readonly string[], b: readonly string[]) => a.length === b.length && [...a].sort().every((id, index) => id === [...b].sort()[index]);

/**
 * Only an admin changes a newsletter's interests; others may send them back unchanged. While a
 * newsletter has never been published (the wizard is making it, issue 31), whoever may create
 * newsletters chooses them, as the wizard's stage 1 asks.
 */
export function assertMayChangeInterests(session: Session, current: readonly string[], wanted: readonly string[], neverPublished: boolean): void {
  if (session.role === 'admin' || sameIds(current, wanted)) return;
  if (neverPublished && session.can('newsletters.create')) return;
  throw unauthorized(requiredRoleMessage('admin', session.role));
}
