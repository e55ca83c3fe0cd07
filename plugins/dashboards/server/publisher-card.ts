/** GET /publishers/list/:id (spec section 7): the publisher card of the publisher home. */
import { notFound } from '../../../core/server/errors';
import type { PluginApi } from '../../../core/server/plugins/contract';
import { presentPublisher } from '../../../core/server/present';
import { findPublisher } from '../../../core/server/store';
import { dashboardEndpoints } from '../endpoints';

export function registerPublisherCard(api: PluginApi): void {
  api.serve(dashboardEndpoints.publisher, {
    requires: 'newsletters.list',
    summary: "The caller's publisher: title, description, image, colours, website, e-mail, key.",
    async handler(request, _reply, session) {
      if (session.publisherId !== request.params.id) throw notFound('Publisher not found.');
      const row = await findPublisher(api.db, request.params.id);
      if (!row) throw notFound('Publisher not found.');
      return { data: presentPublisher(row) };
    },
  });
}
