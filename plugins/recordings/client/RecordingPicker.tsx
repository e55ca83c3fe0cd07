/**
 * 'Select Recording': the publisher's recordings (growing as the user scrolls, 'Show only my
 * content'), each with its player; SELECT hands the chosen one to the caller (the episodes plugin
 * makes an episode of it).
 */
import { DefaultButton, Dialog, DialogFooter, DialogType, PrimaryButton, Stack } from '@fluentui/react';
import { useState } from 'react';
import { PickerList } from '../../../core/client/selectable';
import { OwnContentToggle, useOwnContentFilter } from '../../../core/client/own-content';
import type { Recording } from '../../../schemas/generated/entities/recording';
import { RecordingCard } from './RecordingCard';
import { onlyMineKey, useRecordingList } from './recording-list';
import './recordings.css';

export interface RecordingPickerProps {
  onDismiss(): void;
  onSelect(recording: Recording): void;
}

export default function RecordingPicker({ onDismiss, onSelect }: RecordingPickerProps) {
  const filter = useOwnContentFilter(onlyMineKey);
  const recordings = useRecordingList(filter.uploader);
  const [selected, setSelected] = useState<Recording | null>(null);
  return (
    <Dialog
      hidden={false}
      onDismiss={onDismiss}
      dialogContentProps={{ type: DialogType.normal, title: 'Select Recording' }}
      minWidth={640}
      maxWidth={760}
      modalProps={{ styles: { scrollableContent: { maxHeight: '86vh' } } }}
    >
      <Stack tokens={{ childrenGap: 16 }}>
        <OwnContentToggle filter={filter} />
        <PickerList label="Recordings" list={recordings} emptyText={filter.on ? "You haven't uploaded any recordings yet." : 'There are no recordings yet.'}>
          {recordings.items.map((recording) => (
            <RecordingCard
              key={recording._id}
              recording={recording}
              selection={{ selected: selected?._id === recording._id, onSelect: () => setSelected(recording) }}
            />
          ))}
        </PickerList>
      </Stack>
      <DialogFooter>
        <DefaultButton text="CANCEL" onClick={onDismiss} />
        <PrimaryButton text="SELECT" disabled={!selected} onClick={() => selected && onSelect(selected)} />
      </DialogFooter>
    </Dialog>
  );
}
