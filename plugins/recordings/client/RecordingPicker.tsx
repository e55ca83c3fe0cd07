/**
 * 'Select Recording': the publisher's recordings (growing as the user scrolls, 'Show only my
 * content'), each with its player; SELECT hands the chosen one to the caller (the episodes plugin
 * makes an episode of it).
 */
import { PickerDialog } from '../../../core/client/selectable';
import type { Recording } from '../../../schemas/generated/entities/recording';
import { RecordingCard } from './RecordingCard';
import { noRecordingsText, useRecordings } from './recording-list';
import './recordings.css';
import { t } from '../../../core/client/words';

export interface RecordingPickerProps {
  onDismiss(): void;
  onSelect(recording: Recording): void;
}

export default function RecordingPicker(props: RecordingPickerProps) {
  const { filter, list: recordings } = useRecordings();
  return (
    <PickerDialog {...props} title={t('Select Recording')} label={t('Recordings')} list={recordings} filter={filter} emptyText={noRecordingsText}>
      {(recording, selection) => <RecordingCard recording={recording} selection={selection} />}
    </PickerDialog>
  );
}
