/**
 * Live editing of an issue (spec 001 section 7, Real-time): an editor joins the issue's room and
 * sends each change as an 'issue' event (issue-update, channels-update, channel-delete,
 * story-create, story-delete), and its typing in the plain-text fields as 'issue-doc' (the
 * issue's shared document, docs/decisions/0022). The server applies each to the stored issue at
 * once (changes.ts) and answers the sender; the room hears it on 'issue-{id}' (the document's
 * updates on 'issue-doc', which the spec's client does not know). Who is in the
 * issue, in which field, and who writes the intro is kept on each socket and sent to the room as
 * 'presence' whenever it changes; 'issue-claim' and 'issue-release' take and give back the intro.
 */
import type { Socket } from 'socket.io';
import type { Session } from '../../../core/server/auth/session';
import { HttpError } from '../../../core/server/errors';
import type { PluginApi } from '../../../core/server/plugins/contract';
import type { RealtimeReply } from '../../../core/server/realtime';
import { constants } from '../../../core/shared/config';
import type { IssueChangeEvent } from '../../../schemas/generated/api/issue-change-event';
import { issueEvents, issueRoom } from '../events';
import { introTaken, issueFields, type ChannelOp, type IssueField } from '../rules';
import { storyIdsOfIssue } from '../../stories/server/public';
import { loadIssueDoc, type IssueChanges, type Presence } from './changes';
import type { FieldValues } from './edit';
import { mayReadIssue } from './policy';
import { presentIssue } from './present';
import { changeIssue, findIssue, type IssuesDb } from './store';

/** The ids and titles inside a channel change, which its schema leaves to the rules. */
const idOf = (value: unknown) => (typeof value === 'string' && value.length > 0 && value.length <= 64 ? value : null);
const textOf = (value: unknown, max: number) => (typeof value === 'string' && value.length <= max ? value : null);

/** What the sender of a payload that is not its event's hears: the issue is not found (the spec's client's answer). */
const notFound = { ok: false, status: 404, msg: 'Issue not found.' };
const refuse = (_socket: unknown, reply: RealtimeReply) => reply(notFound);
/** An event nobody waits an answer for is left unanswered. */
const ignore = () => undefined;

/** The events that are one change of the channels by themselves (channels-update carries its change in op). */
const opKindOfType: Record<string, ChannelOp['kind']> = { 'channel-delete': 'delete-channel', 'story-create': 'add-story', 'story-delete': 'remove-story' };

/** A channel change as the client sent it, or null when it is not one. */
function channelOpOf(type: string, message: IssueChangeEvent): ChannelOp | null {
  // An event type the server does not know is no change at all (not a story's removal).
  const op = (type === 'channels-update' ? message.op : Object.hasOwn(opKindOfType, type) ? { ...message, kind: opKindOfType[type] } : undefined) as
    Record<string, unknown> | undefined;
  if (!op || typeof op !== 'object') return null;
  const afterId = op.afterId === null || op.afterId === undefined ? null : idOf(op.afterId);
  const channelId = idOf(op.channelId);
  const storyId = idOf(op.storyId);
  const title = textOf(op.title, 120);
  switch (op.kind) {
    case 'move-story':
    case 'add-story':
      return storyId && channelId
        ? { kind: op.kind, storyId, channelId, afterId }
        : storyId && op.kind === 'add-story'
          ? { kind: 'add-story', storyId, channelId: 'stuff', afterId }
          : null;
    case 'remove-story':
      return storyId ? { kind: 'remove-story', storyId } : null;
    case 'move-channel':
      return channelId ? { kind: 'move-channel', channelId, afterId } : null;
    case 'add-channel':
      return channelId && title !== null ? { kind: 'add-channel', channelId, title, afterId } : null;
    case 'rename-channel':
      return channelId && title !== null ? { kind: 'rename-channel', channelId, title } : null;
    case 'delete-channel':
      return channelId ? { kind: 'delete-channel', channelId } : null;
    default:
      return null;
  }
}

/** A refusal as the sender's answer: the status and the envelope the HTTP call would have had. */
function refusal(error: unknown): Record<string, unknown> {
  if (error instanceof HttpError) return { ok: false, status: error.statusCode, ...error.body };
  throw error;
}

