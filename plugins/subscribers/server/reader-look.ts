/**
 * How a newsletter's reader pages look and what they offer (the frame of core/server/public-page.ts):
 * its colours and logo, its publisher, its feeds (the issues' RSS, the podcast when it has published
 * episodes) and the subscribe form as its web design asks. Every plugin with a reader page of a
 * newsletter builds its frame here (through server/public.ts), so the pages cannot drift apart.
 * The web design is the design plugin's, given through the newsletters plugin's `newsletterLook`.
 */
import type { NewsletterRow } from '../../../core/server/db/tables';
import { newsletterFrame, type PublicPageNewsletter } from '../../../core/server/public-page';
import { findPublisher } from '../../../core/server/store';
import { hasPodcast } from '../../episodes/server/public';
import { newsletterWebDesign, type LookContext } from '../../newsletters/server/public';
import { subscribeForm } from './subscribe-form';
import type { SubscribeFields } from './subscriptions';

type LookNewsletter = Pick<NewsletterRow, 'id' | 'publisher_id' | 'title' | 'key' | 'color' | 'text_color' | 'lang' | 'image'>;

/** What the newsletter's subscribe form asks besides the e-mail address (its web design). */
export async function subscribeFieldsOf(context: LookContext, newsletterId: string): Promise<SubscribeFields> {
  const design = await newsletterWebDesign(context, newsletterId);
  return { name: design.nameField, city: design.cityField };
}

/**
 * The frame of the newsletter's reader pages. `form: false` leaves the subscribe band out (a page
 * that shows the form itself, or an unsubscribe page).
 */
export async function readerLook(context: LookContext, newsletter: LookNewsletter, options: { form?: boolean } = {}): Promise<PublicPageNewsletter> {
  const [publisher, podcast, fields] = await Promise.all([
    findPublisher(context.db, newsletter.publisher_id),
    hasPodcast(context.db, newsletter.id),
    options.form === false ? null : subscribeFieldsOf(context, newsletter.id),
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
