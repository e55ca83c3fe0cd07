/** The issue calls the console makes (plugins/issues/server/routes.ts answers them). Live edits go over the socket (live-issue.ts). */
import { call, callPath, list } from '../../../core/client/api';
import { keyEndpoints } from '../../../core/shared/endpoints/keys';
import { sendAsThisConsole } from '../../../core/client/socket';
import type { IssueFields } from '../../../schemas/generated/api/issue-fields';
import type { ChannelTemplate } from '../../../schemas/generated/entities/channel-template';
import type { Issue } from '../../../schemas/generated/entities/issue';
import type { Interest } from '../../../schemas/generated/entities/interest';
import type { NewsletterSummary } from '../../../schemas/generated/entities/newsletter-summary';
import type { PenName } from '../../../schemas/generated/entities/pen-name';
import type { Story } from '../../stories/client/public';
import type { IssueChannel } from '../rules';

export type { ChannelTemplate, Issue, IssueChannel, IssueFields };

/** What the issue editor shows around the issue (GET /issues/update/{id}/content). */
export interface IssueContent {
  data: {
    authors: PenName[];
    tags: string[];
    interests: Interest[];
    bullet: { type: 'bullet'; newsletter: string; issue: string };
    article: { type: 'article'; newsletter: string; issue: string };
    newsletter: NewsletterSummary;
  };
  stories: Story[];
}

export const issueApi = {
  list: (params: Record<string, string | number | boolean>) => list<Issue>('/issues/list', params),
  fetch: async (id: string, params: { normalizeBody?: boolean; updateStats?: boolean } = {}) =>
    (await callPath<Issue>('get', `/issues/list/${id}`, undefined, params)).data,
  form: async (id: string) => (await callPath<{ body: Issue }>('get', `/issues/update/${id}`)).data.body,
  content: async (id: string) => (await callPath<IssueContent['data']>('get', `/issues/update/${id}/content`)) as unknown as IssueContent,
  template: async (newsletter: string) =>
    (await callPath<{ body: Partial<Issue>; data: { channelTemplates: ChannelTemplate[] } }>('get', '/issues/create', undefined, { newsletter })).data,
  create: (body: { newsletter: string; slug: string; template?: string; premium?: boolean }) => sendAsThisConsole<Issue>('post', 'issues/create', body),
  save: (id: string, issue: IssueFields, base?: IssueFields) => sendAsThisConsole<Issue>('put', `issues/update/${id}/edit`, { issue, base }),
  saveChannels: (id: string, channelsNew: IssueChannel[]) =>
    sendAsThisConsole<{ updatedAt: string; version: number; channelsNew: IssueChannel[] }>('put', `issues/update/${id}/channels`, { channelsNew }),
  remove: (id: string) => sendAsThisConsole<{ _id: string; newsletter: string }>('delete', `issues/delete/${id}`),
  feature: (id: string, on: boolean) => sendAsThisConsole<Issue>(on ? 'put' : 'delete', `issues/feature/${id}`),
  keyAvailable: async (key: string, id?: string) =>
    (await call(keyEndpoints.check, { query: { model: 'Issue', key, ...(id ? { _id: id } : {}) } })).msg === 'AVAILABLE',
};
