import { lazy } from 'react';
import { clientPlugin } from '../../../core/client/registry';
import manifest from '../plugin';

// One dialog, opened with its type preset (a profile action's dialog takes only onDismiss).
const dialogOf = (name: 'GiveFeedbackDialog' | 'ReportBugDialog' | 'RequestFeatureDialog') =>
  lazy(() => import('./FeedbackDialog').then((module) => ({ default: module[name] })));

export default clientPlugin(manifest, {
  routes: [{ path: '/admin/feedback', page: lazy(() => import('./FeedbackListPage')), requires: 'feedback.list' }],
  profileActions: {
    'give-feedback': { label: 'Give Feedback', icon: 'Feedback', requires: 'feedback.create', inBetaBanner: true, dialog: dialogOf('GiveFeedbackDialog') },
    'report-bug': { label: 'Report a Bug', icon: 'Bug', requires: 'feedback.create', inBetaBanner: true, dialog: dialogOf('ReportBugDialog') },
    'request-feature': {
      label: 'Request a Feature',
      icon: 'Lightbulb',
      requires: 'feedback.create',
      inBetaBanner: true,
      dialog: dialogOf('RequestFeatureDialog'),
    },
  },
});
