/** The outbox calls (admins), declared once: plugins/outbox/server/routes.ts serves them, the console calls them. */
import { data, endpoint, list, schema } from '../../core/shared/endpoints';

export const outboxEndpoints = {
  status: endpoint('GET', '/outbox/status', { answer: data(schema('api/outbox-status')) }),
  list: endpoint('GET', '/outbox/list', { query: schema('api/outbox-list-query'), answer: list(schema('api/outbox-summary')) }),
  fetch: endpoint('GET', '/outbox/list/:id', { answer: data(schema('api/outbox-message')) }),
};
