/**
 * Settings: newsletter and publisher credentials, interests, voice settings, and the welcome issue.
 * A newsletter's settings are parts of the newsletter, carried by the newsletters plugin's calls
 * (which declare newsletters.update) through its extension point.
 */
import { definePlugin } from '../../core/shared/plugin';

export default definePlugin({
  id: 'settings',
  title: 'Settings',
  requires: ['newsletters'],
  permissions: ['publishers.update'],
  menuItems: {
    'newsletter-credentials': {
      label: 'Credentials',
      icon: 'EditNote',
      to: '/newsletters/show/:scope/settings',
      requires: 'newsletters.update',
      scopes: ['newsletter'],
    },
    'publisher-credentials': {
      label: 'Credentials',
      icon: 'EditNote',
      to: '/publishers/show/:scope/settings',
      requires: 'publishers.update',
      scopes: ['publisher'],
    },
  },
});
