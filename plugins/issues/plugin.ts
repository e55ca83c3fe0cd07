/** Issues: an intro plus stories grouped in channels, created from a channel template, edited by several people at once, listed and featured. */
import { definePlugin } from '../../core/shared/plugin';

export default definePlugin({
  id: 'issues',
  title: 'Issues',
  // Stories fill the channels (their card, their creation); newsletters hold the issue; settings give the interests,
  // the testers and the e-mail design; subscribers receive it (and give the reader pages' frame); the
  // dashboards plugin's landing page lists the latest issues (its publicSections).
  requires: ['stories', 'newsletters', 'settings', 'episodes', 'subscribers', 'dashboards'],
  permissions: ['issues.list', 'issues.create', 'issues.update', 'issues.delete', 'issues.feature', 'issues.premium', 'issues.publish', 'issues.cancel'],
  menuItems: {
    issues: { label: 'Issues', icon: 'Mail', to: '/newsletters/show/:scope/issues', requires: 'issues.update', scopes: ['newsletter'] },
  },
});
