/**
 * The feedback calls: anyone signed in with feedback.create sends feedback, a bug report or a
 * feature request (spec 002 section 2.12); admins (feedback.list) read them and set their status.
 */
import { ownTables } from '../../../core/server/db/database';
import { constants } from '../../../core/shared/config';
import { invalid, notFound } from '../../../core/server/errors';
import type { PluginApi } from '../../../core/server/plugins/contract';
import { feedbackEndpoints } from '../endpoints';
import { presentFeedback } from './present';
import { findFeedback, insertFeedback, listFeedback, updateStatus, type Db } from './store';

export const sentMessage = 'Thank you! Your feedback is sent.';

export function registerFeedbackRoutes(api: PluginApi): void {
  const db: Db = ownTables(api.db, 'feedback');

  api.serve(feedbackEndpoints.create, {
    requires: 'feedback.create',
    summary: "Sends feedback, a bug report or a feature request about one product; stored with the caller's e-mail and the status new.",
    async handler(request, _reply, session) {
      const { type, product, title, description } = request.body;
      if (!constants.feedbackProducts.includes(product)) throw invalid('Please choose a product.', 'product');
      const id = await insertFeedback(db, {
        type,
        product,
        title: title.trim(),
        description: description.trim(),
        email: session.user.email,
        userId: session.user.id,
      });
      return { data: presentFeedback((await findFeedback(db, id))!), msg: sentMessage };
    },
  });

  api.serve(feedbackEndpoints.list, {
    requires: 'feedback.list',
    summary: 'Every feedback record, newest first; type and status filter it (admins).',
    async handler(request) {
      const { page = 0, limit = constants.pageSizes.feedback, type, status } = request.query;
      const { rows, count } = await listFeedback(db, { type, status, limit, offset: page * limit });
      return { data: rows.map(presentFeedback), count };
    },
  });

  api.serve(feedbackEndpoints.save, {
    requires: 'feedback.list',
    summary: "Sets a feedback record's status: new, seen or done (admins).",
    async handler(request) {
      if (!(await updateStatus(db, request.params.id, request.body.status))) throw notFound('Feedback not found.');
      return { data: presentFeedback((await findFeedback(db, request.params.id))!), msg: 'The status is updated.' };
    },
  });
}
