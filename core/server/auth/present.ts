/** What a client sees of a user and of their scopes. */
import type { Scope } from '../../../schemas/generated/entities/scope';
import type { User } from '../../../schemas/generated/entities/user';
import type { Db } from '../db/database';
import type { UserRow } from '../db/tables';
import type { Session } from './session';

export function presentUser(user: UserRow, publisherId: string | null): User {
  return {
    _id: user.id,
    email: user.email,
    role: { key: user.role },
    profile: { name: user.name, biography: user.biography, url: user.url, image: user.image },
    status: { ready: user.ready },
    publisher: publisherId,
  };
}

/** The publisher first (for those who work at publisher level), then the newsletters by title. */
export async function scopesOf(db: Db, session: Session): Promise<Scope[]> {
  const scopes: Scope[] = [];
  if (session.publisherId && (session.role === 'admin' || session.role === 'director')) {
    const publisher = await db.selectFrom('publishers').select(['id', 'title', 'image']).where('id', '=', session.publisherId).executeTakeFirst();
    if (publisher) scopes.push({ _id: publisher.id, type: 'publisher', title: publisher.title, image: publisher.image, lang: 'tr' });
  }
  if (session.newsletterIds.size > 0) {
    const newsletters = await db
      .selectFrom('newsletters')
      .select(['id', 'title', 'image', 'lang', 'publisher_id'])
      .where('id', 'in', [...session.newsletterIds])
      .orderBy('title')
      .execute();
    for (const newsletter of newsletters) {
      scopes.push({
        _id: newsletter.id,
        type: 'newsletter',
        title: newsletter.title,
        image: newsletter.image,
        lang: newsletter.lang,
        publisher: newsletter.publisher_id,
      });
    }
  }
  return scopes;
}
