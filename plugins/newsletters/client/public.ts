/**
 * What other plugins may use of the newsletters plugin on the console: the admins' Published and
 * Featured switches, for the page that shows a newsletter's status (Newsletter Credentials), and
 * the message of a key another newsletter has.
 */
import { createComponentRef } from '../../../core/client/refs';

export { newsletterKeyTaken } from '../rules';

export interface NewsletterStatusProps {
  newsletterId: string;
  published: boolean;
  featured: boolean;
}

/**
 * The admins' Published and Featured switches, given the newsletter's status as the page read it.
 * The newsletters plugin declares them and provides them (it serves the calls they make); the
 * settings' Newsletter Credentials shows them in its STATUS card.
 */
export const newsletterStatusRef = createComponentRef<NewsletterStatusProps>('newsletters.status');
