/**
 * The issue calls (spec 001 section 7), declared once: plugins/issues/server/routes.ts and
 * publish-routes.ts serve them, the console calls them. Live edits go over the socket instead.
 */
import { data, endpoint, inline, list, schema, whole, type ListEndpoint } from '../../core/shared/endpoints';
import type { Issue } from '../../schemas/generated/entities/issue';
import type { IssueId } from '../../schemas/generated/api/issue-id';

const issue = data(schema('entities/issue'));
const deliveries = data(schema('api/issue-deliveries'));

export const issueEndpoints = {
  template: endpoint('GET', '/issues/create', {
    query: inline<{ newsletter: string }>({
      type: 'object',
      required: ['newsletter'],
      properties: { newsletter: { type: 'string', minLength: 1, maxLength: 64 } },
    }),
    answer: data(schema('api/issue-create-form')),
  }),
  create: endpoint('POST', '/issues/create', { body: schema('api/issue-create'), answer: issue }),
  form: endpoint('GET', '/issues/update/:id', { answer: data(schema('api/issue-update-form')) }),
  content: endpoint('GET', '/issues/update/:id/content', { answer: whole(schema('api/issue-content')) }),
  save: endpoint('PUT', '/issues/update/:id/edit', { body: schema('api/issue-update'), answer: issue }),
  saveChannels: endpoint('PUT', '/issues/update/:id/channels', { body: schema('api/issue-channels'), answer: data(schema('api/issue-channels-saved')) }),
  remove: endpoint('DELETE', '/issues/delete/:id', { answer: data(schema('api/issue-deleted')) }),
  /** With idOnly, each issue is its id alone. */
  list: endpoint('GET', '/issues/list', {
    query: schema('api/issue-list-query'),
    answer: list(inline<Issue | IssueId>({ anyOf: [schema('entities/issue').schema, schema('api/issue-id').schema] })),
  }),
  fetch: endpoint('GET', '/issues/list/:id', { query: schema('api/issue-fetch-query'), answer: issue }),
  /** The spec's item fetch for an embed card (spec 002 section 7): the same issue as `fetch`. */
  item: endpoint('GET', '/issues/:id', { query: schema('api/issue-fetch-query'), answer: issue }),
  feature: endpoint('PUT', '/issues/feature/:id', { answer: issue }),
  unfeature: endpoint('DELETE', '/issues/feature/:id', { answer: issue }),

  // The publish page and the preview (publish-routes.ts).
  build: endpoint('POST', '/issues/build/:id', { answer: data(schema('api/issue-build')) }),
  dropBuild: endpoint('DELETE', '/issues/build/:id', { answer: data(inline<boolean>({ type: 'boolean' })) }),
  publish: endpoint('POST', '/issues/publish/:id', { body: schema('api/issue-publish'), answer: issue }),
  cancel: endpoint('DELETE', '/issues/publish/:id', { answer: issue }),
  preflight: endpoint('GET', '/issues/preflight/:id', { answer: data(schema('api/issue-preflight')) }),
  deliveries: endpoint('GET', '/issues/deliveries/:id', { answer: deliveries }),
  /** A subject test's winner picked by hand before its wait ends (issue 58). */
  pickWinner: endpoint('PUT', '/issues/subject-test/:id', {
    body: inline<{ winner: number }>({
      type: 'object',
      additionalProperties: false,
      required: ['winner'],
      properties: { winner: { type: 'integer', minimum: 0 } },
    }),
    answer: data(schema('entities/subject-test')),
  }),
  retry: endpoint('POST', '/issues/deliveries/:id/retry', {
    body: inline<{ state: 'failed' | 'doubt' }>({
      type: 'object',
      additionalProperties: false,
      required: ['state'],
      properties: { state: { enum: ['failed', 'doubt'] } },
    }),
    answer: deliveries,
  }),
};

const issuesOrIds: ListEndpoint<Issue | IssueId> = issueEndpoints.list;
/** The issue list as the lists and pickers ask for it, without idOnly: every item is a whole issue. */
export const wholeIssueList = issuesOrIds as ListEndpoint<Issue>;
