/** The collection calls (spec 001 section 7), declared once: plugins/collections/server/routes.ts serves them, the console calls them. */
import { data, deleted, endpoint, list, schema } from '../../core/shared/endpoints';

const collection = data(schema('entities/collection'));

export const collectionEndpoints = {
  form: endpoint('GET', '/collections/create', { answer: data(schema('api/collection-create-form')) }),
  create: endpoint('POST', '/collections/create', { body: schema('api/collection-fields'), answer: collection }),
  edit: endpoint('GET', '/collections/update/:id', { answer: data(schema('api/collection-update-form')) }),
  save: endpoint('PUT', '/collections/update/:id', { body: schema('api/collection-fields'), answer: collection }),
  list: endpoint('GET', '/collections/list', { query: schema('api/collection-list-query'), answer: list(schema('entities/collection')) }),
  fetch: endpoint('GET', '/collections/list/:id', { answer: collection }),
  /** The spec's item fetch for an embed card (spec 002 section 7): the same collection as `fetch`. */
  item: endpoint('GET', '/collections/:id', { answer: collection }),
  remove: endpoint('DELETE', '/collections/delete/:id', { answer: deleted() }),
};
