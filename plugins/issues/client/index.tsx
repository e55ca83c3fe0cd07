import { lazy } from 'react';
import { lazyPanel } from '../../../core/client/lazy-panel';
import { clientPlugin } from '../../../core/client/registry';
import manifest from '../plugin';
import { newIssuePath } from './issue-paths';

// The panels of the issues are one module's exports.
const issuePanel = (name: 'PublisherGlancePanel' | 'DraftIssuesPanel' | 'PublishedIssuesPanel') => () =>
  import('./IssuePanels').then((module) => ({ default: module[name] }));

export default clientPlugin(manifest, {
  routes: [
    { path: '/newsletters/show/:newsletterId/issues', page: lazy(() => import('./IssuesPage')), requires: 'issues.update' },
    { path: '/issues/create/:newsletterId/:page?', page: lazy(() => import('./NewIssuePage')), requires: 'issues.create' },
    // /issues/edit/{id}/{page}: edit (default), credentials or publish; the editor owns the whole window.
    { path: '/issues/edit/:issueId/:page?', page: lazy(() => import('./editor/IssueEditorPage')), requires: 'issues.update', chrome: 'bare' },
  ],
  createActions: {
    'new-issue': { label: 'New Issue', icon: 'Mail', requires: 'issues.create', to: (scope) => newIssuePath(scope._id) },
  },
  panels: {
    'publisher-glance': lazyPanel('publisher', 'At a glance', issuePanel('PublisherGlancePanel'), {
      requires: 'issues.list',
      size: { w: 24, h: 3 },
      lead: true,
    }),
    'draft-issues': lazyPanel('newsletter', 'Draft issues', issuePanel('DraftIssuesPanel'), { requires: 'issues.update', size: { w: 12, h: 6 } }),
    'published-issues': lazyPanel('newsletter', 'Published issues', issuePanel('PublishedIssuesPanel'), { requires: 'issues.update', size: { w: 12, h: 6 } }),
  },
});
