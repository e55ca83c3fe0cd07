/** What a client sees of a collection and of its items. */
import type { Collection } from '../../../schemas/generated/entities/collection';
import { iso } from '../../../core/server/present';
import type { ChildrenRef } from '../rules';
import type { CollectionRow } from './tables';

/** A collection's item as GET /collections/list/{id} shows it: a story, or an issue (its subject as title). */
export interface CollectionItem {
  _id: string;
  model: ChildrenRef;
  title: string;
  image: string;
  slug: string | null;
  /** A story's type (article, bullet), or 'issue'. */
  type: string;
  /** Its public page. */
  url: string;
  publishedAt: string | null;
}

export const childrenOf = (row: CollectionRow): string[] => JSON.parse(row.children) as string[];

/** The public page of a collection, a story or an issue: by its slug, or by its id while it has none. */
const publicUrl = (prefix: 'c' | 's' | 'i', slug: string | null, id: string) => `/${prefix}/${encodeURIComponent(slug || id)}`;

export const collectionUrl = (row: CollectionRow) => publicUrl('c', row.slug, row.id);

export function storyItem(story: { id: string; title: string; image: string; slug: string | null; type: string; published_at: Date | null }): CollectionItem {
  return {
    _id: story.id,
    model: 'Story',
    title: story.title,
    image: story.image,
    slug: story.slug,
    type: story.type,
    url: publicUrl('s', story.slug, story.id),
    publishedAt: iso(story.published_at),
  };
}

export function issueItem(issue: { id: string; subject: string; key: string; image: string; slug: string; published_at: Date | null }): CollectionItem {
  return {
    _id: issue.id,
    model: 'Issue',
    title: issue.subject || issue.key,
    image: issue.image,
    slug: issue.slug,
    type: 'issue',
    url: publicUrl('i', issue.slug, issue.id),
    publishedAt: iso(issue.published_at),
  };
}

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
