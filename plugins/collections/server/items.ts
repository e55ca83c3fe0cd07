/**
 * A collection's items, stories or issues by its childrenRef: which may be added (the publisher's
 * published articles, or its published issues) and how the dashboard and the public page show
 * them. Stories and issues are read through their plugins' public entries.
 */
import type { Handle } from '../../../core/server/db/database';
import { issuesAmong, publishedIssuesAmong } from '../../issues/server/public';
import { publishedArticlesAmong, storiesAmong } from '../../stories/server/public';
import { collectionMessages, type ChildrenRef } from '../rules';
import { childrenOf, issueItem, storyItem, type CollectionItem } from './present';
import type { CollectionsDb } from './store';
import type { CollectionRow } from './tables';

export interface ItemSources {
  db: CollectionsDb;
  issues: Handle;
}

/** An item as shown, with whether it is published (the public page leaves the others out). */
export type ShownItem = CollectionItem & { published: boolean };

/** The refusal of an item the collection may not take in, by model. */
export const itemRefusal: Record<ChildrenRef, string> = { Story: collectionMessages.item, Issue: collectionMessages.issueItem };

/** Whether every one of `ids` is an item a collection of `model` of the publisher may take in. */
export async function allCollectable(sources: ItemSources, model: ChildrenRef, publisherId: string, ids: string[]): Promise<boolean> {
  if (ids.length === 0) return true;
  const found = model === 'Issue' ? await publishedIssuesAmong(sources.issues, publisherId, ids) : await publishedArticlesAmong(sources.db, publisherId, ids);
  return found.length === ids.length;
}

/** The collection's items in its order; missing ones left out. */
export async function itemsOf(sources: ItemSources, row: CollectionRow): Promise<ShownItem[]> {
  const ids = childrenOf(row);
  const found =
    row.children_ref === 'Issue'
      ? (await issuesAmong(sources.issues, ids)).map((issue) => ({ ...issueItem(issue), published: issue.published }))
      : (await storiesAmong(sources.db, ids)).map((story) => ({ ...storyItem(story), published: story.published }));
  const byId = new Map(found.map((item) => [item._id, item]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** An item as GET /collections/list/{id} answers it. */
export const listedItem = ({ published: _published, ...item }: ShownItem): CollectionItem => item;
