/** A newsletter's episodes, 30 at a time as the user scrolls, newest first; 'Show only my content' remembered across visits. */
import { useInfiniteList } from '../../../core/client/infinite-list';
import { constants } from '../../../core/shared/config';
import type { Episode } from '../../../schemas/generated/entities/episode';

/** Where 'Show only my content' is remembered; the page and the Select Episode dialog share it. */
export const onlyMineKey = 'episodes-only-my-content';

/** What the page and Select Episode say when there are no episodes, of the user's own or at all. */
export const noEpisodesText = (mine: boolean) => (mine ? "You haven't made any episodes yet." : 'There are no episodes yet.');

export function useEpisodeList(newsletterId: string, uploader: string | undefined) {
  return useInfiniteList<Episode>('episodes/list', { newsletter: newsletterId, sort: 'createdAt', desc: true, uploader }, constants.pageSizes.episodes);
}
