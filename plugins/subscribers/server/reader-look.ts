/**
 * How a newsletter's reader pages look and what they offer (the frame of core/server/public-page.ts):
 * its colours and logo, its publisher, its feeds (the issues' RSS, the podcast when it has published
 * episodes) and the subscribe form as its web design asks. Every plugin with a reader page of a
 * newsletter builds its frame here (through server/public.ts), so the pages cannot drift apart.
 * The web design is the design plugin's, given through the newsletters plugin's `newsletterLook`.
 */
import type { Handle } from '../../../core/server/db/database';
import type { Extensions } from '../../../core/server/plugins/extension-points';
import type { NewsletterRow } from '../../../core/server/db/tables';
import { newsletterFrame, type PublicPageNewsletter } from '../../../core/server/public-page';
import { findPublisher } from '../../../core/server/store';
import { hasPodcast } from '../../episodes/server/public';
import { newsletterWebDesign } from '../../newsletters/server/public';
import { subscribeForm } from './subscribe-form';
import type { SubscribeFields } from './subscriptions';

type LookNewsletter = Pick<NewsletterRow, 'id' | 'publisher_id' | 'title' | 'key' | 'color' | 'text_color' | 'lang' | 'image'>;

type LookContext = { db: Handle; extensions: Extensions };

/** What the newsletter's subscribe form asks besides the e-mail address (its web design). */
export async function subscribeFieldsOf(context: LookContext, newsletterId: string): Promise<SubscribeFields> {
  const design = await newsletterWebDesign(context, newsletterId);
  return { name: design.nameField, city: design.cityField };
}

/**
 * Each server's extensions by its database handle (api.db, the one every plugin is given):
 * readerLook is called with the handle alone (the stories', issues', collections' and dashboards'
 * pages), and the subscribe form's fields come through an extension point. The plugin binds its
 * server's handle as it registers (bindReaderLook).
 */
const extensionsByHandle = new WeakMap<Handle, Extensions>();

export function bindReaderLook(context: LookContext): void {
  extensionsByHandle.set(context.db, context.extensions);
}

function lookContext(db: Handle): LookContext {
  const extensions = extensionsByHandle.get(db);
  if (!extensions) throw new Error("readerLook: not a server's database handle (api.db); a transaction is not one");
  return { db, extensions };
}

/**
 * The frame of the newsletter's reader pages. `form: false` leaves the subscribe band out (a page
 * that shows the form itself, or an unsubscribe page).
 */
export async function readerLook(db: Handle, newsletter: LookNewsletter, options: { form?: boolean } = {}): Promise<PublicPageNewsletter> {
  const [publisher, podcast, fields] = await Promise.all([
    findPublisher(db, newsletter.publisher_id),
    hasPodcast(db, newsletter.id),
    options.form === false ? null : subscribeFieldsOf(lookContext(db), newsletter.id),
  ]);
  const path = `/n/${encodeURIComponent(newsletter.key)}`;
  return {
    ...newsletterFrame(newsletter),
    ...(publisher && { publisher: { title: publisher.title, key: publisher.key } }),
    // The issues plugin serves the RSS feed of the published issues; the episodes plugin the podcast.
    feeds: { rss: `${path}/rss.xml`, ...(podcast && { podcast: `${path}/podcast.xml` }) },
    ...(fields && { subscribe: subscribeForm(newsletter, fields) }),
  };
}
