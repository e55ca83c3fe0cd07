/** The image calls (spec 000 section 7, spec 002 section 7), declared once: plugins/images/server/routes.ts serves them, the console calls them. */
import { data, deleted, endpoint, list, schema, whole } from '../../core/shared/endpoints';

const image = data(schema('entities/image'));

export const imageEndpoints = {
  list: endpoint('GET', '/images/list', { query: schema('api/image-list-query'), answer: list(schema('entities/image')) }),
  create: endpoint('POST', '/images/create', { upload: true, answer: image }),
  form: endpoint('GET', '/images/update/:id', { answer: data(schema('api/image-form')) }),
  save: endpoint('PUT', '/images/update/:id', { body: schema('api/image-update'), answer: image }),
  remove: endpoint('DELETE', '/images/delete/:id', { answer: deleted() }),
  /** The rich-text editor's upload (CKEditor's simple-upload adapter calls it, core/client/rich-text). */
  editorUpload: endpoint('POST', '/editor/image/upload', { upload: true, answer: whole(schema('api/image-editor-upload')) }),
};
