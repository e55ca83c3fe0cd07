/**
 * Each user's arrangement of a dashboard's panels (react-grid-layout items on 24 columns), kept
 * per user and dashboard: GET /auth/dashboard/:dashboard answers it (null: the default layout),
 * PUT saves it, DELETE forgets it.
 */
import type { DashboardLayout } from '../../schemas/generated/api/dashboard-layout';
import { coreTables } from './db/database';
import type { PluginApi } from './plugins/contract';
import { dashboardEndpoints } from '../shared/endpoints/dashboards';
import { findLayout, forgetLayout, saveLayout } from './store';

export type LayoutItem = DashboardLayout[number];

/** The path's dashboard: the declaration's params schema admits only these. */
type Dashboard = 'newsletter' | 'publisher';

export function registerDashboardRoutes(api: PluginApi): void {
  const db = coreTables(api.db);

  api.serve(dashboardEndpoints.fetch, {
    signedIn: true,
    summary: "The caller's arrangement of a dashboard's panels; null for the default one.",
    async handler(request, _reply, session) {
      return { data: ((await findLayout(db, session.user.id, request.params.dashboard as Dashboard)) as LayoutItem[] | undefined) ?? null };
    },
  });

  api.serve(dashboardEndpoints.save, {
    signedIn: true,
    summary: "Saves the caller's arrangement of a dashboard's panels.",
    async handler(request, _reply, session) {
      await saveLayout(db, session.user.id, request.params.dashboard as Dashboard, request.body.layout);
      return { data: request.body.layout, msg: 'OK' };
    },
  });

  api.serve(dashboardEndpoints.forget, {
    signedIn: true,
    summary: "Forgets the caller's arrangement: the dashboard shows the default one again.",
    async handler(request, _reply, session) {
      await forgetLayout(db, session.user.id, request.params.dashboard as Dashboard);
      return { data: null, msg: 'OK' };
    },
  });
}
