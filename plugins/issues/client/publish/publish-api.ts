/** The calls of the publish page and the preview (plugins/issues/server/publish-routes.ts answers them). */
import { call } from '../../../../core/client/api';
import { callAsThisConsole } from '../../../../core/client/socket';
import type { IssueBuild } from '../../../../schemas/generated/api/issue-build';
import type { Counts, IssueDeliveries } from '../../../../schemas/generated/api/issue-deliveries';
import { newsletterEndpoints } from '../../../newsletters/endpoints';
import { issueEndpoints } from '../../endpoints';
import type { PublishOptions } from '../../publishing';
import type { SubjectTestRequest } from '../../subject-test';

/** The issue's e-mail as subscribers get it (POST /issues/build/{id}); clipped: over the size at which Gmail clips a message. */
export type BuiltIssue = IssueBuild;

/** What became of one medium's messages; 'doubt': handed to the mail server, no answer recorded before a restart. */
export type DeliveryCounts = Counts;

/** The messages per medium, the latest failures, and the mail server's wait (null while it answers). */
export type DeliveryProgress = IssueDeliveries;

/** A type, not an interface: the declared body (api/issue-publish) takes more fields, and only a type is seen to fit it. */
export type PublishRequest = {
  /** Left out on a reschedule that keeps the issue's date (still ahead), and for sends that go now. */
  publishedAt?: string;
  publishOptions: PublishOptions;
  /** Subject lines to try before the rest of the e-mail audience gets the winner (issue 58); absent: none. */
  subjectTest?: SubjectTestRequest;
};

export const publishApi = {
  build: async (id: string) => (await call(issueEndpoints.build, { params: { id } })).data,
  dropBuild: (id: string) => call(issueEndpoints.dropBuild, { params: { id } }),
  publish: (id: string, request: PublishRequest) => callAsThisConsole(issueEndpoints.publish, { params: { id }, body: request }),
  cancel: (id: string) => callAsThisConsole(issueEndpoints.cancel, { params: { id } }),
  preflight: async (id: string) => (await call(issueEndpoints.preflight, { params: { id } })).data,
  deliveries: async (id: string) => (await call(issueEndpoints.deliveries, { params: { id } })).data,
  /** Sends a subject test's `winner` to the rest before its wait ends. */
  pickWinner: (id: string, winner: number) => callAsThisConsole(issueEndpoints.pickWinner, { params: { id }, body: { winner } }),
  retry: (id: string, state: 'failed' | 'doubt') => call(issueEndpoints.retry, { params: { id }, body: { state } }),
  newsletter: async (id: string) => (await call(newsletterEndpoints.fetch, { params: { id } })).data,
};
