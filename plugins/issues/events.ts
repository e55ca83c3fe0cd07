/**
 * The socket events of the live issue editor (spec 001 section 7, Real-time), declared once:
 * plugins/issues/server/realtime.ts handles what the editor sends; the issue's room hears what
 * the server sends on 'issue-{id}' (the spec's events) and on 'issue-doc' (the document's updates,
 * which the spec's client does not know).
 */
import { schema } from '../../core/shared/endpoints';
import { roomEvent, socketEvent } from '../../core/shared/events';
import type { IssueDeliveries } from '../../schemas/generated/api/issue-deliveries';
import type { Issue } from '../../schemas/generated/entities/issue';
import type { IssueChannel } from '../../schemas/generated/entities/issue-channel';
import type { Story } from '../../schemas/generated/entities/story';
import type { ChannelOp, IssueField } from './rules';

export const issueEvents = {
  join: socketEvent('issue-join', schema('api/issue-room-event')),
  leave: socketEvent('issue-leave', schema('api/issue-room-event')),
  presence: socketEvent('issue-presence', schema('api/issue-presence-event')),
  change: socketEvent('issue', schema('api/issue-change-event')),
  doc: socketEvent('issue-doc', schema('api/issue-doc-event')),
  claim: socketEvent('issue-claim', schema('api/issue-room-event')),
  release: socketEvent('issue-release', schema('api/issue-room-event')),
};

/** Someone in the issue, the field they are in, and whether they write the intro. */
export interface Collaborator {
  socketId: string;
  _id: string;
  name: string;
  image: string;
  field: string | null;
  writing: boolean;
}

/** Whose change the room hears: their console's socket (null: none), their operation and who they are. */
export interface ChangeOrigin {
  issue: { _id: string };
  socketId: string | null;
  opId?: string;
  user?: { _id: string; name: string; image: string };
}

/** A change that confirms the issue at a version. */
interface Confirmed extends ChangeOrigin {
  version: number;
  updatedAt: string;
}

export type IssueRoomMessage =
  | { type: 'presence'; issue: { _id: string }; users: Collaborator[] }
  | ({ type: 'issue-update'; fields: Partial<Record<IssueField, unknown>>; status?: Issue['status'] } & Confirmed)
  | ({ type: 'story-create' | 'story-delete' | 'channels-update' | 'channel-delete'; channelsNew: IssueChannel[]; story?: Story; op?: ChannelOp } & Confirmed)
  | { type: 'issue-status'; issue: Issue }
  | { type: 'delivery-progress'; delivery: IssueDeliveries }
  | { type: 'issue-delete'; issue: { _id: string }; socketId: string | null };

/** An update of the issue's shared document (plugins/issues/issue-doc.ts), base64. */
export type IssueDocMessage = { type: 'issue-doc'; message: string } & ChangeOrigin;

export const issueRoom = roomEvent<IssueRoomMessage>((issueId: string) => `issue-${issueId}`);
export const issueDocRoom = roomEvent<IssueDocMessage>(issueRoom.room, 'issue-doc');
