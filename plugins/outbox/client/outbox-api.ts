/** The outbox calls the page makes (plugins/outbox/server/routes.ts answers them). */
import { callPath } from '../../../core/client/api';
import type { OutboxMessage, OutboxStatus } from '../messages';

export const outboxListPath = '/outbox/list';

export const outboxApi = {
  status: async () => (await callPath<OutboxStatus>('get', '/outbox/status')).data,
  message: async (id: string) => (await callPath<OutboxMessage>('get', `${outboxListPath}/${encodeURIComponent(id)}`)).data,
};
