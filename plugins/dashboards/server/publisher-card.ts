/** GET /publishers/list/:id (spec section 7): the publisher card of the publisher home. */
import { notFound } from '../../../core/server/errors';
import type { PluginApi } from '../../../core/server/plugins/contract';

export function registerPublisherCard(api: PluginApi): void {
  api.route<unknown, unknown, { id: string }>({
    method: 'GET',
    url: '/publishers/list/:id',
    requires: 'newsletters.list',
    schema: {
      params: { type: 'object', required: ['id'], properties: { id: { type: 'string', minLength: 1, maxLength: 64 } } },
      summary: "The caller's publisher: title, description, image, colours, website, e-mail, key.",
    },
    async handler(request, _reply, session) {
      if (session.publisherId !== request.params.id) throw notFound('Publisher not found.');
      const row = await api.db.selectFrom('publishers').selectAll().where('id', '=', request.params.id).executeTakeFirst();
      if (!row) throw notFound('Publisher not found.');
      return {
        data: {
          _id: row.id, title: row.title, description: row.description, image: row.image, color: row.color, textColor: row.text_color,
          website: row.website, email: row.email, key: row.key,
        },
      };
    },
  });
}
