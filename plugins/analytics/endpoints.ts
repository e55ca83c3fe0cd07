/** The analytics calls (spec section 7), declared once: plugins/analytics/server/routes.ts serves them, the analytics screens call them. The tracking addresses (/t/...) are public pages. */
import { data, endpoint, inline, schema } from '../../core/shared/endpoints';

export const analyticEndpoints = {
  /** force is accepted and changes nothing: the series always come from the rollups. */
  statistics: endpoint('POST', '/statistics/generate', {
    body: schema('api/statistics-generate'),
    query: inline<{ force?: boolean }>({ type: 'object', properties: { force: { type: 'boolean' } } }),
    answer: data(schema('api/analytics-statistics')),
  }),
  filter: endpoint('POST', '/analytics/filter', { body: schema('api/analytics-filter'), answer: data(schema('api/analytics-filter-result')) }),
  /** The publisher's newsletters side by side over a range (issue 55 point 4): the publisher analytics' table. */
  publisher: endpoint('GET', '/publishers/analytics/:id', { query: schema('api/publisher-analytics-query'), answer: data(schema('api/publisher-analytics')) }),
};
