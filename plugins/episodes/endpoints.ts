/**
 * The episode calls (spec section 7) and the podcast provider browser's calls, declared once:
 * plugins/episodes/server/routes.ts and podcast-routes.ts serve them, the console calls them.
 */
import { data, deleted, endpoint, list, schema, whole } from '../../core/shared/endpoints';

const episode = data(schema('entities/episode'));

export const episodeEndpoints = {
  list: endpoint('GET', '/episodes/list', { query: schema('api/episode-list-query'), answer: list(schema('entities/episode')) }),
  feed: endpoint('GET', '/episodes/feed/:newsletterId', { answer: data(schema('api/episode-feed-url')) }),
  create: endpoint('POST', '/episodes/create', { body: schema('api/episode-create'), answer: episode }),
  form: endpoint('GET', '/episodes/update/:id', { answer: data(schema('api/episode-form')) }),
  save: endpoint('PUT', '/episodes/update/:id', { body: schema('api/episode-update'), answer: episode }),
  remove: endpoint('DELETE', '/episodes/delete/:id', { answer: deleted() }),
};

export const podcastEndpoints = {
  list: endpoint('GET', '/podcasts/list', { answer: whole(schema('api/podcast-list')) }),
  /** A provider's podcast id is no id of ours: a Megaphone id or a feed's, up to 200 characters. */
  episodes: endpoint('GET', '/podcasts/list/:podcastId/episodes', {
    params: { type: 'object', required: ['podcastId'], properties: { podcastId: { type: 'string', minLength: 1, maxLength: 200 } } },
    answer: list(schema('entities/podcast-episode')),
  }),
  import: endpoint('POST', '/podcasts/import', { body: schema('api/podcast-import'), answer: data(schema('entities/recording')) }),
  feeds: endpoint('GET', '/podcasts/feeds', { answer: whole(schema('api/podcast-feed-list')) }),
  addFeed: endpoint('POST', '/podcasts/feeds', { body: schema('api/podcast-feed-create'), answer: data(schema('entities/podcast-feed')) }),
  removeFeed: endpoint('DELETE', '/podcasts/feeds/:id', { answer: deleted() }),
};
