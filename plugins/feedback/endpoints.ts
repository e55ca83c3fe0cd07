/** The feedback calls (spec 002 section 2.12), declared once: plugins/feedback/server/routes.ts serves them, the console calls them. */
import { data, endpoint, list, schema } from '../../core/shared/endpoints';

export const feedbackEndpoints = {
  create: endpoint('POST', '/feedback/create', { body: schema('api/feedback-create'), answer: data(schema('entities/feedback')) }),
  list: endpoint('GET', '/feedback/list', { query: schema('api/feedback-list-query'), answer: list(schema('entities/feedback')) }),
  save: endpoint('PUT', '/feedback/update/:id', { body: schema('api/feedback-update'), answer: data(schema('entities/feedback')) }),
};
