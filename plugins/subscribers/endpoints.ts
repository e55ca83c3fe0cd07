/** The subscriber calls (spec 000 section 7, and the apps' of issue 15), declared once: plugins/subscribers/server serves them, the console and the apps call them. */
import { data, document, endpoint, list, schema, whole } from '../../core/shared/endpoints';

export const subscriberEndpoints = {
  list: endpoint('GET', '/newsletters/list/:id/subscriptions', { query: schema('api/subscriber-list-query'), answer: list(schema('entities/subscription')) }),
  /** Whether the list's rows may be paid, so the page offers its type filter. */
  types: endpoint('GET', '/newsletters/list/:id/subscriptions/types', { answer: data(schema('api/subscriber-types')) }),
  /** The labels the newsletter's subscribers are filed under, for the list's label filter. */
  labels: endpoint('GET', '/newsletters/list/:id/subscriptions/labels', { answer: data(schema('api/subscriber-labels')) }),
  timeline: endpoint('GET', '/newsletters/list/:id/stats', { answer: whole(schema('api/subscriber-stats')) }),
  export: endpoint('GET', '/newsletters/list/:id/subscriptions/export', {
    answer: document('text/csv; charset=utf-8', "The newsletter's subscribers as CSV, an attachment."),
  }),
  /** A multipart upload: the CSV file in the field file. */
  import: endpoint('POST', '/newsletters/list/:id/subscriptions/import', { upload: true, answer: whole(schema('api/subscriber-import-result')) }),
  subscribe: endpoint('POST', '/subscribers/subscribe', { body: schema('api/subscribe'), answer: data(schema('api/subscriber-request')) }),
  unsubscribe: endpoint('POST', '/subscribers/unsubscribe', { body: schema('api/unsubscribe'), answer: data(schema('api/subscriber-request')) }),
};
