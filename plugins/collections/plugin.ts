/**
 * Collections: a publisher's curated, ordered lists of published stories or issues, with their
 * public page /c/{slug or id}. Publishing is its own permission: config/roles.json gives it to
 * admins and directors, who answer for what the publisher shows the public; editors make and
 * arrange collections as drafts. Curating (a collection of issues, featuring a collection on its
 * owner's public page, opening it to search engines) is the platform's call: admins only.
 */
import { definePlugin } from '../../core/shared/plugin';

export default definePlugin({
  id: 'collections',
  title: 'Collections',
  // A collection holds published stories or published issues (their public entries); its page
  // wears its newsletter's reader frame (the subscribers plugin's).
  requires: ['stories', 'issues', 'dashboards', 'subscribers'],
  permissions: ['collections.list', 'collections.create', 'collections.update', 'collections.delete', 'collections.publish', 'collections.curate'],
  menuItems: {
    collections: {
      label: 'Collections',
      icon: 'PhotoCollection',
      to: '/newsletters/show/:scope/collections',
      requires: 'collections.create',
      scopes: ['newsletter'],
    },
  },
});
