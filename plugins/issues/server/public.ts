/**
 * What other plugins may use of issues on the server: a newsletter's channel templates (the
 * newsletter wizard and channels page read and save them), the e-mail in a design not saved yet
 * (the design page's preview), published issues as items of a list (a collection of issues), and
 * an issue with its intro and channels (text to speech reads them, and hangs its episode on it),
 * an issue by its page's key (an embed's card).
 */
export {
  findIssue,
  findIssueByKey,
  setIssueEpisode,
  issuesAmong,
  latestPublishedIssues,
  listChannelTemplates,
  publishedIssuesAmong,
  saveChannelTemplates,
} from './store';
export { emailedIssues, issueTextsAmong, latestPublishedIssueOf, newsletterOfIssue, type IssueText } from './store';
export { presentTemplate } from './present';
export { stuffChannelId } from '../rules';
export { linksOf } from './email/render';
export { designPreview } from './email/design-preview';
/** The issue results' extension point: the tracking plugin gives each issue's opens and clicks (results.ts). */
export { issueAudience, type IssueAudience } from './results';
/** The summed results of the issues some newsletters e-mailed in a window (the publisher's comparison, analytics). */
export { emailedResultsOf } from './results';
/** The results of an issue: counts and rates (../results.ts), shared with the console. */
export { issueResults, rate, type IssueResults, type ResultCounts } from '../results';
/** Demo data of other plugins hangs on the demo issues (the seed's module is loaded only by a start that seeds). */
export const addToDemoIssueIntro: typeof import('./seed').addToDemoIssueIntro = async (...args) => (await import('./seed')).addToDemoIssueIntro(...args);
/** The demo audience opens and clicks the demo issues' copies, by their subject lines' appeal; then the demo's subject tests are decided on those figures. */
export const demoCopiesOf: typeof import('./seed').demoCopiesOf = async (...args) => (await import('./seed')).demoCopiesOf(...args);
export const decideDemoSubjectTests: typeof import('./seed').decideDemoSubjectTests = async (...args) =>
  (await import('./seed')).decideDemoSubjectTests(...args);
/** Issues an import brings: e-mailed on the site they come from, never here (plugins/imports). */
export { importIssue, type ImportedIssue } from './imported';
