/** Settings: newsletter and publisher credentials, interests, voice settings, and the welcome issue. */
import { definePlugin } from '../../core/shared/plugin';

export default definePlugin({
  id: 'settings',
  title: 'Settings',
  permissions: ['newsletters.update', 'publishers.update'],
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
