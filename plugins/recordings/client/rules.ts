/**
 * The upload rules the console checks before sending (spec section 5); the server checks the same
 * ones on the real content and answers the same messages.
 */
import { constants } from '../../../core/shared/config';

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

/** A length in seconds as m:ss ('3:07'), or h:mm:ss from an hour on. */
export function formatDuration(seconds: number): string {
  const total = Math.max(0, Math.round(seconds));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const rest = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`;
}
