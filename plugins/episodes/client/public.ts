/** What other plugins may use of episodes on the console: the podcast browser, the Select Episode dialog and the Episode shape. */
export { PodcastBrowser } from './PodcastBrowser';
export type { PodcastBrowserProps } from './PodcastBrowser';
export { SelectEpisodeDialog } from './SelectEpisodeDialog';
export type { SelectEpisodeDialogProps } from './SelectEpisodeDialog';
export type { Episode } from '../../../schemas/generated/entities/episode';

export { speechRoute } from './refs';
