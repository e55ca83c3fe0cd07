/**
 * Each user's arrangement of a dashboard's panels (react-grid-layout items on 24 columns), kept
 * per user and dashboard: GET /auth/dashboard/:dashboard answers it (null: the default layout),
 * PUT saves it, DELETE forgets it.
 */
import type { DashboardLayout } from '../../schemas/generated/api/dashboard-layout';
import type { PluginApi } from './plugins/contract';
import { answer, ref } from './schemas/parts';
import { findLayout, forgetLayout, saveLayout } from './store';

export type LayoutItem = DashboardLayout[number];

const dashboardParams = {
  type: 'object',
  required: ['dashboard'],
  properties: { dashboard: { type: 'string', enum: ['newsletter', 'publisher'] } },
} as const;

const layoutBody = {
  type: 'object',
  required: ['layout'],
  additionalProperties: false,
  properties: {
    layout: {
      type: 'array',
      maxItems: 50,
      items: {
        type: 'object',
        required: ['i', 'x', 'y', 'w', 'h'],
        additionalProperties: false,
        properties: {
          i: { type: 'string', minLength: 1, maxLength: 64 },
          x: { type: 'integer', minimum: 0, maximum: 23 },
          y: { type: 'integer', minimum: 0, maximum: 1000 },
          w: { type: 'integer', minimum: 1, maximum: 24 },
          h: { type: 'integer', minimum: 1, maximum: 60 },
        },
      },
    },
  },
} as const;

type Params = { dashboard: 'newsletter' | 'publisher' };

export function registerDashboardRoutes(api: PluginApi): void {
  const { db } = api;

  api.route<unknown, unknown, Params>({
    method: 'GET',
    url: '/auth/dashboard/:dashboard',
    signedIn: true,
    schema: {
      params: dashboardParams,
      response: answer({ oneOf: [ref('api/dashboard-layout'), { type: 'null' }] }),
      summary: "The caller's arrangement of a dashboard's panels; null for the default one.",
    },
    async handler(request, _reply, session) {
      return { data: ((await findLayout(db, session.user.id, request.params.dashboard)) as LayoutItem[] | undefined) ?? null };
    },
  });

  api.route<{ layout: LayoutItem[] }, unknown, Params>({
    method: 'PUT',
    url: '/auth/dashboard/:dashboard',
    signedIn: true,
    schema: {
      params: dashboardParams,
      body: layoutBody,
      response: answer('api/dashboard-layout'),
      summary: "Saves the caller's arrangement of a dashboard's panels.",
    },
    async handler(request, _reply, session) {
      await saveLayout(db, session.user.id, request.params.dashboard, request.body.layout);
      return { data: request.body.layout, msg: 'OK' };
    },
  });

  api.route<unknown, unknown, Params>({
    method: 'DELETE',
    url: '/auth/dashboard/:dashboard',
    signedIn: true,
    schema: {
      params: dashboardParams,
      response: answer({ type: 'null' }),
      summary: "Forgets the caller's arrangement: the dashboard shows the default one again.",
    },
    async handler(request, _reply, session) {
      await forgetLayout(db, session.user.id, request.params.dashboard);
      return { data: null, msg: 'OK' };
    },
  });
}
