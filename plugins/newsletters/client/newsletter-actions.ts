/** The admin's switches on a newsletter (spec section 4): PUT publishes or features, DELETE undoes it. */
import { call } from '../../../core/client/api';
import type { NewsletterSummary } from '../../../schemas/generated/entities/newsletter-summary';

export type NewsletterSwitch = 'publish' | 'feature';

/** Flips a switch; answers the newsletter as it is now and the server's message. */
export async function flipNewsletter(newsletter: NewsletterSummary, which: NewsletterSwitch): Promise<{ data: NewsletterSummary; msg?: string }> {
  const on = which === 'publish' ? newsletter.status.published : newsletter.status.featured;
  return call<NewsletterSummary>(on ? 'delete' : 'put', `newsletters/${which}/${newsletter._id}`);
}