export function registerIssueRealtime(api: PluginApi, db: IssuesDb, changes: IssueChanges): void {
  const rooms = issueRooms(api, db);
  registerPresence(api, db, rooms);
  registerEdits(api, changes, rooms);
  registerIntroClaims(api, db, changes, rooms);
}

/** Joining and leaving an issue, and the field an editor is in. */
function registerPresence(api: PluginApi, db: IssuesDb, rooms: IssueRooms): void {
  const room = issueRoom.room;

  api.realtime.on(issueEvents.join, { requires: 'issues.update', refuse }, async (socket, { issueId }, session, reply) => {
    const row = await rooms.readableIssue(issueId, session);
    if (!row) {
      reply(notFound);
      return;
    }
    await rooms.join(socket, row, session);
    reply({ ok: true, issue: presentIssue(row, await storyIdsOfIssue(db, row.id)) });
    await rooms.sendPresence(row.id);
  });

  api.realtime.on(issueEvents.leave, { requires: 'issues.update', refuse: ignore }, async (socket, { issueId }) => {
    if (socket.rooms.has(room(issueId))) await rooms.leave(socket, issueId);
  });

  api.realtime.on(issueEvents.presence, { requires: 'issues.update', refuse: ignore }, async (socket, message) => {
    const { issueId } = message;
    const presence = socket.data.presence as Presence | undefined;
    if (presence?.issueId !== issueId) return;
    const field = message.field ?? null;
    if (presence.field === field) return;
    // The intro stays the writer's until it lets go (issue-release), once what it wrote is stored.
    socket.data.presence = { ...presence, field };
    await rooms.sendPresence(issueId);
  });
}

/** The changes of the issue and of its shared document. */
function registerEdits(api: PluginApi, changes: IssueChanges, rooms: IssueRooms): void {
  api.realtime.on(issueEvents.change, { requires: 'issues.update', refuse }, async (socket, message, session, reply) => {
    const { issueId, type = '' } = message;
    if (!(await rooms.enter(socket, issueId, session))) {
      reply(notFound);
      return;
    }
    const presence = socket.data.presence as Presence | undefined;
    const origin = { socketId: socket.id, opId: message.opId, writesIntro: presence?.issueId === issueId && presence.writing };
    try {
      if (type === 'issue-update') {
        const field = message.field as IssueField;
        if (!issueFields.includes(field) || !('value' in message)) {
          reply({ ok: false, status: 422, msg: 'Error!', details: [{ message: 'This field cannot be changed here.', path: String(field) }] });
          return;
        }
        const incoming: FieldValues = { [field]: message.value };
        const base: FieldValues = 'base' in message ? { [field]: message.base } : {};
        const result = await changes.editFields(issueId, session, incoming, base, origin);
        reply({ ok: true, fields: result.changed, version: result.version, updatedAt: result.updatedAt });
        return;
      }
      const op = channelOpOf(type, message);
      if (!op) {
        reply({ ok: false, status: 422, msg: 'Error!', details: [{ message: 'This change is not understood.', path: 'type' }] });
        return;
      }
      const result = await changes.changeChannels(issueId, session, op, origin);
      reply({ ok: true, channelsNew: result.channels, version: result.version, updatedAt: result.updatedAt });
    } catch (error) {
      reply(refusal(error));
    }
  });

  /**
   * The issue's shared document: a step 1 ('here is what I have') is answered with what the sender
   * lacks and what the server has; an update is stored and the room hears it.
   */
  api.realtime.on(issueEvents.doc, { requires: 'issues.update', refuse }, async (socket, message, session, reply) => {
    const { issueId } = message;
    if (!(await rooms.enter(socket, issueId, session))) {
      reply(notFound);
      return;
    }
    const { readMessage, step1Message, step2Message } = await loadIssueDoc();
    const doc = readMessage(message.message, constants.issues.docMessageMaxBytes);
    if (!doc) {
      reply({ ok: false, status: 422, msg: 'Error!', details: [{ message: 'This change is not understood.', path: 'message' }] });
      return;
    }
    try {
      if (doc.kind === 'step1') {
        const held = await changes.document(issueId);
        reply({ ok: true, messages: [step2Message(held, doc.stateVector), step1Message(held)] });
        return;
      }
      const result = await changes.editDocument(issueId, session, doc.update, { socketId: socket.id, opId: message.opId });
      reply({ ok: true, version: result.version, updatedAt: result.updatedAt, problems: result.problems });
    } catch (error) {
      reply(refusal(error));
    }
  });
}

