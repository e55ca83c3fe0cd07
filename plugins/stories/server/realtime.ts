/**
 * Live sync of the story editor (spec 001 section 7, Real-time): an editor joins the story's room
 * (story-join / story-leave) and sends its unsaved changes as 'story' events, which the server
 * passes to the other sessions in the room as 'story-{id}' events. Saves and status changes are
 * announced in the same room by the routes (publication.ts `announce`).
 */
import type { Socket } from 'socket.io';
import type { Session } from '../../../core/server/auth/session';
import type { PluginApi } from '../../../core/server/plugins/contract';
import { sanitizeRichText } from '../../../core/server/sanitize';
import type { StoryFields } from '../../../schemas/generated/api/story-fields';
import { storyEvents, storyRoom } from '../events';
import { storyFieldNames, verdict } from '../rules';
import { actorOf, factsOf, mayRead } from './policy';
import { findStory, type StoriesDb } from './store';

/** The fields a live edit may carry as the editor holds them (the body is sanitized on its way). */
const liveFields = storyFieldNames.filter((field) => field !== 'body');

/** What a story editor hears for a story it may not have, or a join it sent wrong. */
const notFound = (socket: Socket, storyId: string | null) => socket.emit('story-error', { storyId, msg: 'Story not found.' });

export function registerStoryRealtime(api: PluginApi, db: StoriesDb): void {
  const readable = async (id: string, session: Session) => {
    const row = await findStory(db, id);
    return row && mayRead(session, row) ? row : undefined;
  };

  api.realtime.on(storyEvents.join, { requires: 'stories.list', refuse: (socket) => notFound(socket, null) }, async (socket, { storyId }, session) => {
    const row = await readable(storyId, session);
    if (!row) {
      notFound(socket, storyId);
      return;
    }
    await socket.join(storyRoom.room(row.id));
    socket.emit('story-joined', { storyId: row.id });
  });

  api.realtime.on(storyEvents.leave, { requires: 'stories.list', refuse: () => undefined }, async (socket, { storyId }) => {
    await socket.leave(storyRoom.room(storyId));
  });

  // A live edit that is not one is dropped: the editor's next save carries its fields.
  api.realtime.on(storyEvents.live, { requires: 'stories.create', refuse: () => undefined }, async (socket, message, session) => {
    const id = message.storyId;
    if (!socket.rooms.has(storyRoom.room(id))) return;
    const row = await readable(id, session);
    if (!row || !verdict('edit', factsOf(row), actorOf(session)).ok) return;
    const story: Record<string, unknown> = {};
    const fields = message.story as Record<string, unknown>;
    for (const field of liveFields) if (field in fields) story[field] = fields[field];
    const body = fields.body as { html?: unknown } | undefined;
    if (typeof body?.html === 'string') story.body = { html: sanitizeRichText(body.html) };
    const update = {
      action: 'story-update',
      type: message.type ?? 'fields',
      // An editor's unsaved fields go on as they hold them (their save is what gets checked); only the body is sanitized.
      story: story as StoryFields,
      socketId: socket.id,
      user: { _id: session.user.id, name: session.user.name },
    } as const;
    api.realtime.emit(storyRoom, id, update, socket);
  });
}
