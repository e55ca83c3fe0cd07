/** The calls of the publish page and the preview (plugins/issues/server/publish-routes.ts answers them). */
import { call, callPath } from '../../../../core/client/api';
import { newsletterEndpoints } from '../../../newsletters/endpoints';
import { sendAsThisConsole } from '../../../../core/client/socket';
import type { Issue } from '../issue-api';
import type { MailServerWait, PublishOptions } from '../../publishing';

/** The issue's e-mail as subscribers get it (POST /issues/build/{id}). */
export interface BuiltIssue {
  html: string;
  darkHtml: string;
  text: string;
  bytes: number;
  /** Over the size at which Gmail clips a message. */
  clipped: boolean;
}

/** What became of one medium's messages; 'doubt': handed to the mail server, no answer recorded before a restart. */
export interface DeliveryCounts {
  total: number;
  sent: number;
  failed: number;
  doubt: number;
  pending: number;
}

export interface DeliveryProgress {
  email: DeliveryCounts;
  notification: DeliveryCounts;
  failures: { email: string; answer: string; at: string }[];
  /** Null while the mail server answers. */
  mailServer: MailServerWait | null;
}

export interface PublishRequest {
  /** Left out on a reschedule that keeps the issue's date (still ahead), and for sends that go now. */
  publishedAt?: string;
  publishOptions: PublishOptions;
}

export const publishApi = {
  build: async (id: string) => (await callPath<BuiltIssue>('post', `/issues/build/${id}`)).data,
  dropBuild: (id: string) => callPath<boolean>('delete', `/issues/build/${id}`),
  publish: (id: string, request: PublishRequest) => sendAsThisConsole<Issue>('post', `issues/publish/${id}`, request),
  cancel: (id: string) => sendAsThisConsole<Issue>('delete', `issues/publish/${id}`),
  deliveries: async (id: string) => (await callPath<DeliveryProgress>('get', `/issues/deliveries/${id}`)).data,
  retry: (id: string, state: 'failed' | 'doubt') => callPath<DeliveryProgress>('post', `/issues/deliveries/${id}/retry`, { state }),
  newsletter: async (id: string) => (await call(newsletterEndpoints.fetch, { params: { id } })).data,
};
