/**
 * The notification calls (spec 000 section 7, spec 002 sections 2.13 and 7): the caller's
 * notifications, marking them read, the announcement page, and the admins' announcements.
 */
import { ownTables } from '../../../core/server/db/database';
import { constants } from '../../../core/shared/config';
import { invalid, notFound } from '../../../core/server/errors';
import type { PluginApi } from '../../../core/server/plugins/contract';
import { sanitizeRichText } from '../../../core/server/sanitize';
import { findPublisher } from '../../../core/server/store';
import { htmlToText } from '../../../core/shared/text';
import { presentAnnouncement, presentNotification } from './present';
import { createAnnouncement, findAnnouncement, findNotification, listNotifications, markAllRead, markRead, type Db } from './store';
import { notificationEndpoints } from '../endpoints';
import { notificationEvent } from '../events';

export function registerNotificationRoutes(api: PluginApi): void {
  const db: Db = ownTables(api.db, 'notifications');

  api.serve(notificationEndpoints.list, {
    requires: 'notifications.list',
    summary: "The caller's notifications, newest first; unread=true keeps the unread ones. Answers data, count and unread (the badge).",
    async handler(request, _reply, session) {
      const { page = 0, limit = constants.pageSizes.notifications, unread = false } = request.query;
      const result = await listNotifications(db, { userId: session.user.id, unreadOnly: unread, limit, offset: page * limit });
      return { data: result.rows.map(presentNotification), count: result.count, unread: result.unread };
    },
  });

  // Static before the parameter: find-my-way matches /read-all here, not ':id'.
  api.serve(notificationEndpoints.readAll, {
    requires: 'notifications.list',
    summary: "Marks all the caller's notifications read.",
    async handler(_request, _reply, session) {
      const updated = await markAllRead(db, session.user.id);
      return { data: { updated }, msg: 'All notifications are marked as read.' };
    },
  });

  api.serve(notificationEndpoints.read, {
    requires: 'notifications.list',
    summary: "Marks one of the caller's notifications read (spec 002 section 7); another user's is not found.",
    async handler(request, _reply, session) {
      if (!(await markRead(db, session.user.id, request.params.id))) throw notFound('Notification not found.');
      return { data: presentNotification((await findNotification(db, session.user.id, request.params.id))!) };
    },
  });

  api.serve(notificationEndpoints.announcement, {
    requires: 'notifications.list',
    summary: 'An announcement the caller received (spec 000 section 7: GET /auth/notifications/{announcementId}): subject, preview, body.html.',
    async handler(request, _reply, session) {
      const announcement = await findAnnouncement(db, request.params.id, { userId: session.user.id, mayPost: session.can('announcements.create') });
      if (!announcement) throw notFound('Announcement not found.');
      return { data: presentAnnouncement(announcement) };
    },
  });

  api.serve(notificationEndpoints.announce, {
    requires: 'announcements.create',
    summary: "Posts an announcement to a publisher's users (directors, editors, authors): each gets a notification linking to /announcements/{id}.",
    async handler(request, _reply, session) {
      const { publisher, subject, preview = '', body } = request.body;
      const bodyHtml = sanitizeRichText(body);
      if (!htmlToText(bodyHtml) && !/<img\b/i.test(bodyHtml)) throw invalid('Please write the announcement.', 'body');
      if (!(await findPublisher(db, publisher))) throw invalid('Please choose a publisher.', 'publisher');
      const { id, recipients } = await createAnnouncement(db, {
        publisherId: publisher,
        subject: subject.trim(),
        preview: preview.trim(),
        bodyHtml,
        senderId: session.user.id,
      });
      const row = (await findAnnouncement(db, id, { userId: session.user.id, mayPost: true }))!;
      // Online recipients refresh their bell; the others see it when they next look.
      for (const userId of recipients) api.realtime.emit(notificationEvent, userId, { announcement: id });
      return {
        data: presentAnnouncement(row, recipients.length),
        msg: `The announcement is sent to ${recipients.length} ${recipients.length === 1 ? 'user' : 'users'}.`,
      };
    },
  });
}
