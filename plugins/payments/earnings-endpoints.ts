/** The Earnings calls (issue 33 point 5), declared once: server/earnings.ts serves them, the Earnings page calls them. */
import { data, endpoint, schema } from '../../core/shared/endpoints';

export const earningsEndpoints = {
  earnings: endpoint('GET', '/payments/earnings', { query: schema('api/earnings-query'), answer: data(schema('api/earnings')) }),
};
