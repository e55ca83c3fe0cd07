/**
 * Payments: paid subscriptions through Stripe (issue 33 points 2 to 5). A publisher's Stripe keys
 * and each newsletter's monthly and yearly prices are set in their Credentials; a signed-in reader
 * pays through Stripe Checkout and manages the subscription in Stripe's customer portal; Stripe's
 * webhooks alone say who pays; a payer reads premium stories whole; Earnings sums what was paid.
 * docs/decisions/0042-paid-subscriptions.md says why it is built so.
 */
import { definePlugin } from '../../core/shared/plugin';

export default definePlugin({
  id: 'payments',
  title: 'Payments',
  // Readers sign in to pay; subscribers give the list's type column; stories and issues ask who may
  // read a premium story whole; settings hold the keys and prices; analytics lends the charts; the
  // landing page offers the plans through the dashboards' public sections; the directors are told of
  // a Checkout or a webhook that failed through notifications.
  requires: ['readers', 'subscribers', 'stories', 'issues', 'settings', 'analytics', 'dashboards', 'notifications'],
  permissions: [],
  menuItems: {
    earnings: { label: 'Earnings', icon: 'Money', to: '/publishers/show/:scope/earnings', requires: 'publishers.update', scopes: ['publisher'] },
  },
});
