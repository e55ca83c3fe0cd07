/** The public pages' reads that the core's queries do not answer alone: a published newsletter with its publisher. */
import type { Handle } from '../../../core/server/db/database';
import { findNewsletterByKey, findPublisher } from '../../../core/server/store';

/** A published newsletter by its key (any case), with its publisher's title and key. */
export async function findPublishedNewsletter(db: Handle, key: string) {
  const newsletter = await findNewsletterByKey(db, key);
  if (!newsletter?.published) return undefined;
  const publisher = await findPublisher(db, newsletter.publisher_id);
  return publisher && { ...newsletter, publisher: publisher.title, publisherKey: publisher.key };
}
