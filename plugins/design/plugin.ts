/**
 * New newsletters and their look: the creation wizard, the channel templates, the e-mail design
 * with its live preview, and the web design (the landing page's cover, the subscribe form's
 * fields). The templates are the issues plugin's (issues start from them); the e-mail and web
 * design are this plugin's (newsletter_designs), given to the plugins that mail readers or draw
 * their pages through the newsletters plugin's newsletterLook; the preview is the issue e-mail itself.
 */
import { definePlugin } from '../../core/shared/plugin';

export default definePlugin({
  id: 'design',
  title: 'Design',
  // The demo covers come from the image library (images), as a user's would.
  requires: ['settings', 'newsletters', 'issues', 'images'],
  // newsletters.create is the core's, newsletters.update the newsletters plugin's.
  permissions: [],
  menuItems: {
    channels: { label: 'Channels', icon: 'BulletedList', to: '/newsletters/show/:scope/channels', requires: 'newsletters.update', scopes: ['newsletter'] },
    'email-design': { label: 'Email', icon: 'Mail', to: '/newsletters/show/:scope/email-design', requires: 'newsletters.update', scopes: ['newsletter'] },
    'web-design': { label: 'Web', icon: 'Globe', to: '/newsletters/show/:scope/web-design', requires: 'newsletters.update', scopes: ['newsletter'] },
  },
});
