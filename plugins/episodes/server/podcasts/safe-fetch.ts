/**
 * The podcast providers' fetches through the core's safe fetch (core/server/services/safe-fetch.ts):
 * a feed address a user typed, or an enclosure a feed names, never reaches a private or loopback
 * address unless PODCAST_ALLOW_PRIVATE_FEEDS is on. Failures become PodcastErrors in the podcast
 * browser's words.
 */
import { constants } from '../../../../core/shared/config';
import * as safe from '../../../../core/server/services/safe-fetch';
import { PodcastError, tooBigMessage } from './types';

export { isPrivateAddress, urlMessage } from '../../../../core/server/services/safe-fetch';
export const privateAddressMessage = 'This address is on a private network; podcast feeds must be public.';

/** A refusal of the safe fetch as the podcast browser's error (a private address is a bad address to give). */
function asPodcastError(error: unknown): unknown {
  if (!(error instanceof safe.FetchRefused)) return error;
  return new PodcastError(error.message, error.kind === 'private' ? 'invalid' : error.kind);
}

/** The address as a URL, when it is an http or https one. */
export function httpUrl(text: string): URL {
  try {
    return safe.httpUrl(text);
  } catch (error) {
    throw asPodcastError(error);
  }
}

export type FetchLimits = Omit<safe.FetchLimits, 'privateMessage' | 'allowPrivate'> & { allowPrivate: boolean };

/** The body at `address`, following checked redirects; throws PodcastError for what the user should hear about. */
export async function fetchLimited(address: string, limits: FetchLimits): Promise<{ body: Buffer; contentType: string }> {
  try {
    const { body, contentType } = await safe.fetchLimited(address, {
      ...limits,
      privateMessage: privateAddressMessage,
      headers: { 'user-agent': 'Masthead podcast browser', ...limits.headers },
    });
    return { body, contentType };
  } catch (error) {
    throw asPodcastError(error);
  }
}

/** A provider episode's audio, at most `maxBytes` (both providers download it the same way). */
export async function downloadEpisodeAudio(episode: { audioUrl: string }, maxBytes: number, allowPrivate: boolean): Promise<Buffer> {
  const { body } = await fetchLimited(episode.audioUrl, { maxBytes, timeoutMs: constants.limits.podcastAudioTimeoutMs, allowPrivate, tooBigMessage });
  return body;
}
