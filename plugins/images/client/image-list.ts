/** The library as a growing list (30 a page), limited to the user's own when 'Filter by Uploader' is on. */
import { useUploadList } from '../../../core/client/uploads';
import { constants } from '../../../core/shared/config';
import { imageEndpoints } from '../endpoints';
import { t } from '../../../core/client/words';

/** Where 'Filter by Uploader' is remembered; the page and the picker share it. */
const uploaderFilterKey = 'images-filter-by-uploader';

/** What the page and the picker say when there are no images, of the user's own or at all. */
export const noImagesText = (mine: boolean) => (mine ? t("You haven't uploaded any images yet.") : t('There are no images yet.'));

export const useImages = () => useUploadList(uploaderFilterKey, imageEndpoints.list, constants.pageSizes.images);

/** The original's absolute address: what Copy Image puts on the clipboard. */
export const absoluteUrl = (path: string) => new URL(path, window.location.origin).href;

export async function copyText(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    // Without clipboard permission (an embedded or insecure page), the old way still works.
    const area = document.createElement('textarea');
    area.value = text;
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.append(area);
    area.select();
    const copied = document.execCommand('copy');
    area.remove();
    if (!copied) throw new Error('copy failed');
  }
}
