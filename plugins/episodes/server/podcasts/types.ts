/**
 * The podcast provider behind the podcast browser: a publisher's RSS feeds by default, or the
 * Megaphone API when MEGAPHONE_TOKEN is set. Both answer the same shapes, so the console and the
 * import do not know which one they talk to.
 */
import type { Podcast } from '../../../../schemas/generated/entities/podcast';
import type { PodcastEpisode } from '../../../../schemas/generated/entities/podcast-episode';

/** A podcast feed a publisher saved (RSS only; Megaphone lists the network's podcasts itself). */
export interface FeedRef {
  id: string;
  url: string;
  /** The title last read from the feed, shown when the feed cannot be read now. */
  title?: string;
  createdAt?: string;
}

// The shapes the console receives, from schemas/entities/podcast*.schema.json.
export type { Podcast, PodcastEpisode };

export interface PodcastProvider {
  kind: 'rss' | 'megaphone';
  listPodcasts(feeds: FeedRef[]): Promise<Podcast[]>;
  /** The episodes of one podcast, newest first; a podcast the provider does not know is a PodcastNotFound. */
  listEpisodes(podcastId: string, feeds: FeedRef[]): Promise<PodcastEpisode[]>;
  /** The episode's audio, refused past `maxBytes` while it streams in. */
  downloadAudio(episode: PodcastEpisode, maxBytes: number): Promise<Buffer>;
}

/** A failure the user can act on (a bad feed address, a feed that does not parse); its message is shown as is. */
export class PodcastError extends Error {
  constructor(
    message: string,
    readonly kind: 'invalid' | 'not-found' | 'too-big' | 'unreachable' = 'invalid',
  ) {
    super(message);
    this.name = 'PodcastError';
  }
}

export const tooBigMessage = 'Too big to upload!';
