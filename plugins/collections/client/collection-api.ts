/**
 * The collection calls the console makes (plugins/collections/server/routes.ts answers them), and
 * the item lists a collection is filled from: the published items of its model, the latest first
 * (spec 001 section 7: GET /{model}s/list with status.published, type article for stories).
 */
import { call } from '../../../core/client/api';
import { keyEndpoints } from '../../../core/shared/endpoints/keys';
import { constants } from '../../../core/shared/config';
import type { ListEndpoint } from '../../../core/shared/endpoints';
import type { Collection as StoredCollection } from '../../../schemas/generated/entities/collection';
import type { Issue } from '../../../schemas/generated/entities/issue';
import type { Story } from '../../../schemas/generated/entities/story';
import { wholeIssueList } from '../../issues/endpoints';
import { storyEndpoints } from '../../stories/endpoints';
import { collectionEndpoints } from '../endpoints';
import { formatNumber } from '../../../core/client/format';
import { t } from '../../../core/client/words';

const { cover } = constants.collections;
/** A collection cover's proportions, which its cards and previews keep. */
export const coverRatio = `${cover.width} / ${cover.height}`;

/** The models a collection may hold; admins choose, everyone else makes story collections. */
export type ChildrenRef = 'Story' | 'Issue';

/** An item as the collection shows it, whatever its model. */
export interface CollectionItem {
  _id: string;
  /** Its title as stored ('' for none: `itemTitle` names it). */
  title: string;
  image: string;
  /** The item's public page (/s/{slug}, /i/{slug}). */
  url: string;
  /** When it was published, for the pickers' cards. */
  publishedAt?: string | null;
}

export type Collection = Omit<StoredCollection, 'childrenRef' | 'children'> & { childrenRef: ChildrenRef; children: string[] };
/** A collection with its items in order (GET /collections/list/{id}). */
export type CollectionWithItems = Omit<Collection, 'children'> & { children: CollectionItem[] };

const stored: ListEndpoint<StoredCollection> = collectionEndpoints.list;
/** The collection list as the console reads it: the list call answers children as ids and a model it knows. */
export const collectionList = stored as ListEndpoint<Collection>;

/** What POST /collections/create and PUT /collections/update/{id} take; the console always names the model (the generated CollectionFields leaves it out). */
export interface CollectionFields {
  title: string;
  description: string;
  image: string;
  key: string;
  childrenRef: ChildrenRef;
  children: string[];
  status?: { published?: boolean; featured?: boolean; indexed?: boolean };
  parent?: string | null;
  model?: 'Newsletter' | 'Publisher' | null;
}

/**
 * The texts that name a collection's model, each a whole text per model (the words around the
 * model's name are not in the same order in every language). In English: shown through `t`.
 */
export const childrenRefLabels: Record<
  ChildrenRef,
  {
    one: string;
    many: string;
    /** The dashboard's button. */
    add: string;
    /** The Add Story (Add Issue) modal's title. */
    addTitle: string;
    /** The ordered list's name, for screen readers. */
    ofCollection: string;
    /** The item browser's search box and list. */
    search: string;
    published: string;
    nonePublished: string;
    noneMatching: string;
    /** The ordered list while it is empty: on the dashboard, the edit page and in the wizard. */
    none: string;
    noneAddSome: string;
    noneFromList: string;
    /** The wizard's items stage. */
    intro: string;
  }
> = {
  Story: {
    one: 'Story',
    many: 'Stories',
    add: 'ADD STORY',
    addTitle: 'Add Story',
    ofCollection: 'Stories of the collection',
    search: 'Search stories',
    published: 'Published stories',
    nonePublished: 'There are no published stories.',
    noneMatching: 'There are no published stories matching the search.',
    none: 'No stories yet.',
    noneAddSome: 'No stories yet: Add some.',
    noneFromList: 'No stories yet: ADD them from the list.',
    intro: 'Add published stories, then drag them into the order readers will see.',
  },
  Issue: {
    one: 'Issue',
    many: 'Issues',
    add: 'ADD ISSUE',
    addTitle: 'Add Issue',
    ofCollection: 'Issues of the collection',
    search: 'Search issues',
    published: 'Published issues',
    nonePublished: 'There are no published issues.',
    noneMatching: 'There are no published issues matching the search.',
    none: 'No issues yet.',
    noneAddSome: 'No issues yet: Add some.',
    noneFromList: 'No issues yet: ADD them from the list.',
    intro: 'Add published issues, then drag them into the order readers will see.',
  },
};

