/** The collection calls (spec 001 section 7): the form, create, update (and publish), the lists, delete; all inside the caller's publisher. */
import type { CollectionFields } from '../../../schemas/generated/api/collection-fields';
import type { CollectionListQuery } from '../../../schemas/generated/api/collection-list-query';
import { callerPublisher, demand, type Session } from '../../../core/server/auth/session';
import { invalid, invalidDetails, notFound } from '../../../core/server/errors';
import type { PluginApi } from '../../../core/server/plugins/contract';
import { idParams, ref } from '../../../core/server/schemas/parts';
import { constants } from '../../../core/shared/config';
import type { StoryTables } from '../../stories/server/public';
import { childrenRefs, collectionMessages, collectionProblems } from '../rules';
import { childrenOf, presentCollection, type CollectionItem } from './present';
import {
  collectableStoriesAmong,
  collectionKeyTaken,
  deleteCollection,
  findCollection,
  insertCollection,
  listCollections,
  storiesAmong,
  uniqueCollectionSlug,
  updateCollection,
  type CollectionsDb,
} from './store';
import type { CollectionRow, CollectionTables, OwnerModel } from './tables';

/** A collection of the caller's publisher; another publisher's is as good as missing. */
async function reachableCollection(db: CollectionsDb, id: string, session: Session): Promise<CollectionRow> {
  const row = await findCollection(db, id);
  if (!row || row.publisher_id !== session.publisherId) throw notFound('Collection not found.');
  return row;
}

/** The collection's parent: a newsletter in the caller's scopes, or the caller's publisher. */
function ownerOf(body: CollectionFields, session: Session, publisherId: string): { owner_id: string; owner_model: OwnerModel } {
  if (body.model === 'Newsletter' && body.parent) {
    session.assertNewsletter(body.parent);
    return { owner_id: body.parent, owner_model: 'Newsletter' };
  }
  if (body.parent && body.parent !== publisherId) throw notFound('Publisher not found.');
  return { owner_id: publisherId, owner_model: 'Publisher' };
}

/** Checks the fields (spec 001 section 5) and the items; answers the trimmed values to store. */
async function checkedFields(db: CollectionsDb, body: CollectionFields, publisherId: string, existing?: CollectionRow) {
  const problems = collectionProblems(body);
  if (problems.length > 0) throw invalidDetails(problems);
  const key = body.key.trim().toLowerCase();
  if (await collectionKeyTaken(db, key, existing?.id)) throw invalid(collectionMessages.keyTaken, 'key');
  // New items must be published articles of the publisher; items already in the collection may stay.
  const kept = new Set(existing ? childrenOf(existing) : []);
  const added = body.children.filter((id) => !kept.has(id));
  const collectable = await collectableStoriesAmong(db, publisherId, added);
  if (collectable.length !== added.length) throw invalid(collectionMessages.item, 'children');
  return { key, title: body.title.trim(), description: body.description.trim(), image: body.image.trim(), children: JSON.stringify(body.children) };
}

/** A collection's items in its order, as the dashboard and the public page show them (missing ones left out). */
async function itemsOf(db: CollectionsDb, row: CollectionRow): Promise<CollectionItem[]> {
  const ids = childrenOf(row);
  const byId = new Map((await storiesAmong(db, ids)).map((story) => [story.id, story]));
  return ids.flatMap((id) => {
    const story = byId.get(id);
    return story ? [{ _id: story.id, title: story.title, image: story.image, slug: story.slug, type: story.type }] : [];
  });
}

const blankCollection = (publisherId: string) => ({
  title: '',
  description: '',
  image: '',
  key: '',
  slug: '',
  childrenRef: 'Story',
  children: [],
  status: { published: false },
  color: '',
  lang: 'tr',
  parent: publisherId,
  model: 'Publisher',
});

