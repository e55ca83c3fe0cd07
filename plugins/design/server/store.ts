/** The design plugin's queries: a new newsletter's row (the core's table). */
import { randomUUID } from 'node:crypto';
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

/** Adds an unpublished newsletter (in the caller's transaction); answers its id. */
export async function insertNewsletter(tx: Db, newsletter: NewNewsletter): Promise<string> {
  const id = randomUUID();
  await tx
    .insertInto('newsletters')
    .values({
      id,
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
    .execute();
  return id;
}
