/** Feedback: Give Feedback, Report a Bug, Request a Feature, and the admins' list of what came in. */
import { definePlugin } from '../../core/shared/plugin';

export default definePlugin({
  id: 'feedback',
  title: 'Feedback',
  permissions: ['feedback.create', 'feedback.list'],
});
