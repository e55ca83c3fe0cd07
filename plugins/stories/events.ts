/**
 * The socket events of the story editor's live sync (spec 001 section 7, Real-time), declared
 * once: plugins/stories/server/realtime.ts handles what the editor sends; the story's room hears
 * what the server sends on 'story-{id}' (an editor's unsaved fields, a save, a deletion).
 */
import { schema } from '../../core/shared/endpoints';
import { roomEvent, socketEvent } from '../../core/shared/events';
import type { StoryFields } from '../../schemas/generated/api/story-fields';
import type { Story } from '../../schemas/generated/entities/story';

export const storyEvents = {
  join: socketEvent('story-join', schema('api/story-room-event')),
  leave: socketEvent('story-leave', schema('api/story-room-event')),
  live: socketEvent('story', schema('api/story-live-event')),
};

/** What a story's room hears; socketId names the console the change came from (null: none). */
export type StoryRoomMessage =
  | { action: 'story-update'; type: string; story: StoryFields; socketId: string; user: { _id: string; name: string } }
  | { action: 'story-saved'; story: Story; socketId: string | null }
  | { action: 'story-deleted'; story: { _id: string }; socketId: string | null };

export const storyRoom = roomEvent<StoryRoomMessage>((storyId: string) => `story-${storyId}`);
