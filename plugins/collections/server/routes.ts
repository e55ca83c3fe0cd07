/**
 * The collection calls (spec 001 section 7): the form, create, update (and publish), the lists,
 * delete; all inside the caller's publisher. Curating is the admins' (collections.curate): a
 * collection of another model than Story, and the featured and indexed flags.
 */
import type { CollectionCreateForm } from '../../../schemas/generated/api/collection-create-form';
import type { CollectionFields } from '../../../schemas/generated/api/collection-fields';
import type { CollectionUpdateForm } from '../../../schemas/generated/api/collection-update-form';
import { callerPublisher, demand, type Session } from '../../../core/server/auth/session';
import { invalid, invalidDetails, notFound } from '../../../core/server/errors';
import type { PluginApi } from '../../../core/server/plugins/contract';
import { constants } from '../../../core/shared/config';
import { collectionEndpoints } from '../endpoints';
import { childrenRefs, collectionMessages, collectionProblems, defaultChildrenRef, type ChildrenRef } from '../rules';
import { allCollectable, itemRefusal, itemsOf, listedItem, type ItemSources } from './items';
import { childrenOf, presentCollection } from './present';
import {
  collectionKeyTaken,
  deleteCollection,
  findCollection,
  insertCollection,
  listCollections,
  uniqueCollectionSlug,
  updateCollection,
  type CollectionsDb,
} from './store';
import type { CollectionRow, OwnerModel } from './tables';
import { clock } from '../../../core/server/clock';

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

/** Checks the fields (spec 001 section 5) and the items of a collection of `model`; answers the trimmed values to store. */
async function checkedFields(sources: ItemSources, body: CollectionFields, publisherId: string, model: ChildrenRef, existing?: CollectionRow) {
  const problems = collectionProblems(body);
  if (problems.length > 0) throw invalidDetails(problems);
  const key = body.key.trim().toLowerCase();
  if (await collectionKeyTaken(sources.db, key, existing?.id)) throw invalid(collectionMessages.keyTaken, 'key');
  // New items must be published articles (or issues) of the publisher; items already in the collection may stay.
  const kept = new Set(existing ? childrenOf(existing) : []);
  const added = body.children.filter((id) => !kept.has(id));
  if (!(await allCollectable(sources, model, publisherId, added))) throw invalid(itemRefusal[model], 'children');
  return { key, title: body.title.trim(), description: body.description.trim(), image: body.image.trim(), children: JSON.stringify(body.children) };
}

/** The featured and indexed flags the body asks for (the current ones where it says nothing); changing either is a curator's call. */
function curatedFlags(body: CollectionFields, session: Session, current: { featured: boolean; indexed: boolean }) {
  const featured = body.status?.featured ?? current.featured;
  const indexed = body.status?.indexed ?? current.indexed;
  if (featured !== current.featured || indexed !== current.indexed) demand(session, 'collections.curate');
  return { featured, indexed };
}

const blankCollection = (publisherId: string): CollectionCreateForm['body'] => ({
  title: '',
  description: '',
  image: '',
  key: '',
  slug: '',
  childrenRef: defaultChildrenRef,
  children: [],
  status: { published: false, featured: false, indexed: false },
  color: '',
  lang: 'tr',
  parent: publisherId,
  model: 'Publisher',
});

