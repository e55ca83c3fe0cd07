/** The story calls the console makes (plugins/stories/server/routes.ts answers them). */
import { call } from '../../../core/client/api';
import { keyEndpoints } from '../../../core/shared/endpoints/keys';
import { callAsThisConsole } from '../../../core/client/socket';
import { storyEndpoints } from '../endpoints';
import type { StoryListQuery } from '../../../schemas/generated/api/story-list-query';
import type { StoryFields } from '../../../schemas/generated/api/story-fields';
import type { Interest } from '../../../schemas/generated/entities/interest';
import type { PenName } from '../../../schemas/generated/entities/pen-name';
import type { Story } from '../../../schemas/generated/entities/story';

export type { Story, StoryFields, PenName };

/** What the editor offers besides the story: pen names, tags in use, interests. */
export interface StoryFormData {
  authors: PenName[];
  tags: string[];
  interests: Interest[];
  slugMax: number;
}

/** A new story's blank form: its type, newsletter, the caller's pen name and the starting body. */
export interface StoryTemplate {
  type: Story['type'];
  newsletter: string;
  writer: string;
  body: { html: string };
}

export const storyApi = {
  list: (query: StoryListQuery) => call(storyEndpoints.list, { query }),
  fetch: async (id: string) => (await call(storyEndpoints.fetch, { params: { id } })).data,
  form: async (id: string) => (await call(storyEndpoints.form, { params: { id } })).data,
  template: async (newsletter: string, type: Story['type']) => (await call(storyEndpoints.template, { query: { newsletter, type } })).data,
  create: (newsletter: string, type: Story['type'], story: StoryFields) => callAsThisConsole(storyEndpoints.create, { body: { newsletter, type, story } }),
  save: (id: string, version: number, story: StoryFields, base: StoryFields) =>
    callAsThisConsole(storyEndpoints.save, { params: { id }, body: { version, story, base } }),
  ready: (id: string) => callAsThisConsole(storyEndpoints.ready, { params: { id } }),
  draft: (id: string) => callAsThisConsole(storyEndpoints.draft, { params: { id } }),
  accept: (id: string) => callAsThisConsole(storyEndpoints.accept, { params: { id } }),
  publish: (id: string, publishedAt: Date, notify: boolean) =>
    callAsThisConsole(storyEndpoints.publish, { params: { id }, body: { publishedAt: publishedAt.toISOString(), notify } }),
  cancelSchedule: (id: string) => callAsThisConsole(storyEndpoints.cancelSchedule, { params: { id } }),
  cancel: (id: string) => callAsThisConsole(storyEndpoints.cancel, { params: { id } }),
  unpublish: (id: string) => callAsThisConsole(storyEndpoints.unpublish, { params: { id } }),
  remove: (id: string) => callAsThisConsole(storyEndpoints.remove, { params: { id } }),
  feature: (id: string, on: boolean) => callAsThisConsole(on ? storyEndpoints.feature : storyEndpoints.unfeature, { params: { id } }),
  addPenName: (name: string) => callAsThisConsole(storyEndpoints.addPenName, { body: { name } }),
  slugAvailable: async (key: string, id?: string) =>
    (await call(keyEndpoints.check, { query: { model: 'Story', key, ...(id ? { _id: id } : {}) } })).msg === 'AVAILABLE',
};
