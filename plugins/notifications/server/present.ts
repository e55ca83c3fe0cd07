/** What a client sees of a notification and of an announcement. */
import type { Announcement } from '../../../schemas/generated/entities/announcement';
import type { Notification } from '../../../schemas/generated/entities/notification';
import { iso } from '../../../core/server/present';
import { initials } from '../../../core/shared/text';
import type { AnnouncementRow, NotificationRow } from './store';

function senderOf(id: string | null, name: string | null) {
  return id ? { _id: id, name: name ?? '', initials: initials(name ?? '') } : null;
}

/** The spec's notification record (spec 002 section 3); the rows keep our own column names. */
export function presentNotification(row: NotificationRow): Notification {
  const createdAt = iso(row.created_at);
  return {
    _id: row.id,
    subject: row.title,
    preview: row.text,
    url: row.link,
    status: { read: row.read_at !== null },
    announcement: row.announcement_id,
    sender: row.sender_id ? { _id: row.sender_id, profile: { name: row.sender_name ?? '' } } : null,
    createdAt,
    updatedAt: iso(row.read_at) ?? createdAt,
  };
}

export function presentAnnouncement(row: AnnouncementRow, recipients?: number): Announcement {
  return {
    _id: row.id,
    subject: row.subject,
    preview: row.preview,
    body: { html: row.body_html },
    publisher: row.publisher_id,
    sender: senderOf(row.sender_id, row.sender_name),
    ...(recipients === undefined ? {} : { recipients }),
    createdAt: iso(row.created_at),
  };
}
