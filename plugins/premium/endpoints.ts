/** The premium-story service's calls (spec 002 section 7), declared once: plugins/premium/server/routes.ts serves them, the console calls them. */
import { data, endpoint, list, schema, whole } from '../../core/shared/endpoints';

/** A change answers the whole record with success true (the spec's service does). */
const change = whole(schema('api/premium-story-change'));

export const premiumEndpoints = {
  mark: endpoint('POST', '/premium/story', { body: schema('api/premium-story'), answer: change }),
  list: endpoint('GET', '/premium/story/list', { answer: list(schema('api/premium-story-record')) }),
  fetch: endpoint('GET', '/premium/story/:id', { answer: data(schema('api/premium-story-flag')) }),
  save: endpoint('PUT', '/premium/story/:id', { body: schema('api/premium-story'), answer: change }),
  remove: endpoint('DELETE', '/premium/story/:id', { answer: change }),
};
