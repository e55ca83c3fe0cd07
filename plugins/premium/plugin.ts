/**
 * Premium: the premium-story service (spec 002 sections 3, 5, 7, 8), mounted at /api/premium. A
 * premium record is a story seen through its premium flag (stories' is_premium, one source of
 * truth): marking one premium puts a teaser and a notice on its public page instead of the body.
 */
import { definePlugin } from '../../core/shared/plugin';

export default definePlugin({
  id: 'premium',
  title: 'Premium stories',
  // The flag and the public page are the stories plugin's; a premium story's TTS episode leaves the podcast.
  requires: ['stories', 'episodes'],
  permissions: ['premium.manage'],
});
