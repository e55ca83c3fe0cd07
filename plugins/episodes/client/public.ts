/** What other plugins may use of episodes on the console: the podcast browser, the Select Episode dialog and the Episode shape. */
import { createRouteRef } from '../../../core/client/refs';
export { PodcastBrowser } from './PodcastBrowser';
export type { PodcastBrowserProps } from './PodcastBrowser';
export { SelectEpisodeDialog } from './SelectEpisodeDialog';
export type { SelectEpisodeDialogProps } from './SelectEpisodeDialog';
export type { Episode } from '../../../schemas/generated/entities/episode';

/**
 * The page where stories become an episode's audio (text to speech), offered as 'TTS' in the
 * episode list's New menu. The episodes plugin declares it; the plugin that builds speech binds it.
 */
export const speechRoute = createRouteRef('episodes.speech', ['newsletterId']);
