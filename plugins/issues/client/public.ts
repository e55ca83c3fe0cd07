/** What other plugins may use of issues on the console: the references they bind. */
import { createRouteRef } from '../../../core/client/refs';

/**
 * An issue's analytics (opens, clicks, reads, its click map), linked from the editor's statistics
 * block. The issues plugin declares it; the plugin that counts readers binds it.
 */
export const issueAnalyticsRoute = createRouteRef('issues.analytics', ['issueId']);
/** The e-mail's size against Gmail's clipping limit (the design page's preview shows it too). */
export { EmailSize } from './publish/EmailSize';
/** An e-mailed issue's results, as rates with their counts (the analytics pages show them too), and how every screen writes its repeats and machine share. */
export { machineShareNote, repeatsNote, repeatsOf, ResultsPanel, type Repeats } from './ResultsPanel';
/** A rate with its count, and a count, as the issue list's cells write them (the publisher's comparison of its newsletters shows them too). */
export { CountCell, RateCell } from './ResultsPanel';
/** An e-mailed issue's subject test under its results (issue 58): each subject line's figures, the winner and why. */
export { IssueSubjectTest } from './SubjectTestResults';
/** The one ratio of the results (a share with nothing to divide by is null). */
export { rate } from '../results';
