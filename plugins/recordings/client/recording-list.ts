/** The publisher's recordings as a growing list (30 a page), optionally one uploader's. */
import { useUploadList } from '../../../core/client/uploads';
import { constants } from '../../../core/shared/config';
import { recordingEndpoints } from '../endpoints';
import { t } from '../../../core/client/words';

/** Where 'Show only my content' is remembered; the page and the picker share it. */
const onlyMineKey = 'recordings-only-my-content';

/** What the page and the picker say when there are no recordings, of the user's own or at all. */
export const noRecordingsText = (mine: boolean) => (mine ? t("You haven't uploaded any recordings yet.") : t('There are no recordings yet.'));

export const useRecordings = () => useUploadList(onlyMineKey, recordingEndpoints.list, constants.pageSizes.recordings);
