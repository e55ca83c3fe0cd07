/** The dashboards' own call (spec section 7): the publisher card of the publisher home, declared once for the server and the console. */
import { data, endpoint, schema } from '../../core/shared/endpoints';

export const dashboardEndpoints = {
  publisher: endpoint('GET', '/publishers/list/:id', { answer: data(schema('entities/publisher')) }),
};
