/**
 * Imports (issue 56): a publisher moving here brings its posts and its list from Ghost, Substack,
 * Mailchimp or beehiiv. An import is checked first (a dry run writes only its report), then run
 * for real as a job that streams the uploaded files, takes what is new, skips what an earlier run
 * took, never mails anyone, and reports each item taken, changed, skipped or failed with why.
 */
import { definePlugin } from '../../core/shared/plugin';

export default definePlugin({
  id: 'imports',
  title: 'Imports',
  // Members become subscribers (with labels, unsubscribed and suppressed addresses); paid members
  // are recorded by payments; posts become stories, archive issues, images and old-slug redirects.
  requires: ['subscribers', 'payments', 'stories', 'issues', 'newsletters'],
  permissions: [],
  menuItems: {
    imports: { label: 'Import', icon: 'CloudImportExport', to: '/publishers/show/:scope/imports', requires: 'publishers.update', scopes: ['publisher'] },
  },
});
