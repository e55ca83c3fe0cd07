/**
 * What a recording's audio must be (spec section 5): MP3, MPEG or M4A by its content, at most
 * constants.limits.recordingMaxBytes, with a length the server reads from the file itself.
 *
 * file-type reports MP3 (with or without an ID3 tag) and other MPEG audio (Layer I/II) as
 * audio/mpeg, an 'M4A ' MP4 as audio/x-m4a and 'M4B '/'F4A ' MP4 audio as audio/mp4. Phones often
 * write M4A files with the generic 'isom' or 'mp42' brand, which file-type calls video/mp4: those
 * are accepted when music-metadata finds an audio track and no video. WAV, AAC streams and real
 * video are refused.
 */
import { loadFileType, onFirstUse } from '../../../core/server/on-first-use';
import { constants } from '../../../core/shared/config';
import { invalid } from '../../../core/server/errors';
import type { UploadRule } from '../../../core/server/uploads';
import { sizeMessage, typeMessage } from '../rules';

export const recordingMessages = { type: typeMessage, size: sizeMessage, title: 'Title cannot be empty.' } as const;

const mp4Container = 'video/mp4';
const mp4Audio = 'audio/mp4';

/** The multipart rule of POST /recordings/create. */
export const recordingUploadRule: UploadRule = {
  field: 'audio',
  maxBytes: constants.limits.recordingMaxBytes,
  // video/mp4 only gets as far as checkAudio, which keeps it when it holds nothing but audio.
  types: [...constants.limits.recordingTypes, mp4Container],
  typeMessage: recordingMessages.type,
  sizeMessage: recordingMessages.size,
};

export interface CheckedAudio {
  mime: string;
  /** The extension the file is stored under. */
  ext: string;
  /** Seconds. */
  duration: number;
}

/** music-metadata, which reads an audio file's length: loaded with the first recording. */
const loadMusicMetadata = onFirstUse(() => import('music-metadata'));

/** The file's extension by what it is: MP4 audio is kept as .m4a whatever its brand. */
const storedExtension = (mime: string, ext: string) => (mime === 'audio/mpeg' ? ext : 'm4a');

/** Checks an audio file by its content and reads its length; throws the spec's messages. */
export async function checkAudio(buffer: Buffer): Promise<CheckedAudio> {
  if (buffer.length > constants.limits.recordingMaxBytes) throw invalid(recordingMessages.size, 'audio');
  const found = buffer.length > 0 ? await (await loadFileType()).fileTypeFromBuffer(buffer) : undefined;
  const detected = found?.mime === mp4Container && (await isAudioOnly(buffer)) ? { ...found, mime: mp4Audio } : found;
  if (!detected || !constants.limits.recordingTypes.includes(detected.mime)) throw invalid(recordingMessages.type, 'audio');
  const duration = await durationOf(buffer, detected.mime);
  // A file that looks like audio at first but has no playable length is not one.
  if (!duration || !Number.isFinite(duration) || duration <= 0) throw invalid(recordingMessages.type, 'audio');
  return { mime: detected.mime, ext: storedExtension(detected.mime, detected.ext), duration };
}

async function isAudioOnly(buffer: Buffer): Promise<boolean> {
  try {
    const { format } = await (await loadMusicMetadata()).parseBuffer(buffer, { mimeType: mp4Container, size: buffer.length }, { skipCovers: true });
    return format.hasAudio === true && format.hasVideo !== true;
  } catch {
    return false;
  }
}

async function durationOf(buffer: Buffer, mimeType: string): Promise<number | undefined> {
  try {
    const metadata = await (await loadMusicMetadata()).parseBuffer(buffer, { mimeType, size: buffer.length }, { duration: true, skipCovers: true });
    return metadata.format.duration;
  } catch {
    return undefined;
  }
}
