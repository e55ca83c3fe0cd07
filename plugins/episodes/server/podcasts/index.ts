/** The podcast provider the environment chooses: Megaphone when MEGAPHONE_TOKEN is set, RSS feeds otherwise. */
import type { ServerEnv } from '../../../../core/server/env';
import { createMegaphoneProvider } from './megaphone';
import { createRssProvider } from './rss';
import type { PodcastProvider } from './types';

export function createPodcastProvider(env: Pick<ServerEnv, 'megaphone' | 'allowPrivateFeeds'>): PodcastProvider {
  const options = { allowPrivate: env.allowPrivateFeeds };
  return env.megaphone ? createMegaphoneProvider(env.megaphone, options) : createRssProvider(options);
}

export { createRssProvider, parseFeed, unreadableFeedMessage } from './rss';
export { httpUrl, isPrivateAddress, privateAddressMessage, urlMessage } from './safe-fetch';
export * from './types';
