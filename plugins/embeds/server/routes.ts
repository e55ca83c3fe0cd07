/**
 * The embed service's calls (spec 002 section 7): POST /embed/generate makes a frame into an image,
 * GET /embed/twitter reads a post's oEmbed. Whoever writes stories (and so issues) may call them.
 * A target that cannot be fetched or drawn answers 422 'Something went wrong...' with the reason
 * (spec 002 section 8), never a 500; a private address is a 422 of its own; a card of content the
 * caller's publisher does not have is a 404.
 */
import { HttpError, invalid } from '../../../core/server/errors';
import type { PluginApi } from '../../../core/server/plugins/contract';
import { FetchRefused } from '../../../core/server/services/safe-fetch';
import { embedTargetOf } from '../../../core/shared/embeds';
import { embedEndpoints } from '../endpoints';
import { embedFailedMessage, embedPrivateMessage, embedUrlMessage, notAPostMessage } from '../rules';
import { createBrowserRenderer } from './browser';
import { generateCard, generateFromUrl, privateAccessOf, type EmbedMaker } from './generate';
import { perUser } from './slots';
import { fetchPost } from './twitter';

/** A failure as the answer the editor shows: what the user can act on, or 'Something went wrong...' with the reason. */
function asAnswer(error: unknown, path: string, log: PluginApi['log']): HttpError {
  if (error instanceof HttpError) return error;
  if (error instanceof FetchRefused) {
    if (error.kind === 'invalid') return invalid(error.message, path === 'frame' ? 'frame.url' : path);
    if (error.kind === 'private') return invalid(embedPrivateMessage, path === 'frame' ? 'frame.url' : path);
    return new HttpError(422, { msg: embedFailedMessage, details: [{ message: error.message, path }] });
  }
  log.warn({ err: error }, 'embed: the image could not be made');
  return new HttpError(422, { msg: embedFailedMessage, details: [{ message: 'The image could not be drawn.', path }] });
}

export function registerEmbedRoutes(api: PluginApi): void {
  const browser = api.env.chromiumPath ? createBrowserRenderer({ executablePath: api.env.chromiumPath, access: privateAccessOf(api.env), log: api.log }) : null;
  if (browser) api.onClose(() => browser.close());
  const maker: EmbedMaker = { env: api.env, db: api.db, storage: api.storage, log: api.log, browser };
  const oneAtATime = perUser();

  api.serve(embedEndpoints.generate, {
    requires: 'stories.create',
    summary:
      "Makes an embed's image (a PNG kept under /uploads/embeds/): a url frame is rendered by headless Chromium (CHROMIUM_PATH) or drawn as a card of the page's OpenGraph tags; a card frame draws an issue, newsletter, story, collection or publisher of the caller's publisher. One at a time per user (429).",
    async handler(request, _reply, session) {
      const { frame } = request.body;
      return oneAtATime(session.user.id, async () => {
        try {
          if (frame.kind === 'card') return { data: await generateCard(maker, session.publisherId, frame.product!, (frame.id ?? frame.key)!) };
          return { data: await generateFromUrl(maker, session.publisherId, frame.url!) };
        } catch (error) {
          throw asAnswer(error, 'frame', api.log);
        }
      });
    },
  });

  api.serve(embedEndpoints.twitter, {
    requires: 'stories.create',
    summary: "A post's oEmbed from Twitter (TWITTER_OEMBED_URL): title, author, text and its html cleaned to blockquote, p, a and br.",
    async handler(request) {
      const target = embedTargetOf(request.query.link);
      if (!/^https?:\/\//i.test(request.query.link.trim())) throw invalid(embedUrlMessage, 'link');
      if (target?.kind !== 'twitter') throw invalid(notAPostMessage, 'link');
      try {
        return { data: await fetchPost(api.env, target.url) };
      } catch (error) {
        throw asAnswer(error, 'link', api.log);
      }
    },
  });
}
