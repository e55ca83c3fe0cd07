/**
 * Subscribers: a newsletter's subscribers, their CSV import and export, the subscriber timeline,
 * and readers coming and going (subscribe with double opt-in, unsubscribe with a reason).
 */
import { definePlugin } from '../../core/shared/plugin';

export default definePlugin({
  id: 'subscribers',
  title: 'Subscribers',
  // A new subscriber gets the newsletter's welcome issue, which the settings plugin keeps.
  requires: ['settings'],
  permissions: ['subscribers.list', 'subscribers.import'],
});
