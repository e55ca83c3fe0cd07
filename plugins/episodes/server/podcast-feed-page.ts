/** GET /n/{key}/podcast.xml: the public podcast feed of a newsletter's published episodes. */
import { ownTables } from '../../../core/server/db/database';
import { notFound } from '../../../core/server/errors';
import type { PluginApi } from '../../../core/server/plugins/contract';
import { documentAnswer, keyParams } from '../../../core/server/schemas/parts';
import { renderPodcastFeed } from './feed';
import { findFeedNewsletter, publishedEpisodes } from './store';

/** Podcast apps file the show under a category; ours are news newsletters. */
const category = 'News';

export function registerPodcastFeedPage(api: PluginApi): void {
  const db = ownTables(api.db, 'episodes');
  api.page<{ key: string }>({
    url: '/n/:key/podcast.xml',
    schema: {
      params: keyParams,
      response: documentAnswer('application/rss+xml; charset=utf-8', "The newsletter's podcast feed: RSS 2.0 with iTunes tags."),
      summary: "A newsletter's podcast (RSS 2.0 with iTunes tags) of its published episodes.",
    },
    async handler(request, reply) {
      const newsletter = await findFeedNewsletter(db, request.params.key);
      if (!newsletter) throw notFound('Newsletter not found.');
      const episodes = await publishedEpisodes(db, newsletter.id);
      const xml = renderPodcastFeed(
        {
          title: newsletter.title,
          description: newsletter.description || newsletter.subtitle,
          key: newsletter.key,
          lang: newsletter.lang,
          image: newsletter.image,
          author: newsletter.publisher,
          category,
        },
        episodes,
        api.env.publicUrl,
        api.storage.urlOf,
      );
      return reply.header('content-type', 'application/rss+xml; charset=utf-8').header('cache-control', 'public, max-age=300').send(xml);
    },
  });
}
