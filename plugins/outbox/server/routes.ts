/**
 * The outbox calls (admins, outbox.list): whether mail is captured or sent over SMTP, the captured
 * messages a page at a time, newest first, with a search on recipient and subject, and one
 * message whole (its text, HTML and headers).
 */
import { notFound } from '../../../core/server/errors';
import type { PluginApi } from '../../../core/server/plugins/contract';
import { answer, idParams, listAnswer } from '../../../core/server/schemas/parts';
import { constants } from '../../../core/shared/config';
import { searchCountCap } from '../../../core/shared/lists';
import type { OutboxStatus } from '../messages';
import { createOutboxReader } from './outbox-files';

export const outboxLimitMax = 50;

interface OutboxListQuery {
  page?: number;
  limit?: number;
  search?: string;
}

const listQuery = {
  type: 'object',
  properties: {
    page: { type: 'integer', minimum: 0 },
    limit: { type: 'integer', minimum: 1, maximum: outboxLimitMax },
    search: { type: 'string', maxLength: 200 },
  },
} as const;

export const messageGone = 'This e-mail is no longer in the outbox.';

export function registerOutboxRoutes(api: PluginApi): void {
  const outbox = createOutboxReader(api.env.dataDir);

  api.route({
    method: 'GET',
    url: '/outbox/status',
    requires: 'outbox.list',
    schema: {
      response: answer('api/outbox-status'),
      summary: "Where the server's mail goes ('smtp': the SMTP server; 'outbox': captured in DATA_DIR/outbox) and how many messages the outbox holds.",
    },
    async handler() {
      const status: OutboxStatus = { mode: api.mail.kind, count: await outbox.count() };
      return { data: status };
    },
  });

  api.route<unknown, OutboxListQuery>({
    method: 'GET',
    url: '/outbox/list',
    requires: 'outbox.list',
    schema: {
      querystring: listQuery,
      response: listAnswer('api/outbox-summary'),
      summary: 'The captured e-mail, newest first; search matches the recipient and the subject (admins).',
    },
    async handler(request) {
      const { page = 0, limit = constants.pageSizes.list, search } = request.query;
      const { items, count } = await outbox.list({ page, limit, search, countCap: searchCountCap(page, limit) });
      return { data: items, count };
    },
  });

  api.route<unknown, unknown, { id: string }>({
    method: 'GET',
    url: '/outbox/list/:id',
    requires: 'outbox.list',
    schema: {
      params: idParams,
      response: answer('api/outbox-message'),
      summary: 'One captured e-mail: its sender, recipient, date, subject, text, HTML and headers (admins).',
    },
    async handler(request) {
      const message = await outbox.find(request.params.id);
      if (!message) throw notFound(messageGone);
      return { data: message };
    },
  });
}
