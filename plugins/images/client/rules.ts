/**
 * The upload rules the console checks before sending (spec section 5); the server checks the same
 * ones on the real content and answers the same messages.
 */
import { constants } from '../../../core/shared/config';

export const typeMessage = 'You can only upload JPG/PNG/GIF file!';
export const sizeMessage = 'Image must smaller than 5MB!';
export const recommendedSize = '1200 x 500 px';
/** What the file chooser offers. */
export const acceptedFiles = '.jpg,.jpeg,.png,.gif';

/** The message for a file the server would refuse, or null when it may be sent. */
export function fileProblem(file: File): string | null {
  if (!(constants.limits.imageTypes as readonly string[]).includes(file.type)) return typeMessage;
  if (file.size > constants.limits.imageMaxBytes) return sizeMessage;
  return null;
}
