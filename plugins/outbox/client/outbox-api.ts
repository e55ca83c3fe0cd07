/** The outbox calls the page makes (plugins/outbox/server/routes.ts answers them). */
import { call } from '../../../core/client/api';
import { outboxEndpoints } from '../endpoints';

/** The list's address, for the list page's hook (core/client/list/use-list-page.ts), which fetches by address. */
export const outboxListPath = outboxEndpoints.list.path;

export const outboxApi = {
  status: async () => (await call(outboxEndpoints.status)).data,
  message: async (id: string) => (await call(outboxEndpoints.fetch, { params: { id } })).data,
};
