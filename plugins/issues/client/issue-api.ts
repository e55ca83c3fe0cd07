/** The issue calls the console makes (plugins/issues/server/routes.ts answers them). Live edits go over the socket (live-issue.ts). */
import { call } from '../../../core/client/api';
import { keyEndpoints } from '../../../core/shared/endpoints/keys';
import { callAsThisConsole } from '../../../core/client/socket';
import type { IssueContent } from '../../../schemas/generated/api/issue-content';
import type { IssueCreateBody } from '../../../schemas/generated/api/issue-create';
import type { IssueFetchQuery } from '../../../schemas/generated/api/issue-fetch-query';
import type { IssueFields } from '../../../schemas/generated/api/issue-fields';
import type { IssueListQuery } from '../../../schemas/generated/api/issue-list-query';
import type { ChannelTemplate } from '../../../schemas/generated/entities/channel-template';
import type { Issue } from '../../../schemas/generated/entities/issue';
import { issueEndpoints } from '../endpoints';
import type { IssueChannel } from '../rules';

export type { ChannelTemplate, Issue, IssueChannel, IssueContent, IssueFields };

export const issueApi = {
  /** Whole issues: the list answers ids alone only when asked (idOnly), which this call does not. */
  list: async (query: Omit<IssueListQuery, 'idOnly'>) => (await call(issueEndpoints.list, { query })) as { data: Issue[]; count: number },
  fetch: async (id: string, query: IssueFetchQuery = {}) => (await call(issueEndpoints.fetch, { params: { id }, query })).data,
  form: async (id: string) => (await call(issueEndpoints.form, { params: { id } })).data.body,
  /** The issue's subject test with its state and figures (issue 58), null when it has none: the editor's form carries it. */
  subjectTest: async (id: string) => (await call(issueEndpoints.form, { params: { id } })).data.subjectTest,
  content: (id: string) => call(issueEndpoints.content, { params: { id } }),
  template: async (newsletter: string) => (await call(issueEndpoints.template, { query: { newsletter } })).data,
  create: (body: IssueCreateBody) => callAsThisConsole(issueEndpoints.create, { body }),
  save: (id: string, issue: IssueFields, base?: IssueFields) => callAsThisConsole(issueEndpoints.save, { params: { id }, body: { issue, base } }),
  saveChannels: (id: string, channelsNew: IssueChannel[]) => callAsThisConsole(issueEndpoints.saveChannels, { params: { id }, body: { channelsNew } }),
  remove: (id: string) => callAsThisConsole(issueEndpoints.remove, { params: { id } }),
  feature: (id: string, on: boolean) => callAsThisConsole(on ? issueEndpoints.feature : issueEndpoints.unfeature, { params: { id } }),
  keyAvailable: async (key: string, id?: string) =>
    (await call(keyEndpoints.check, { query: { model: 'Issue', key, ...(id ? { _id: id } : {}) } })).msg === 'AVAILABLE',
};