export function registerCollectionRoutes(api: PluginApi): void {
  const db: CollectionsDb = api.tables<CollectionTables & StoryTables>();

  api.keys.register('Collection', (key, exceptId) => collectionKeyTaken(db, key, exceptId));

  api.route({
    method: 'GET',
    url: '/collections/create',
    requires: 'collections.create',
    schema: { summary: "The collection wizard's form: data.body is a blank collection, data.data.childrenRefs the models a collection may hold." },
    async handler(_request, _reply, session) {
      return { data: { body: blankCollection(callerPublisher(session)), data: { childrenRefs: [...childrenRefs] } } };
    },
  });

  api.route<CollectionFields>({
    method: 'POST',
    url: '/collections/create',
    requires: 'collections.create',
    schema: {
      body: ref('api/collection-fields'),
      summary:
        "Creates a collection of the caller's publisher from published articles, in the order given; published at once with status.published (collections.publish).",
    },
    async handler(request, _reply, session) {
      const body = request.body;
      const publisherId = callerPublisher(session);
      const publish = body.status?.published === true;
      if (publish) demand(session, 'collections.publish');
      const owner = ownerOf(body, session, publisherId);
      const fields = await checkedFields(db, body, publisherId);
      const id = await insertCollection(db, {
        ...fields,
        ...owner,
        publisher_id: publisherId,
        slug: await uniqueCollectionSlug(db, fields.title),
        children_ref: 'Story',
        published: publish,
        published_at: publish ? new Date() : null,
        color: body.color ?? '',
        lang: body.lang ?? 'tr',
        creator_id: session.user.id,
      });
      return { data: presentCollection((await findCollection(db, id))!), msg: collectionMessages.created };
    },
  });

  api.route<unknown, unknown, { id: string }>({
    method: 'GET',
    url: '/collections/update/:id',
    requires: 'collections.update',
    schema: { params: idParams, summary: 'The collection edit form: data.body is the collection with its children as ids.' },
    async handler(request, _reply, session) {
      const row = await reachableCollection(db, request.params.id, session);
      return { data: { body: { ...presentCollection(row), parent: row.owner_id, model: row.owner_model }, data: { childrenRefs: [...childrenRefs] } } };
    },
  });

  api.route<CollectionFields, unknown, { id: string }>({
    method: 'PUT',
    url: '/collections/update/:id',
    requires: 'collections.update',
    schema: {
      params: idParams,
      body: ref('api/collection-fields'),
      summary:
        "Saves a collection (children as ids, in order); status.published publishes or unpublishes it (collections.publish). A published collection's slug stays.",
    },
    async handler(request, _reply, session) {
      const row = await reachableCollection(db, request.params.id, session);
      const body = request.body;
      const publish = body.status?.published;
      const publishing = publish !== undefined && publish !== row.published;
      if (publishing) demand(session, 'collections.publish');
      const owner = body.parent ? ownerOf(body, session, row.publisher_id) : {};
      const fields = await checkedFields(db, body, row.publisher_id, row);
      const published = publish ?? row.published;
      await updateCollection(db, row.id, {
        ...fields,
        ...owner,
        slug: published || fields.title === row.title ? row.slug : await uniqueCollectionSlug(db, fields.title, row.id),
        published,
        published_at: published ? (row.published_at ?? new Date()) : null,
        color: body.color ?? row.color,
        lang: body.lang ?? row.lang,
      });
      return { data: presentCollection((await findCollection(db, row.id))!), msg: collectionMessages.saved };
    },
  });

  api.route<unknown, CollectionListQuery>({
    method: 'GET',
    url: '/collections/list',
    requires: 'collections.list',
    schema: {
      querystring: ref('api/collection-list-query'),
      summary: "The caller's publisher's collections (or one owner's), searched, sorted and paged: { data, count }.",
    },
    async handler(request, _reply, session) {
      const query = request.query;
      const search = query.search && query.search.trim().length >= constants.limits.searchMinChars ? query.search.trim() : undefined;
      const { rows, count } = await listCollections(db, {
        publisherId: callerPublisher(session),
        ownerId: query.owner || undefined,
        published: query['status.published'],
        search,
        sort: query.sort ?? 'updatedAt',
        desc: query.desc ?? true,
        page: query.page ?? 0,
        limit: query.limit ?? constants.pageSizes.list,
      });
      return { data: rows.map((row) => presentCollection(row)), count };
    },
  });

  api.route<unknown, unknown, { id: string }>({
    method: 'GET',
    url: '/collections/list/:id',
    requires: 'collections.list',
    schema: { params: idParams, summary: 'One collection with its items in order (id, title, image, slug, type).' },
    async handler(request, _reply, session) {
      const row = await reachableCollection(db, request.params.id, session);
      return { data: presentCollection(row, await itemsOf(db, row)) };
    },
  });

  api.route<unknown, unknown, { id: string }>({
    method: 'DELETE',
    url: '/collections/delete/:id',
    requires: 'collections.delete',
    schema: { params: idParams, summary: 'Deletes a collection (its stories stay).' },
    async handler(request, _reply, session) {
      const row = await reachableCollection(db, request.params.id, session);
      await deleteCollection(db, row.id);
      return { data: { _id: row.id }, msg: collectionMessages.deleted };
    },
  });
}
