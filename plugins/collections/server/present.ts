/** What a client sees of a collection. */
import type { Collection } from '../../../schemas/generated/entities/collection';
import { iso } from '../../../core/server/present';
import type { CollectionRow } from './tables';

/** A collection's item as GET /collections/list/{id} shows it. */
export interface CollectionItem {
  _id: string;
  title: string;
  image: string;
  slug: string | null;
  type: string;
}

export const childrenOf = (row: CollectionRow): string[] => JSON.parse(row.children) as string[];

export function presentCollection(row: CollectionRow, items?: CollectionItem[]): Collection {
  return {
    _id: row.id,
    title: row.title,
    description: row.description,
    image: row.image,
    slug: row.slug,
    key: row.key,
    childrenRef: row.children_ref,
    children: items ?? childrenOf(row),
    status: { published: row.published, featured: row.featured, indexed: row.indexed },
    owner: row.owner_id,
    ownerModel: row.owner_model,
    publisher: row.publisher_id,
    color: row.color,
    lang: row.lang,
    creator: row.creator_id,
    publishedAt: iso(row.published_at),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}
