/**
 * What other plugins may use of the newsletters plugin's server: recording the tags their content
 * uses (stories), and its extension points: what a plugin adds to a new newsletter (design), the
 * parts of a newsletter a plugin keeps, read, checked and saved by the newsletter's own calls
 * (settings, design), where the subscriber timeline and counts come from (subscribers), and how a
 * newsletter looks to its readers, its e-mail and web design (design), with the reads the plugins
 * that mail readers or draw their pages use.
 */
export { addTags, listTags } from './store';
export { addNewsletterCreation, newsletterCreation, type NewsletterCreation } from './creation';
export {
  defaultWebDesign,
  newsletterEmailDesign,
  newsletterLook,
  newsletterWebDesign,
  type LookContext,
  type NewsletterLook,
  type SubscribeFieldChoice,
  type WebDesign,
} from './look';
export { addNewsletterPart, newsletterParts, type NewsletterPart } from './parts';
export { presentOneNewsletter } from './present';
export { newsletterSubscriberCounts, type SubscriberCounts } from './subscriber-counts';
export { newsletterTimeline, type SubscriberWeek } from './timeline';
