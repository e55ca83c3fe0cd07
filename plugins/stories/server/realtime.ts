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
import { storyFieldNames, verdict } from '../rules';
import { actorOf, factsOf, mayRead } from './policy';
import { findStory, type StoriesDb } from './store';

/** The fields a live edit may carry as the editor holds them (the body is sanitized on its way). */
const liveFields = storyFieldNames.filter((field) => field !== 'body');

const storyIdOf = (payload: unknown) => {
  const id = (payload as { storyId?: unknown } | null)?.storyId;
  return typeof id === 'string' && id.length > 0 && id.length <= 64 ? id : null;
};

export function registerStoryRealtime(api: PluginApi, db: StoriesDb): void {
  const readable = async (payload: unknown, session: Session) => {
    const id = storyIdOf(payload);
    const row = id ? await findStory(db, id) : undefined;
    return row && mayRead(session, row) ? row : undefined;
  };

  api.realtime.on('story-join', { requires: 'stories.list' }, async (socket: Socket, payload, session) => {
    const row = await readable(payload, session);
    if (!row) {
      socket.emit('story-error', { storyId: storyIdOf(payload), msg: 'Story not found.' });
      return;
    }
    await socket.join(`story-${row.id}`);
    socket.emit('story-joined', { storyId: row.id });
  });

  api.realtime.on('story-leave', { requires: 'stories.list' }, async (socket: Socket, payload) => {
    const id = storyIdOf(payload);
    if (id) await socket.leave(`story-${id}`);
  });

  api.realtime.on('story', { requires: 'stories.create' }, async (socket: Socket, payload, session) => {
    const id = storyIdOf(payload);
    const message = payload as { action?: unknown; type?: unknown; story?: Record<string, unknown> };
    if (!id || message.action !== 'story-update' || !socket.rooms.has(`story-${id}`) || typeof message.story !== 'object' || !message.story) return;
    const row = await readable(payload, session);
    if (!row || !verdict('edit', factsOf(row), actorOf(session)).ok) return;
    const story: Record<string, unknown> = {};
    for (const field of liveFields) if (field in message.story) story[field] = message.story[field];
    const body = message.story.body as { html?: unknown } | undefined;
    if (typeof body?.html === 'string') story.body = { html: sanitizeRichText(body.html) };
    socket.to(`story-${id}`).emit(`story-${id}`, {
      action: 'story-update',
      type: typeof message.type === 'string' ? message.type : 'fields',
      story,
      socketId: socket.id,
      user: { _id: session.user.id, name: session.user.name },
    });
  });
}
