/**
 * What other plugins may use of issues on the server: a newsletter's channel templates (the
 * newsletter wizard and channels page read and save them) and the e-mail in a design not saved yet
 * (the design page's preview).
 */
export { listChannelTemplates, saveChannelTemplates } from './store';
export { presentTemplate } from './present';
export type { IssueTables } from './tables';
export { linksOf } from './email/render';
export { designPreview } from './email/design-preview';
