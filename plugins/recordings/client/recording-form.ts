/**
 * A recording's text fields checked with the server's schema (recording-update) and its messages.
 * The upload sends the same TITLE and DESCRIPTION, so it is checked with it too.
 */
import { formValidator } from '../../../core/client/forms';
import updateSchema from '../../../schemas/api/recording-update.schema.json?validator';
import type { RecordingUpdateBody } from '../../../schemas/generated/api/recording-update';

export const validateRecording = formValidator<RecordingUpdateBody>(updateSchema);
