/**
 * The podcast provider browser's calls: the publisher's podcasts and their episodes at the
 * provider, importing an episode as a recording, and (RSS provider) the saved feed addresses.
 */
import { ownTables } from '../../../core/server/db/database';
import { loadFileType } from '../../../core/server/on-first-use';
import { callerPublisher } from '../../../core/server/auth/session';
import { invalid, notFound } from '../../../core/server/errors';
import type { PluginApi } from '../../../core/server/plugins/contract';
import { iso } from '../../../core/server/present';
import { constants } from '../../../core/shared/config';
import { createRecording, findImportedRecording } from '../../recordings/server/public';
import { podcastEndpoints } from '../endpoints';
import { createPodcastProvider, createRssProvider, httpUrl, PodcastError, type FeedRef } from './podcasts';
import { presentFeed } from './present';
import { deleteFeed, findFeed, insertFeed, listFeeds } from './store';

const feedsOnlyMessage = 'Podcast feeds are used only when no Megaphone account is configured.';

/** A provider failure as the answer the console shows: what the user can act on, in their words. */
function asHttpError(error: unknown, path: string): unknown {
  if (!(error instanceof PodcastError)) return error;
  if (error.kind === 'not-found') return notFound(error.message);
  return invalid(error.message, path);
}

async function withProviderErrors<T>(path: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw asHttpError(error, path);
  }
}

export function registerPodcastRoutes(api: PluginApi): void {
  const db = ownTables(api.db, 'episodes');
  const provider = createPodcastProvider(api.env);
  const rss = createRssProvider({ allowPrivate: api.env.allowPrivateFeeds });
  const feedsOf = async (publisherId: string): Promise<FeedRef[]> =>
    (await listFeeds(db, publisherId)).map((feed) => ({ id: feed.id, url: feed.url, title: feed.title, createdAt: iso(feed.created_at) }));

  api.serve(podcastEndpoints.list, {
    requires: 'episodes.create',
    summary: "The publisher's podcasts at the podcast provider (its saved RSS feeds, or its Megaphone network's podcasts).",
    async handler(_request, _reply, session) {
      const feeds = provider.kind === 'rss' ? await feedsOf(callerPublisher(session)) : [];
      const data = await withProviderErrors('', () => provider.listPodcasts(feeds));
      return { data, count: data.length, provider: provider.kind };
    },
  });

  api.serve(podcastEndpoints.episodes, {
    requires: 'episodes.create',
    summary: "A podcast's episodes at the provider, newest first.",
    async handler(request, _reply, session) {
      const feeds = provider.kind === 'rss' ? await feedsOf(callerPublisher(session)) : [];
      const data = await withProviderErrors('', () => provider.listEpisodes(request.params.podcastId, feeds));
      return { data, count: data.length };
    },
  });

  api.serve(podcastEndpoints.import, {
    requires: 'episodes.create',
    summary: "Copies a provider episode's audio into a recording (podcastId and content_id say where from; importing it again answers the same recording).",
    async handler(request, _reply, session) {
      const publisherId = callerPublisher(session);
      const { podcastId, episodeId } = request.body;
      const feeds = provider.kind === 'rss' ? await feedsOf(publisherId) : [];
      // Imported before: no second download.
      const imported = await findImportedRecording(api, publisherId, podcastId, episodeId);
      if (imported) return { data: imported, msg: 'Episode imported.' };
      const recording = await withProviderErrors('audio', async () => {
        const episode = (await provider.listEpisodes(podcastId, feeds)).find((candidate) => candidate.id === episodeId);
        if (!episode) throw new PodcastError('Episode not found.', 'not-found');
        const buffer = await provider.downloadAudio(episode, constants.limits.recordingMaxBytes);
        const type = await (await loadFileType()).fileTypeFromBuffer(buffer);
        return createRecording(
          { db: api.db, storage: api.storage },
          {
            publisherId,
            uploaderId: session.user.id,
            title: episode.title,
            subtitle: episode.subtitle,
            image: episode.image,
            audio: { buffer, mime: type?.mime ?? 'application/octet-stream', ext: type?.ext ?? 'bin' },
            podcastId: episode.podcastId,
            contentId: episode.id,
          },
        );
      });
      return { data: recording, msg: 'Episode imported.' };
    },
  });

  api.serve(podcastEndpoints.feeds, {
    requires: 'episodes.create',
    summary: 'The podcast RSS feeds the publisher saved (RSS provider).',
    async handler(_request, _reply, session) {
      const rows = provider.kind === 'rss' ? await listFeeds(db, callerPublisher(session)) : [];
      return { data: rows.map(presentFeed), count: rows.length, provider: provider.kind };
    },
  });

  api.serve(podcastEndpoints.addFeed, {
    requires: 'episodes.create',
    summary: 'Saves a podcast RSS feed address; the feed must be readable.',
    async handler(request, _reply, session) {
      const publisherId = callerPublisher(session);
      if (provider.kind !== 'rss') throw invalid(feedsOnlyMessage, 'url');
      const url = await withProviderErrors('url', async () => httpUrl(request.body.url).href);
      const feeds = await listFeeds(db, publisherId);
      if (feeds.some((feed) => feed.url === url)) throw invalid('This feed is already in your list.', 'url');
      if (feeds.length >= constants.limits.podcastFeedsMax) throw invalid(`You can keep at most ${constants.limits.podcastFeedsMax} podcast feeds.`, 'url');
      const { podcast } = await withProviderErrors('url', () => rss.readFeed(url, 'new'));
      const id = await insertFeed(db, { publisherId, url, title: podcast.title });
      return { data: presentFeed((await findFeed(db, id))!), msg: 'Podcast feed added.' };
    },
  });

  api.serve(podcastEndpoints.removeFeed, {
    requires: 'episodes.create',
    summary: 'Forgets a saved podcast feed (recordings imported from it stay).',
    async handler(request, _reply, session) {
      if (!(await deleteFeed(db, callerPublisher(session), request.params.id))) throw notFound('Podcast feed not found.');
      return { data: { _id: request.params.id }, msg: 'Podcast feed removed.' };
    },
  });
}