/** Taking and giving back the intro. */
function registerIntroClaims(api: PluginApi, db: IssuesDb, changes: IssueChanges, rooms: IssueRooms): void {
  /** Takes the intro: refused while someone else writes it (on any server process). */
  api.realtime.on(issueEvents.claim, { requires: 'issues.update', refuse }, async (socket, { issueId }, session, reply) => {
    if (!(await rooms.enter(socket, issueId, session))) {
      reply(notFound);
      return;
    }
    // In the issue's change, so that two claims on two processes are one after the other.
    const answer = await changeIssue(db, issueId, async () => {
      const writer = await changes.introWriter(issueId);
      if (writer && writer.socketId !== socket.id) return { ok: false, status: 409, msg: introTaken(writer.presence!.name) };
      const presence = socket.data.presence as Presence;
      socket.data.presence = { ...presence, field: 'intro', writing: true } satisfies Presence;
      return { ok: true };
    }).catch(() => notFound);
    reply(answer);
    if (answer.ok) await rooms.sendPresence(issueId);
  });

  /** Lets go of the intro (after sending what was written). */
  api.realtime.on(issueEvents.release, { requires: 'issues.update', refuse: ignore }, async (socket, { issueId }) => {
    const presence = socket.data.presence as Presence | undefined;
    if (presence?.issueId !== issueId || !presence.writing) return;
    socket.data.presence = { ...presence, writing: false } satisfies Presence;
    await rooms.sendPresence(issueId);
  });
}

/** The issues' rooms: who is in which issue (each socket's presence), joining, leaving and telling the room. */
function issueRooms(api: PluginApi, db: IssuesDb) {
  const room = issueRoom.room;
  const rooms = {
    async sendPresence(issueId: string) {
      const members = await api.realtime.membersOf(room(issueId));
      const users = members
        .map((member) => ({ socketId: member.socketId, presence: member.data.presence as Presence | undefined }))
        .filter((member) => member.presence?.issueId === issueId)
        .map(({ socketId, presence }) => ({
          socketId,
          _id: presence!._id,
          name: presence!.name,
          image: presence!.image,
          field: presence!.field,
          writing: presence!.writing,
        }));
      api.realtime.emit(issueRoom, issueId, { type: 'presence', issue: { _id: issueId }, users });
    },

    async leave(socket: Socket, issueId: string) {
      await socket.leave(room(issueId));
      if ((socket.data.presence as Presence | undefined)?.issueId === issueId) delete socket.data.presence;
      await rooms.sendPresence(issueId);
    },

    /** The issue the caller may edit live, or undefined: to the caller, one they may not is missing. */
    async readableIssue(issueId: string, session: Session) {
      const row = await findIssue(db, issueId);
      return row && mayReadIssue(session, row) ? row : undefined;
    },

    /** Puts the socket in the issue's room (leaving the one it was in) and tells the room who is there. */
    async join(socket: Socket, row: { id: string }, session: Session) {
      const previous = socket.data.presence as Presence | undefined;
      if (previous && previous.issueId !== row.id) await rooms.leave(socket, previous.issueId);
      socket.data.presence = {
        issueId: row.id,
        _id: session.user.id,
        name: session.user.name || session.user.email,
        image: session.user.image,
        field: null,
        writing: false,
      } satisfies Presence;
      await socket.join(room(row.id));
      if (!socket.data.leavesIssues) {
        socket.data.leavesIssues = true;
        socket.on('disconnecting', () => {
          const presence = socket.data.presence as Presence | undefined;
          // Sent once the socket has left the room.
          if (presence) setTimeout(() => void rooms.sendPresence(presence.issueId).catch(() => undefined), 0);
        });
      }
    },

    /**
     * The spec's client sends its changes without joining first (issue-join is ours): its first
     * change joins it, after the same check, so that it hears 'issue-{id}' from then on. False when
     * the caller may not have the issue.
     */
    async enter(socket: Socket, issueId: string, session: Session): Promise<boolean> {
      if (socket.rooms.has(room(issueId))) return true;
      const row = await rooms.readableIssue(issueId, session);
      if (!row) return false;
      await rooms.join(socket, row, session);
      await rooms.sendPresence(row.id);
      return true;
    },
  };
  return rooms;
}

type IssueRooms = ReturnType<typeof issueRooms>;
