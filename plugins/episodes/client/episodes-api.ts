/** The episode and podcast calls the console makes (plugins/episodes/server/routes.ts and podcast-routes.ts answer them). */
import { call } from '../../../core/client/api';
import type { EpisodeCreateBody } from '../../../schemas/generated/api/episode-create';
import type { EpisodeUpdateBody } from '../../../schemas/generated/api/episode-update';
import type { PodcastFeedCreateBody } from '../../../schemas/generated/api/podcast-feed-create';
import type { PodcastImportBody } from '../../../schemas/generated/api/podcast-import';
import type { PodcastList } from '../../../schemas/generated/api/podcast-list';
import type { Episode } from '../../../schemas/generated/entities/episode';
import type { Podcast } from '../../../schemas/generated/entities/podcast';
import type { PodcastEpisode } from '../../../schemas/generated/entities/podcast-episode';
import type { Recording } from '../../../schemas/generated/entities/recording';
import { episodeEndpoints, podcastEndpoints } from '../endpoints';

/** Where the publisher's podcasts come from: its saved RSS feeds, or its Megaphone network. */
export type PodcastProvider = PodcastList['provider'];

export async function createEpisode(body: EpisodeCreateBody): Promise<Episode> {
  return (await call(episodeEndpoints.create, { body })).data;
}

export async function updateEpisode(id: string, body: EpisodeUpdateBody): Promise<Episode> {
  return (await call(episodeEndpoints.save, { params: { id }, body })).data;
}

export async function deleteEpisode(id: string): Promise<void> {
  await call(episodeEndpoints.remove, { params: { id } });
}

/** The address of the newsletter's public podcast feed. */
export async function feedAddress(newsletterId: string): Promise<string> {
  return (await call(episodeEndpoints.feed, { params: { newsletterId } })).data.url;
}

/** The publisher's podcasts at its provider, and which provider that is (it decides whether feeds can be added). */
export async function listPodcasts(): Promise<{ provider: PodcastProvider; podcasts: Podcast[] }> {
  const { data, provider } = await call(podcastEndpoints.list);
  return { provider, podcasts: data };
}

export async function listPodcastEpisodes(podcastId: string): Promise<PodcastEpisode[]> {
  return (await call(podcastEndpoints.episodes, { params: { podcastId } })).data;
}

export async function addPodcastFeed(body: PodcastFeedCreateBody): Promise<void> {
  await call(podcastEndpoints.addFeed, { body });
}

export async function removePodcastFeed(id: string): Promise<void> {
  await call(podcastEndpoints.removeFeed, { params: { id } });
}

/** Copies a provider episode's audio into a recording of the publisher. */
export async function importPodcastEpisode(episode: Pick<PodcastEpisode, 'podcastId' | 'id'>): Promise<Recording> {
  const body: PodcastImportBody = { podcastId: episode.podcastId, episodeId: episode.id };
  return (await call(podcastEndpoints.import, { body })).data;
}
