/** Each user's dashboard layouts, declared once: core/server/dashboards.ts serves them, the console's dashboard page calls them. */
import type { DashboardLayout } from '../../../schemas/generated/api/dashboard-layout';
import { data, endpoint, inline, schema } from '../endpoints';

/** The dashboards a layout is kept for. */
const params = {
  type: 'object',
  required: ['dashboard'],
  properties: { dashboard: { type: 'string', enum: ['newsletter', 'publisher'] } },
};

export const dashboardEndpoints = {
  /** null: the default layout. */
  fetch: endpoint('GET', '/auth/dashboard/:dashboard', {
    params,
    answer: data(inline<DashboardLayout | null>({ oneOf: [{ $ref: 'api/dashboard-layout#' }, { type: 'null' }] })),
  }),
  save: endpoint('PUT', '/auth/dashboard/:dashboard', { params, body: schema('api/dashboard-layout-save'), answer: data(schema('api/dashboard-layout')) }),
  forget: endpoint('DELETE', '/auth/dashboard/:dashboard', { params, answer: data(inline<null>({ type: 'null' })) }),
};
