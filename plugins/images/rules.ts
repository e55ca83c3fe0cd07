/**
 * The upload rules of the image library (spec section 5), for both sides: the console checks a
 * file before sending it, and the server checks the real content with the same limits
 * (constants.limits) and answers the same messages.
 */
import { constants } from '../../core/shared/config';

const megabyte = 1_048_576;

export const typeMessage = 'You can only upload JPG/PNG/GIF file!';
/** 'Image must smaller than 5MB!', the spec's words, with the configured limit. */
export const sizeMessage = `Image must smaller than ${constants.limits.imageMaxBytes / megabyte}MB!`;
export const recommendedSize = '1200 x 500 px';
/** What the file chooser offers. */
export const acceptedFiles = '.jpg,.jpeg,.png,.gif';

/** The message for a file the server would refuse, or null when it may be sent. */
export function fileProblem(file: File): string | null {
  if (!(constants.limits.imageTypes as readonly string[]).includes(file.type)) return typeMessage;
  if (file.size > constants.limits.imageMaxBytes) return sizeMessage;
  return null;
}
