/**
 * A story's addresses on the site it was imported from (issue 56): Ghost's /{slug}/, Substack's
 * and beehiiv's /p/{slug}, kept per newsletter, answer below the newsletter's reader pages,
 * /n/{key}/{slug} and /n/{key}/p/{slug} (with or without the closing slash), with a 301 to the
 * story's page /s/{slug}. The newsletter's own pages below /n/{key} (archive, subscribe, ...)
 * come first: the router prefers a fixed segment to a parameter. Any other address, or a story
 * not published, answers as an unknown address does (404 in the newsletter's look).
 */
import type { Handle } from '../../../core/server/db/database';
import type { PluginApi } from '../../../core/server/plugins/contract';
import { findNewsletterByKey } from '../../../core/server/store';
import { storiesDb } from './store';

/** An old address as it is kept: lower-case, no slash at either end ('/P/My-Post/' is 'p/my-post'). */
export const oldPathOf = (path: string) =>
  path
    .trim()
    .toLowerCase()
    .replace(/^\/+|\/+$/g, '');

/** The story that already answers at an old address of the newsletter, if any. */
export async function storyAtOldAddress(handle: Handle, newsletterId: string, path: string): Promise<string | undefined> {
  const row = await storiesDb(handle)
    .selectFrom('story_old_addresses')
    .select('story_id')
    .where('newsletter_id', '=', newsletterId)
    .where('path', '=', oldPathOf(path))
    .executeTakeFirst();
  return row?.story_id;
}

/** Makes an old address of the newsletter answer with the story; false when another story has it already. */
export async function keepOldAddress(handle: Handle, address: { newsletterId: string; path: string; storyId: string }): Promise<boolean> {
  const path = oldPathOf(address.path);
  await storiesDb(handle)
    .insertInto('story_old_addresses')
    .values({ newsletter_id: address.newsletterId, path, story_id: address.storyId })
    .onConflict((conflict) => conflict.columns(['newsletter_id', 'path']).doNothing())
    .execute();
  return (await storyAtOldAddress(handle, address.newsletterId, path)) === address.storyId;
}

const oldParams = {
  type: 'object',
  required: ['key', 'old'],
  properties: { key: { type: 'string', minLength: 1, maxLength: 120 }, old: { type: 'string', minLength: 1, maxLength: 200 } },
} as const;

export function registerOldAddresses(api: PluginApi): void {
  const db = storiesDb(api.db);
  const routes = [
    { url: '/n/:key/:old', prefix: '' },
    { url: '/n/:key/:old/', prefix: '' },
    { url: '/n/:key/p/:old', prefix: 'p/' },
    { url: '/n/:key/p/:old/', prefix: 'p/' },
  ];
  for (const route of routes)
    api.page<{ key: string; old: string }>({
      url: route.url,
      schema: {
        params: oldParams,
        response: { 301: { description: 'To the page of the story that had this address on the site it was imported from.', type: 'null' } },
        summary: "An imported story's address on its old site: a permanent redirect to its page here.",
      },
      async handler(request, reply) {
        const newsletter = await findNewsletterByKey(db, request.params.key);
        const storyId = newsletter && (await storyAtOldAddress(db, newsletter.id, `${route.prefix}${request.params.old}`));
        const story =
          storyId && (await db.selectFrom('stories').select(['id', 'slug']).where('id', '=', storyId).where('published', '=', true).executeTakeFirst());
        // Any other address below /n/{key} answers as before: the server's not-found answer, in the newsletter's look.
        if (!story) return reply.callNotFound();
        return reply.header('cache-control', 'public, max-age=86400').redirect(`/s/${encodeURIComponent(story.slug || story.id)}`, 301);
      },
    });
}
