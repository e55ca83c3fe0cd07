/**
 * Subscribers: a newsletter's subscribers, their CSV import and export, the subscriber timeline,
 * and readers coming and going (subscribe with double opt-in, unsubscribe with a reason).
 */
import { definePlugin } from '../../core/shared/plugin';

export default definePlugin({
  id: 'subscribers',
  title: 'Subscribers',
  // A new subscriber gets the newsletter's welcome issue, which the settings plugin keeps (with the
  // web design that says what the subscribe form asks); the reader pages' footer links the podcast
  // when the newsletter has published episodes. Its weekly timeline goes to the newsletters plugin's
  // call for one newsletter, through that plugin's extension point.
  requires: ['settings', 'episodes', 'newsletters'],
  permissions: ['subscribers.list', 'subscribers.import'],
});
