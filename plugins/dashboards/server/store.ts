/** The public pages' queries: a published newsletter with its publisher, a publisher by its key and its published newsletters. */
import { sql } from 'kysely';
import type { Db } from '../../../core/server/db/database';

/** A published newsletter by its key (any case), with its publisher's title and key. */
export function findPublishedNewsletter(db: Db, key: string) {
  return db
    .selectFrom('newsletters')
    .innerJoin('publishers', 'publishers.id', 'newsletters.publisher_id')
    .select([
      'newsletters.id',
      'newsletters.title',
      'newsletters.subtitle',
      'newsletters.description',
      'newsletters.image',
      'newsletters.color',
      'newsletters.text_color',
      'newsletters.key',
      'newsletters.lang',
      'publishers.title as publisher',
      'publishers.key as publisherKey',
    ])
    .where(sql`lower(newsletters.key)`, '=', key.toLowerCase())
    .where('newsletters.published', '=', true)
    .executeTakeFirst();
}

/** A publisher by its key (any case). */
export function findPublisherByKey(db: Db, key: string) {
  return db
    .selectFrom('publishers')
    .selectAll()
    .where(sql`lower(key)`, '=', key.toLowerCase())
    .executeTakeFirst();
}

/** A publisher's published newsletters, those with the most subscribers first. */
export function publishedNewsletters(db: Db, publisherId: string) {
  return db
    .selectFrom('newsletters')
    .select(['title', 'subtitle', 'key'])
    .where('publisher_id', '=', publisherId)
    .where('published', '=', true)
    .orderBy('subscriber_count', 'desc')
    .execute();
}
