/** Subscribers: a newsletter's subscribers, their CSV import and export, and the subscriber timeline. */
import { definePlugin } from '../../core/shared/plugin';

export default definePlugin({
  id: 'subscribers',
  title: 'Subscribers',
  permissions: ['subscribers.list', 'subscribers.import'],
});
