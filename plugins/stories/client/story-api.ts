/** The story calls the console makes (plugins/stories/server/routes.ts answers them). */
import { call, list } from '../../../core/client/api';
import { sendAsThisConsole } from '../../../core/client/socket';
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
  list: (params: Record<string, string | number | boolean>) => list<Story>('/stories/list', params),
  fetch: async (id: string) => (await call<Story>('get', `/stories/list/${id}`)).data,
  form: async (id: string) => (await call<{ body: Story; data: StoryFormData }>('get', `/stories/update/${id}`)).data,
  template: async (newsletter: string, type: Story['type']) =>
    (await call<{ body: StoryTemplate; data: StoryFormData }>('get', '/stories/create', undefined, { newsletter, type })).data,
  create: (newsletter: string, type: Story['type'], story: StoryFields) => sendAsThisConsole<Story>('post', 'stories/create', { newsletter, type, story }),
  save: (id: string, version: number, story: StoryFields, base: StoryFields) =>
    sendAsThisConsole<Story>('put', `stories/update/${id}`, { version, story, base }),
  ready: (id: string) => sendAsThisConsole<Story>('put', `stories/ready/${id}`),
  draft: (id: string) => sendAsThisConsole<Story>('put', `stories/draft/${id}`),
  accept: (id: string) => sendAsThisConsole<Story>('put', `stories/accept/${id}`),
  publish: (id: string, publishedAt: Date, notify: boolean) =>
    sendAsThisConsole<Story>('post', `stories/publish/${id}`, { publishedAt: publishedAt.toISOString(), notify }),
  cancelSchedule: (id: string) => sendAsThisConsole<Story>('delete', `stories/publish/${id}`),
  cancel: (id: string) => sendAsThisConsole<Story>('post', `stories/cancel/${id}`),
  unpublish: (id: string) => sendAsThisConsole<Story>('put', `stories/unpublish/${id}`),
  remove: (id: string) => sendAsThisConsole<{ _id: string; newsletter: string }>('delete', `stories/delete/${id}`),
  feature: (id: string, on: boolean) => sendAsThisConsole<Story>(on ? 'put' : 'delete', `stories/feature/${id}`),
  addPenName: (name: string) => sendAsThisConsole<PenName>('post', 'stories/authors', { name }),
  slugAvailable: async (key: string, id?: string) =>
    (await call<{ available: boolean }>('get', '/keys/check', undefined, { model: 'Story', key, ...(id ? { _id: id } : {}) })).msg === 'AVAILABLE',
};
