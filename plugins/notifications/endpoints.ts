/** The notification calls (spec 000 section 7, spec 002 sections 2.13 and 7), declared once: plugins/notifications/server/routes.ts serves them, the bell and the announcement pages call them. */
import { data, endpoint, schema, whole } from '../../core/shared/endpoints';

const announcement = data(schema('entities/announcement'));

export const notificationEndpoints = {
  /** data, count and unread (the badge). */
  list: endpoint('GET', '/auth/notifications', { query: schema('api/notification-list-query'), answer: whole(schema('api/notification-list')) }),
  readAll: endpoint('PUT', '/auth/notifications/read-all', { answer: data(schema('api/notification-read-all')) }),
  read: endpoint('PUT', '/auth/notifications/:id', { answer: data(schema('entities/notification')) }),
  announcement: endpoint('GET', '/auth/notifications/:id', { answer: announcement }),
  announce: endpoint('POST', '/announcements/create', { body: schema('api/announcement-create'), answer: announcement }),
};
