/**
 * The notifications' queries. A notification belongs to one user: every read and write names
 * the caller, so another user's notification is never found (the routes answer 404).
 */
import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { CoreTables } from '../../../core/server/db/tables';
import { staffIdsOf, withPeople, withPerson, type WithPerson } from '../../../core/server/people';
import type { NotificationTables } from './tables';
import { clock } from '../../../core/server/clock';

export type Db = Kysely<CoreTables & NotificationTables>;

export function selectNotifications(db: Db) {
  return db
    .selectFrom('notifications')
    .select([
      'notifications.id',
      'notifications.title',
      'notifications.text',
      'notifications.link',
      'notifications.read_at',
      'notifications.announcement_id',
      'notifications.sender_id',
      'notifications.created_at',
    ]);
}

/** A notification with its sender's name and picture. */
export type NotificationRow = WithPerson<Awaited<ReturnType<ReturnType<typeof selectNotifications>['executeTakeFirstOrThrow']>>, 'sender'>;

export async function listNotifications(db: Db, options: { userId: string; unreadOnly: boolean; limit: number; offset: number }) {
  let query = selectNotifications(db).where('notifications.user_id', '=', options.userId);
  if (options.unreadOnly) query = query.where('notifications.read_at', 'is', null);
  const counts = db
    .selectFrom('notifications')
    .where('user_id', '=', options.userId)
    .select([(eb) => eb.fn.countAll<string>().as('total'), (eb) => eb.fn.count<string>('id').filterWhere('read_at', 'is', null).as('unread')]);
  const [rows, total] = await Promise.all([
    query.orderBy('notifications.created_at', 'desc').orderBy('notifications.id', 'desc').limit(options.limit).offset(options.offset).execute(),
    counts.executeTakeFirstOrThrow(),
  ]);
  const unread = Number(total.unread);
  return { rows: await withPeople(db, rows, 'sender_id', 'sender'), count: options.unreadOnly ? unread : Number(total.total), unread };
}

export async function findNotification(db: Db, userId: string, id: string): Promise<NotificationRow | undefined> {
  const row = await selectNotifications(db).where('notifications.id', '=', id).where('notifications.user_id', '=', userId).executeTakeFirst();
  return withPerson(db, row, 'sender_id', 'sender');
}

/** Marks one of the user's notifications read (a read one keeps its first read time). */
export async function markRead(db: Db, userId: string, id: string): Promise<boolean> {
  const result = await db
    .updateTable('notifications')
    .set({ read_at: sql<Date>`coalesce(read_at, ${clock.now()})` })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function markAllRead(db: Db, userId: string): Promise<number> {
  const result = await db
    .updateTable('notifications')
    .set({ read_at: clock.now() })
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export interface NewNotification {
  userId: string;
  title: string;
  text: string;
  link: string;
  senderId: string | null;
  announcementId?: string | null;
  readAt?: Date | null;
  createdAt?: Date;
}

/** Rows per insert: nine values each stay within PostgreSQL's 65,535 parameters of a statement. */
const insertRows = 5000;

export async function insertNotifications(db: Db, notifications: NewNotification[]): Promise<string[]> {
  if (notifications.length === 0) return [];
  const rows = notifications.map((notification) => ({
    id: randomUUID(),
    user_id: notification.userId,
    announcement_id: notification.announcementId ?? null,
    title: notification.title,
    text: notification.text,
    link: notification.link,
    sender_id: notification.senderId,
    read_at: notification.readAt ?? null,
    ...(notification.createdAt ? { created_at: notification.createdAt } : {}),
  }));
  for (let start = 0; start < rows.length; start += insertRows)
    await db
      .insertInto('notifications')
      .values(rows.slice(start, start + insertRows))
      .execute();
  return rows.map((row) => row.id);
}

export function selectAnnouncements(db: Db) {
  return db
    .selectFrom('announcements')
    .select([
      'announcements.id',
      'announcements.publisher_id',
      'announcements.subject',
      'announcements.preview',
      'announcements.body_html',
      'announcements.sender_id',
      'announcements.created_at',
    ]);
}

/** An announcement with its sender's name and picture. */
export type AnnouncementRow = WithPerson<Awaited<ReturnType<ReturnType<typeof selectAnnouncements>['executeTakeFirstOrThrow']>>, 'sender'>;

/** The announcement, if the user received it (or may post announcements). */
export async function findAnnouncement(db: Db, id: string, reader: { userId: string; mayPost: boolean }): Promise<AnnouncementRow | undefined> {
  let query = selectAnnouncements(db).where('announcements.id', '=', id);
  if (!reader.mayPost) {
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('notifications')
          .select('notifications.id')
          .whereRef('notifications.announcement_id', '=', 'announcements.id')
          .where('notifications.user_id', '=', reader.userId),
      ),
    );
  }
  return withPerson(db, await query.executeTakeFirst(), 'sender_id', 'sender');
}

export interface NewAnnouncement {
  publisherId: string;
  subject: string;
  preview: string;
  bodyHtml: string;
  senderId: string;
  createdAt?: Date;
}

/**
 * Stores an announcement and notifies the publisher's users (its directors, and the editors and
 * authors of its newsletters) in one transaction; answers the id and who was notified.
 */
export async function createAnnouncement(db: Db, announcement: NewAnnouncement): Promise<{ id: string; recipients: string[] }> {
  const id = randomUUID();
  const link = `/announcements/${id}`;
  return db.transaction().execute(async (tx) => {
    await tx
      .insertInto('announcements')
      .values({
        id,
        publisher_id: announcement.publisherId,
        subject: announcement.subject,
        preview: announcement.preview,
        body_html: announcement.bodyHtml,
        sender_id: announcement.senderId,
        ...(announcement.createdAt ? { created_at: announcement.createdAt } : {}),
      })
      .execute();
    const createdAt = announcement.createdAt ?? clock.now();
    const recipients = await staffIdsOf(tx, announcement.publisherId);
    await insertNotifications(
      tx,
      recipients.map((userId) => ({
        userId,
        announcementId: id,
        title: announcement.subject,
        text: announcement.preview,
        link,
        senderId: announcement.senderId,
        createdAt,
      })),
    );
    return { id, recipients };
  });
}
