/**
 * Podcasts from the Megaphone API (MEGAPHONE_TOKEN, MEGAPHONE_NETWORK_ID, MEGAPHONE_API_URL): the
 * network's podcasts and their episodes. The API is configuration we trust; the audio it points
 * to is fetched with the same limits as any other download.
 */
import { constants } from '../../../../core/shared/config';
import { downloadEpisodeAudio } from './safe-fetch';
import { PodcastError, type Podcast, type PodcastEpisode, type PodcastProvider } from './types';

export interface MegaphoneSettings {
  token: string;
  networkId: string;
  apiUrl: string;
}

/** The fields we read of Megaphone's podcast and episode objects. */
interface MegaphonePodcast {
  id: string;
  title?: string;
  subtitle?: string;
  imageFile?: string;
  episodesCount?: number;
  createdAt?: string;
  updatedAt?: string | null;
}

interface MegaphoneEpisode {
  id: string;
  podcastId?: string;
  title?: string;
  subtitle?: string;
  summary?: string;
  imageFile?: string;
  pubdate?: string;
  audioFile?: string;
  downloadUrl?: string;
  duration?: number;
  draft?: boolean;
}

const pageSize = 500;

export function createMegaphoneProvider(settings: MegaphoneSettings, options: { allowPrivate: boolean }): PodcastProvider {
  const get = async <T>(path: string): Promise<T> => {
    let response: Response;
    try {
      response = await fetch(`${settings.apiUrl}/networks/${encodeURIComponent(settings.networkId)}${path}?per_page=${pageSize}`, {
        headers: { authorization: `Token token="${settings.token}"`, accept: 'application/json' },
        signal: AbortSignal.timeout(constants.limits.feedTimeoutMs),
      });
    } catch {
      throw new PodcastError('Megaphone cannot be reached.', 'unreachable');
    }
    if (response.status === 404) throw new PodcastError('Podcast not found.', 'not-found');
    if (!response.ok) throw new PodcastError(`Megaphone answered ${response.status}.`, 'unreachable');
    return (await response.json()) as T;
  };

  return {
    kind: 'megaphone',
    async listPodcasts() {
      const podcasts = await get<MegaphonePodcast[]>('/podcasts');
      return podcasts.map((podcast): Podcast => ({
        id: String(podcast.id),
        title: podcast.title ?? '',
        subtitle: podcast.subtitle ?? '',
        image: podcast.imageFile ?? '',
        episodeCount: podcast.episodesCount ?? 0,
        createdAt: podcast.createdAt ?? '',
        publishedAt: podcast.updatedAt ?? undefined,
      }));
    },
    async listEpisodes(podcastId) {
      const episodes = await get<MegaphoneEpisode[]>(`/podcasts/${encodeURIComponent(podcastId)}/episodes`);
      return episodes
        .filter((episode) => !episode.draft && (episode.downloadUrl || episode.audioFile))
        .map((episode): PodcastEpisode => ({
          id: String(episode.id),
          podcastId: String(episode.podcastId ?? podcastId),
          title: episode.title ?? '',
          subtitle: episode.subtitle || episode.summary || '',
          image: episode.imageFile ?? '',
          publishedAt: episode.pubdate ?? '',
          audioUrl: (episode.downloadUrl || episode.audioFile)!,
          duration: episode.duration === undefined ? undefined : Math.round(episode.duration),
        }))
        .sort((a, b) => b.publishedAt.localeCompare(a.publishedAt));
    },
    downloadAudio: (episode, maxBytes) => downloadEpisodeAudio(episode, maxBytes, options.allowPrivate),
  };
}
