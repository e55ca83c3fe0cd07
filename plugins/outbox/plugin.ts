/**
 * Outbox: the e-mail the server captured instead of sending (no SMTP_URL), for operators to read,
 * newest first, with the HTML as it would arrive. Admins only: nothing in roles.json grants it.
 */
import { definePlugin } from '../../core/shared/plugin';

export default definePlugin({
  id: 'outbox',
  title: 'Outbox',
  permissions: ['outbox.list'],
  menuItems: {
    outbox: { label: 'Outbox', icon: 'MailCheck', to: '/outbox', requires: 'outbox.list', scopes: ['publisher'] },
  },
});
