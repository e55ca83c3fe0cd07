/** The design plugin's queries: a new newsletter's row (the core's table). */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../../core/server/db/database';

export interface NewNewsletter {
  publisherId: string;
  title: string;
  subtitle: string;
  description: string;
  image: string;
  color: string;
  textColor: string;
  key: string;
  lang: string;
}

/**
 * Adds an unpublished newsletter (in the caller's transaction); answers its id, or null when
 * another newsletter has its key. The caller checks the key first, but a create at the same moment
 * passes that check too: the unique index decides, and the loser is told the name is taken.
 */
export async function insertNewsletter(tx: Db, newsletter: NewNewsletter): Promise<string | null> {
  const inserted = await tx
    .insertInto('newsletters')
    .values({
      id: randomUUID(),
      publisher_id: newsletter.publisherId,
      title: newsletter.title,
      subtitle: newsletter.subtitle,
      description: newsletter.description,
      image: newsletter.image,
      color: newsletter.color,
      text_color: newsletter.textColor,
      key: newsletter.key,
      lang: newsletter.lang,
    })
    // The index newsletters_key_unique is on lower(key).
    .onConflict((conflict) => conflict.expression(sql`lower(key)`).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted?.id ?? null;
}
