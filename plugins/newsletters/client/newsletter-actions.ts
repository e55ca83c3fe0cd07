/** The admin's switches on a newsletter (spec section 4): PUT publishes or features, DELETE undoes it. */
import { call } from '../../../core/client/api';
import type { Permission } from '../../../core/shared/permissions';
import type { NewsletterSummary } from '../../../schemas/generated/entities/newsletter-summary';
import { newsletterEndpoints } from '../endpoints';

export type NewsletterSwitch = 'publish' | 'feature';

/** Each switch: who may flip it, whether it is on, and its menu item's text (English: shown through `t`) and icon while it is on and off. */
export const newsletterSwitches: Record<
  NewsletterSwitch,
  { requires: Permission; isOn(newsletter: NewsletterSummary): boolean; text: [on: string, off: string]; icon: [on: string, off: string] }
> = {
  publish: {
    requires: 'newsletters.publish',
    isOn: (newsletter) => newsletter.status.published,
    text: ['Unpublish', 'Publish'],
    icon: ['UnpublishContent', 'PublishContent'],
  },
  feature: {
    requires: 'newsletters.feature',
    isOn: (newsletter) => newsletter.status.featured,
    text: ['Unfeature', 'Feature'],
    icon: ['FavoriteStarFill', 'FavoriteStar'],
  },
};

/** Flips a switch; answers the newsletter as it is now and the server's message. */
export async function flipNewsletter(newsletter: NewsletterSummary, which: NewsletterSwitch): Promise<{ data: NewsletterSummary; msg?: string }> {
  const on = newsletterSwitches[which].isOn(newsletter);
  const endpoint = {
    publish: [newsletterEndpoints.publish, newsletterEndpoints.unpublish],
    feature: [newsletterEndpoints.feature, newsletterEndpoints.unfeature],
  }[which][on ? 1 : 0]!;
  return call(endpoint, { params: { id: newsletter._id } });
}
