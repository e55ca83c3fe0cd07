/**
 * Collections: a publisher's curated, ordered lists of published stories, with their public page
 * /c/{slug} (later). Publishing is its own permission: config/roles.json gives it to admins and
 * directors, who answer for what the publisher shows the public; editors make and arrange
 * collections as drafts.
 */
import { definePlugin } from '../../core/shared/plugin';

export default definePlugin({
  id: 'collections',
  title: 'Collections',
  requires: ['stories'],
  permissions: ['collections.list', 'collections.create', 'collections.update', 'collections.delete', 'collections.publish'],
});
