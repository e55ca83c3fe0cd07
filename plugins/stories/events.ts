/** The socket events of the story editor's live sync (spec 001 section 7, Real-time), declared once: plugins/stories/server/realtime.ts handles them, the editor sends them. */
import { schema } from '../../core/shared/endpoints';
import { socketEvent } from '../../core/shared/events';

export const storyEvents = {
  join: socketEvent('story-join', schema('api/story-room-event')),
  leave: socketEvent('story-leave', schema('api/story-room-event')),
  live: socketEvent('story', schema('api/story-live-event')),
};
