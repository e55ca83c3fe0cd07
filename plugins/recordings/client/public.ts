/** What other plugins may use of recordings on the console: the picker and the Recording shape. */
export { default as RecordingPicker } from './RecordingPicker';
export type { RecordingPickerProps } from './RecordingPicker';
export type { Recording } from '../../../schemas/generated/entities/recording';
export { formatDuration } from './duration';