export function registerCollectionRoutes(api: PluginApi, sources: ItemSources): void {
  const { db } = sources;

  api.keys.register('Collection', (key, exceptId) => collectionKeyTaken(db, key, exceptId));

  api.serve(collectionEndpoints.form, {
    requires: 'collections.create',
    summary:
      "The collection wizard's form: data.body is a blank collection, data.data.childrenRefs the models a collection may hold (another than Story only for collections.curate).",
    async handler(_request, _reply, session) {
      const form: CollectionCreateForm = { body: blankCollection(callerPublisher(session)), data: { childrenRefs: [...childrenRefs] } };
      return { data: form };
    },
  });

  api.serve(collectionEndpoints.create, {
    requires: 'collections.create',
    summary:
      "Creates a collection of the caller's publisher from published articles (childrenRef Story, the default) or published issues (Issue, collections.curate), in the order given; published at once with status.published (collections.publish); status.featured and status.indexed need collections.curate.",
    async handler(request, _reply, session) {
      const body = request.body;
      const publisherId = callerPublisher(session);
      const model = body.childrenRef ?? defaultChildrenRef;
      if (model !== defaultChildrenRef) demand(session, 'collections.curate');
      const publish = body.status?.published === true;
      if (publish) demand(session, 'collections.publish');
      const flags = curatedFlags(body, session, { featured: false, indexed: false });
      const owner = ownerOf(body, session, publisherId);
      const fields = await checkedFields(sources, body, publisherId, model);
      const id = await insertCollection(db, {
        ...fields,
        ...owner,
        publisher_id: publisherId,
        slug: await uniqueCollectionSlug(db, fields.title),
        children_ref: model,
        published: publish,
        ...flags,
        published_at: publish ? clock.now() : null,
        color: body.color ?? '',
        lang: body.lang ?? 'tr',
        creator_id: session.user.id,
      });
      return { data: presentCollection((await findCollection(db, id))!), msg: collectionMessages.created };
    },
  });

  api.serve(collectionEndpoints.edit, {
    requires: 'collections.update',
    summary: 'The collection edit form: data.body is the collection with its children as ids.',
    async handler(request, _reply, session) {
      const row = await reachableCollection(db, request.params.id, session);
      const form: CollectionUpdateForm = {
        body: { ...presentCollection(row), children: childrenOf(row), parent: row.owner_id, model: row.owner_model },
        data: { childrenRefs: [...childrenRefs] },
      };
      return { data: form };
    },
  });

  api.serve(collectionEndpoints.save, {
    requires: 'collections.update',
    summary:
      "Saves a collection (children as ids, in order); status.published publishes or unpublishes it (collections.publish); status.featured and status.indexed change only with collections.curate. A published collection's slug stays; its childrenRef never changes (422).",
    async handler(request, _reply, session) {
      const row = await reachableCollection(db, request.params.id, session);
      const body = request.body;
      if (body.childrenRef !== undefined && body.childrenRef !== row.children_ref) throw invalid(collectionMessages.typeFixed, 'childrenRef');
      const publish = body.status?.published;
      const publishing = publish !== undefined && publish !== row.published;
      if (publishing) demand(session, 'collections.publish');
      const flags = curatedFlags(body, session, row);
      const owner = body.parent ? ownerOf(body, session, row.publisher_id) : {};
      const fields = await checkedFields(sources, body, row.publisher_id, row.children_ref, row);
      const published = publish ?? row.published;
      await updateCollection(db, row.id, {
        ...fields,
        ...owner,
        slug: published || fields.title === row.title ? row.slug : await uniqueCollectionSlug(db, fields.title, row.id),
        published,
        ...flags,
        published_at: published ? (row.published_at ?? clock.now()) : null,
        color: body.color ?? row.color,
        lang: body.lang ?? row.lang,
      });
      return { data: presentCollection((await findCollection(db, row.id))!), msg: collectionMessages.saved };
    },
  });

  api.serve(collectionEndpoints.list, {
    requires: 'collections.list',
    summary: "The caller's publisher's collections (or one owner's), searched, sorted and paged: { data, count }.",
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

  // One collection, at the list's address and at the spec's item address (an embed card's fetch).
  for (const call of [collectionEndpoints.fetch, collectionEndpoints.item])
    api.serve(call, {
      requires: 'collections.list',
      summary: "One collection with its items in order (_id, model, title, image, slug, type, url: the item's public page).",
      async handler(request, _reply, session) {
        const row = await reachableCollection(db, request.params.id, session);
        return { data: presentCollection(row, (await itemsOf(sources, row)).map(listedItem)) };
      },
    });

  api.serve(collectionEndpoints.remove, {
    requires: 'collections.delete',
    summary: 'Deletes a collection (its stories or issues stay).',
    async handler(request, _reply, session) {
      const row = await reachableCollection(db, request.params.id, session);
      await deleteCollection(db, row.id);
      return { data: { _id: row.id }, msg: collectionMessages.deleted };
    },
  });
}
