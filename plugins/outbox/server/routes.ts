/**
 * The outbox calls (admins, outbox.list): whether mail is captured or sent over SMTP, the captured
 * messages a page at a time, newest first, with a search on recipient and subject, and one
 * message whole (its text, HTML and headers).
 */
import { notFound } from '../../../core/server/errors';
import type { PluginApi } from '../../../core/server/plugins/contract';
import { constants } from '../../../core/shared/config';
import { searchCountCap } from '../../../core/shared/lists';
import { outboxEndpoints } from '../endpoints';
import type { OutboxStatus } from '../messages';
import { createOutboxReader } from './outbox-files';

export const messageGone = 'This e-mail is no longer in the outbox.';

export function registerOutboxRoutes(api: PluginApi): void {
  const outbox = createOutboxReader(api.env.dataDir);

  api.serve(outboxEndpoints.status, {
    requires: 'outbox.list',
    summary: "Where the server's mail goes ('smtp': the SMTP server; 'outbox': captured in DATA_DIR/outbox) and how many messages the outbox holds.",
    async handler() {
      const status: OutboxStatus = { mode: api.mail.kind, count: await outbox.count() };
      return { data: status };
    },
  });

  api.serve(outboxEndpoints.list, {
    requires: 'outbox.list',
    summary: 'The captured e-mail, newest first; search matches the recipient and the subject (admins).',
    async handler(request) {
      const { page = 0, limit = constants.pageSizes.list, search } = request.query;
      const { items, count } = await outbox.list({ page, limit, search, countCap: searchCountCap(page, limit) });
      return { data: items, count };
    },
  });

  api.serve(outboxEndpoints.fetch, {
    requires: 'outbox.list',
    summary: 'One captured e-mail: its sender, recipient, date, subject, text, HTML and headers (admins).',
    async handler(request) {
      const message = await outbox.find(request.params.id);
      if (!message) throw notFound(messageGone);
      return { data: message };
    },
  });
}
