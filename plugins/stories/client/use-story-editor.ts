/**
 * The story editor's state for React: a StoryDraft (story-draft.ts) joined to the story's live
 * room (spec 001 section 7, Real-time: story-join, story-leave, 'story' events out, 'story-{id}'
 * events in), the rich-text editor's controls, and the page's unload (the browser's 'Changes you
 * made may not be saved.' prompt and a keep-alive save of what is pending).
 */
import { useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import { apiBase, interfaceLanguage } from '../../../core/client/api';
import type { RichTextControls } from '../../../core/client/rich-text';
import { currentSocket, useConnectionStatus } from '../../../core/client/socket';
import { store, tokenAtom } from '../../../core/client/stores';
import { constants } from '../../../core/shared/config';
import { listen, send } from '../../../core/shared/events';
import { storyEvents, storyRoom, type StoryRoomMessage } from '../events';
import { storyApi, type Story, type StoryFields } from './story-api';
import { StoryDraft, type DraftFields, type DraftState } from './story-draft';

export interface StoryEditor {
  draft: StoryDraft;
  state: DraftState;
  connected: boolean;
  /** The body editor reports itself here once it runs. */
  bindBody(controls: RichTextControls | null): void;
  /** Replaces the body shown in the editor (a change that came from elsewhere). */
  setBody(html: string): void;
}

/** Sends this session's changes to the room at most once per constants.stories.socketSyncMs. */
function throttledBroadcast(storyIdOf: () => string | undefined) {
  let pending: StoryFields = {};
  let timer: ReturnType<typeof setTimeout> | null = null;
  let last = 0;
  const flush = () => {
    timer = null;
    const socket = currentSocket();
    const storyId = storyIdOf();
    if (!socket?.connected || !storyId || Object.keys(pending).length === 0) return;
    send(socket, storyEvents.live, { storyId, action: 'story-update', type: 'fields', story: pending, socketId: socket.id });
    pending = {};
    last = Date.now();
  };
  return (fields: StoryFields) => {
    pending = { ...pending, ...fields };
    if (timer) return;
    timer = setTimeout(flush, Math.max(0, constants.stories.socketSyncMs - (Date.now() - last)));
  };
}

export function useStoryEditor(
  start: { story: Story } | { newsletter: string; type: Story['type']; fields: Partial<DraftFields> },
  events: { onCreated(story: Story): void; onDeleted(): void },
): StoryEditor {
  const body = useRef<RichTextControls | null>(null);
  const storyId = useRef<string | undefined>('story' in start ? start.story._id : undefined);
  const handlers = useRef(events);
  handlers.current = events;

  const draft = useMemo(
    () =>
      new StoryDraft(start, {
        create: storyApi.create,
        save: storyApi.save,
        onCreated: (story) => {
          storyId.current = story._id;
          handlers.current.onCreated(story);
        },
        broadcast: throttledBroadcast(() => storyId.current),
        storage: localStorage,
      }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one draft per story the page shows
    [],
  );
  useEffect(() => () => draft.dispose(), [draft]);
  const state = useSyncExternalStore(draft.subscribe, () => draft.snapshot);
  const status = useConnectionStatus();
  const id = state.story?._id;

  // The story's room: joined once connected (again after a reconnection), left on exit.
  useEffect(() => {
    const socket = currentSocket();
    if (!socket || !id || status !== 'authenticated') return;
    const setBody = (patch: Partial<DraftFields>) => {
      if (patch.body !== undefined) body.current?.setData(patch.body);
    };
    const onMessage = (message: StoryRoomMessage) => {
      if (message.socketId && message.socketId === socket.id) return;
      if (message.action === 'story-update') setBody(draft.applyRemoteEdit(message.story, message.user.name));
      else if (message.action === 'story-saved') setBody(draft.applySaved(message.story));
      else if (message.action === 'story-deleted') {
        draft.dispose();
        handlers.current.onDeleted();
      }
    };
    const stop = listen(socket, storyRoom, id, onMessage);
    send(socket, storyEvents.join, { storyId: id });
    return () => {
      stop();
      send(socket, storyEvents.leave, { storyId: id });
    };
  }, [id, status, draft]);

  // Leaving with an unsaved edit: the browser asks, and what is pending goes out with a keep-alive request.
  useEffect(() => {
    const beforeUnload = (event: BeforeUnloadEvent) => {
      if (!draft.snapshot.edited) return;
      const pending = draft.pendingSave();
      const token = store.get(tokenAtom);
      if (pending && token) {
        void fetch(`${apiBase}/stories/update/${pending.id}`, {
          method: 'PUT',
          keepalive: true,
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'accept-language': interfaceLanguage, 'x-request-source': 'editor' },
          body: JSON.stringify({ version: pending.version, story: pending.story, base: pending.base }),
        }).catch(() => undefined);
      }
      event.preventDefault();
      event.returnValue = 'Changes you made may not be saved.';
    };
    window.addEventListener('beforeunload', beforeUnload);
    return () => window.removeEventListener('beforeunload', beforeUnload);
  }, [draft]);

  return {
    draft,
    state,
    connected: status === 'authenticated',
    bindBody(controls) {
      body.current = controls;
      if (controls) draft.setNormalizer(controls.normalize);
    },
    setBody(html) {
      body.current?.setData(html);
    },
  };
}
