/**
 * The upload rules of recordings (spec section 5), for both sides: the console checks a file
 * before sending it, and the server checks the real content with the same limits
 * (constants.limits) and answers the same messages.
 */
import { constants } from '../../core/shared/config';

export const typeMessage = 'You can only upload MP3/MPEG/M4A file!';
export const sizeMessage = 'Too big to upload!';
/** What the file chooser offers. */
export const acceptedFiles = '.mp3,.mpeg,.m4a,audio/mpeg,audio/mp4';

// Browsers name these files differently (Chromium calls .mpeg video/mpeg): the name counts too.
const acceptedExtensions = ['mp3', 'mpeg', 'm4a'];

/** The message for a file the server would refuse, or null when it may be sent. */
export function fileProblem(file: File): string | null {
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  const typeOk = (constants.limits.recordingTypes as readonly string[]).includes(file.type) || acceptedExtensions.includes(extension);
  if (!typeOk) return typeMessage;
  if (file.size > constants.limits.recordingMaxBytes) return sizeMessage;
  return null;
}
