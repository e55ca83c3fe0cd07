/**
 * What other plugins may use of issues on the server: a newsletter's channel templates (the
 * newsletter wizard and channels page read and save them), the e-mail in a design not saved yet
 * (the design page's preview), and published issues as items of a list (a collection of issues).
 */
export { issuesAmong, latestPublishedIssues, listChannelTemplates, publishedIssuesAmong, saveChannelTemplates, type IssuesDb } from './store';
export { presentTemplate } from './present';
export type { IssueTables } from './tables';
export { linksOf } from './email/render';
export { designPreview } from './email/design-preview';
