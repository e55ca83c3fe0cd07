/**
 * How a newsletter's reader pages look and what they offer (the frame of core/server/public-page.ts):
 * its colours and logo, its publisher, its feeds (the issues' RSS, the podcast when it has published
 * episodes) and the subscribe form as its web design asks. Every plugin with a reader page of a
 * newsletter builds its frame here (through server/public.ts), so the pages cannot drift apart.
 */
import type { Handle } from '../../../core/server/db/database';
import type { NewsletterRow } from '../../../core/server/db/tables';
import { newsletterFrame, type PublicPageNewsletter } from '../../../core/server/public-page';
import { findPublisher } from '../../../core/server/store';
import { hasPodcast } from '../../episodes/server/public';
import { newsletterWebDesign } from '../../settings/server/public';
import { subscribeForm } from './subscribe-form';
import type { SubscribeFields } from './subscriptions';

type LookNewsletter = Pick<NewsletterRow, 'id' | 'publisher_id' | 'title' | 'key' | 'color' | 'text_color' | 'lang' | 'image'>;

/** What the newsletter's subscribe form asks besides the e-mail address. */
export async function subscribeFieldsOf(db: Handle, newsletterId: string): Promise<SubscribeFields> {
  const design = await newsletterWebDesign(db, newsletterId);
  return { name: design.nameField, city: design.cityField };
}

/**
 * The frame of the newsletter's reader pages. `form: false` leaves the subscribe band out (a page
 * that shows the form itself, or an unsubscribe page).
 */
export async function readerLook(db: Handle, newsletter: LookNewsletter, options: { form?: boolean } = {}): Promise<PublicPageNewsletter> {
  const [publisher, podcast, fields] = await Promise.all([
    findPublisher(db, newsletter.publisher_id),
    hasPodcast(db, newsletter.id),
    options.form === false ? null : subscribeFieldsOf(db, newsletter.id),
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
