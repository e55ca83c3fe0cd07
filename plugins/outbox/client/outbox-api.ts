/** The outbox calls the page makes (plugins/outbox/server/routes.ts answers them). */
import { call } from '../../../core/client/api';
import { outboxEndpoints } from '../endpoints';

export const outboxApi = {
  status: async () => (await call(outboxEndpoints.status)).data,
  message: async (id: string) => (await call(outboxEndpoints.fetch, { params: { id } })).data,
};
