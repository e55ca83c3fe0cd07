/** The recordings calls (spec section 7), declared once: plugins/recordings/server/routes.ts serves them, the console calls them. */
import { data, deleted, endpoint, list, schema } from '../../core/shared/endpoints';

const recording = data(schema('entities/recording'));

export const recordingEndpoints = {
  template: endpoint('GET', '/recordings/create', { answer: data(schema('api/recording-form')) }),
  create: endpoint('POST', '/recordings/create', { upload: true, answer: recording }),
  list: endpoint('GET', '/recordings/list', { query: schema('api/recording-list-query'), answer: list(schema('entities/recording')) }),
  form: endpoint('GET', '/recordings/update/:id', { answer: data(schema('api/recording-form')) }),
  save: endpoint('PUT', '/recordings/update/:id', { body: schema('api/recording-update'), answer: recording }),
  remove: endpoint('DELETE', '/recordings/delete/:id', { answer: deleted() }),
};
