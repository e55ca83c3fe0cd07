/** The socket events of the live issue editor (spec 001 section 7, Real-time), declared once: plugins/issues/server/realtime.ts handles them, the editor sends them. */
import { schema } from '../../core/shared/endpoints';
import { socketEvent } from '../../core/shared/events';

export const issueEvents = {
  join: socketEvent('issue-join', schema('api/issue-room-event')),
  leave: socketEvent('issue-leave', schema('api/issue-room-event')),
  presence: socketEvent('issue-presence', schema('api/issue-presence-event')),
  change: socketEvent('issue', schema('api/issue-change-event')),
  doc: socketEvent('issue-doc', schema('api/issue-doc-event')),
  claim: socketEvent('issue-claim', schema('api/issue-room-event')),
  release: socketEvent('issue-release', schema('api/issue-room-event')),
};
