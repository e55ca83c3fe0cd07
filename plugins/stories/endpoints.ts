/** The story calls (spec 001 section 7), declared once: plugins/stories/server/routes.ts serves them, the console calls them. */
import { data, endpoint, list, schema } from '../../core/shared/endpoints';

const story = data(schema('entities/story'));

export const storyEndpoints = {
  list: endpoint('GET', '/stories/list', { query: schema('api/story-list-query'), answer: list(schema('entities/story')) }),
  fetch: endpoint('GET', '/stories/list/:id', { query: schema('api/story-fetch-query'), answer: story }),
  /** The spec's item fetch for an embed card (spec 002 section 7): the same story as `fetch`. */
  item: endpoint('GET', '/stories/:id', { query: schema('api/story-fetch-query'), answer: story }),
  template: endpoint('GET', '/stories/create', { query: schema('api/story-template-query'), answer: data(schema('api/story-create-form')) }),
  create: endpoint('POST', '/stories/create', { body: schema('api/story-create'), answer: story }),
  form: endpoint('GET', '/stories/update/:id', { answer: data(schema('api/story-update-form')) }),
  save: endpoint('PUT', '/stories/update/:id', { body: schema('api/story-update'), answer: story }),
  ready: endpoint('PUT', '/stories/ready/:id', { answer: story }),
  draft: endpoint('PUT', '/stories/draft/:id', { answer: story }),
  accept: endpoint('PUT', '/stories/accept/:id', { answer: story }),
  publish: endpoint('POST', '/stories/publish/:id', { body: schema('api/story-publish'), answer: story }),
  cancelSchedule: endpoint('DELETE', '/stories/publish/:id', { answer: story }),
  cancel: endpoint('POST', '/stories/cancel/:id', { answer: story }),
  unpublish: endpoint('PUT', '/stories/unpublish/:id', { answer: story }),
  remove: endpoint('DELETE', '/stories/delete/:id', { answer: data(schema('api/story-deleted')) }),
  feature: endpoint('PUT', '/stories/feature/:id', { answer: story }),
  unfeature: endpoint('DELETE', '/stories/feature/:id', { answer: story }),
  addPenName: endpoint('POST', '/stories/authors', { body: schema('api/pen-name-create'), answer: data(schema('entities/pen-name')) }),
};
