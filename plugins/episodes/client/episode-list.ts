/** A newsletter's episodes, 30 at a time as the user scrolls, newest first; 'Show only my content' remembered across visits. */
import { useUploadList } from '../../../core/client/uploads';
import { constants } from '../../../core/shared/config';
import { episodeEndpoints } from '../endpoints';
import { t } from '../../../core/client/words';

/** Where 'Show only my content' is remembered; the page and the Select Episode dialog share it. */
const onlyMineKey = 'episodes-only-my-content';

/** What the page and Select Episode say when there are no episodes, of the user's own or at all. */
export const noEpisodesText = (mine: boolean) => (mine ? t("You haven't made any episodes yet.") : t('There are no episodes yet.'));

export const useEpisodes = (newsletterId: string) =>
  useUploadList(onlyMineKey, episodeEndpoints.list, constants.pageSizes.episodes, { newsletter: newsletterId });