/** A published item of a collection's model as the pickers list it. */
function storyItem(story: Story): CollectionItem {
  return { _id: story._id, title: story.title, image: story.image ?? '', url: `/s/${story.slug || story._id}`, publishedAt: story.publishedAt };
}

function issueItem(issue: Issue): CollectionItem {
  return { _id: issue._id, title: issue.subject, image: issue.image ?? '', url: `/i/${issue.slug || issue._id}`, publishedAt: issue.publishedAt };
}

/** An item's title as shown: its own, or 'Untitled' in the console's language. */
export const itemTitle = (item: Pick<CollectionItem, 'title'>) => item.title || t('Untitled');

/** The item list call of each model: its address, its fixed parameters, and how an answer becomes an item. */
export const itemSources: Record<ChildrenRef, { endpoint: ListEndpoint<unknown>; params: Record<string, string | boolean>; item(row: never): CollectionItem }> =
  {
    Story: {
      endpoint: storyEndpoints.list,
      params: { 'status.published': true, type: 'article', sort: 'publishedAt', desc: true },
      item: storyItem as (row: never) => CollectionItem,
    },
    Issue: {
      endpoint: wholeIssueList,
      params: { 'status.published': true, sort: 'publishedAt', desc: true },
      item: issueItem as (row: never) => CollectionItem,
    },
  };

export const collectionApi = {
  form: async () => (await call(collectionEndpoints.form)).data,
  create: (body: CollectionFields) => call(collectionEndpoints.create, { body }),
  edit: async (id: string) => (await call(collectionEndpoints.edit, { params: { id } })).data,
  save: (id: string, body: CollectionFields) => call(collectionEndpoints.save, { params: { id }, body }),
  // One collection carries its items in order, not ids (the schema allows both, as the list answers ids).
  fetch: async (id: string) => (await call(collectionEndpoints.fetch, { params: { id } })).data as CollectionWithItems,
  remove: (id: string) => call(collectionEndpoints.remove, { params: { id } }),
  keyAvailable: async (key: string, id?: string) =>
    (await call(keyEndpoints.check, { query: { model: 'Collection', key, ...(id ? { _id: id } : {}) } })).msg === 'AVAILABLE',
};

/** The fields PUT /collections/update/{id} takes, from a collection as a list (ids) or GET /collections/list/{id} (items) answers it. */
export function fieldsOf(collection: Collection | CollectionWithItems, changes: Partial<CollectionFields> = {}): CollectionFields {
  return {
    title: collection.title,
    description: collection.description,
    image: collection.image,
    key: collection.key,
    childrenRef: collection.childrenRef,
    children: collection.children.map((child) => (typeof child === 'string' ? child : child._id)),
    ...changes,
  };
}

/** The public page of a collection: /c/{slug}, or /c/{id} before it has one. */
export const publicPath = (collection: Pick<Collection, '_id' | 'slug'>) => `/c/${collection.slug || collection._id}`;
/** The collection's dashboard. */
export const dashboardPath = (id: string) => `/collections/show/${id}`;
/** The collection wizard's address: for a newsletter's collection (?parent&model=Newsletter) when one is given. */
export const wizardPath = (newsletterId?: string) => (newsletterId ? `/collections/create?parent=${newsletterId}&model=Newsletter` : '/collections/create');

/** How many items a collection holds, in the console's language: '3 stories', '1 issue', '3 yazı'. */
export function itemCount(collection: { childrenRef: ChildrenRef; children: unknown[] }): string {
  const count = collection.children.length;
  const values = { count: formatNumber(count) };
  if (collection.childrenRef === 'Issue') return count === 1 ? t('{count} issue', values) : t('{count} issues', values);
  return count === 1 ? t('{count} story', values) : t('{count} stories', values);
}
