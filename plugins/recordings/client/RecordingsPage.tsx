/**
 * /newsletters/show/:newsletterId/recordings: the publisher's recordings, 30 at a time as the user
 * scrolls, 'Show only my content', UPLOAD, and each card's player and Edit / Delete.
 */
import { PrimaryButton, Stack } from '@fluentui/react';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { call } from '../../../core/client/api';
import { LoadMore } from '../../../core/client/infinite-list';
import { OwnContentToggle, useOwnContentFilter } from '../../../core/client/own-content';
import { CardList } from '../../../core/client/cards';
import { ConfirmDialog, EmptyState, PageHeader } from '../../../core/client/page-parts';
import { useCan } from '../../../core/client/permissions';
import { userAtom } from '../../../core/client/stores';
import { toast } from '../../../core/client/toasts';
import type { Recording } from '../../../schemas/generated/entities/recording';
import { EditRecordingDialog } from './EditRecordingDialog';
import { RecordingCard } from './RecordingCard';
import { noRecordingsText, onlyMineKey, useRecordingList } from './recording-list';
import { UploadRecordingDialog } from './UploadRecordingDialog';
import './recordings.css';

export default function RecordingsPage() {
  const filter = useOwnContentFilter(onlyMineKey);
  const recordings = useRecordingList(filter.uploader);
  const user = useAtomValue(userAtom);
  const can = useCan();
  const [uploading, setUploading] = useState(false);
  const [editing, setEditing] = useState<Recording | null>(null);
  const [deleting, setDeleting] = useState<Recording | null>(null);

  const mayChange = (recording: Recording) => recording.uploader?._id === user?._id || can('recordings.manage');

  const remove = async (recording: Recording) => {
    await call('delete', `recordings/delete/${recording._id}`);
    recordings.update((items) => items.filter((item) => item._id !== recording._id), -1);
    toast('success', 'Success!', 'The recording is deleted.');
    setDeleting(null);
  };

  return (
    <Stack tokens={{ childrenGap: 24 }}>
      <PageHeader title="Recordings">
        <OwnContentToggle filter={filter} />
        <PrimaryButton text="UPLOAD" iconProps={{ iconName: 'Upload' }} onClick={() => setUploading(true)} />
      </PageHeader>

      {recordings.items.length > 0 ? (
        <CardList label="Recordings" items={recordings.items} itemKey={(recording) => recording._id} minWidth={340}>
          {(recording) => (
            <RecordingCard
              recording={recording}
              menu={{ canChange: mayChange(recording), onEdit: () => setEditing(recording), onDelete: () => setDeleting(recording) }}
            />
          )}
        </CardList>
      ) : !recordings.loading ? (
        <EmptyState title={noRecordingsText(filter.on)} text="Upload an MP3, MPEG or M4A file with UPLOAD; it can then become an episode." />
      ) : null}
      <LoadMore list={recordings} />

      {uploading ? (
        <UploadRecordingDialog
          onDismiss={() => setUploading(false)}
          onUploaded={(recording) => {
            recordings.update((items) => [recording, ...items], 1);
            setUploading(false);
          }}
        />
      ) : null}
      {editing ? (
        <EditRecordingDialog
          recording={editing}
          onDismiss={() => setEditing(null)}
          onSaved={(saved) => {
            recordings.update((items) => items.map((item) => (item._id === saved._id ? saved : item)));
            setEditing(null);
          }}
        />
      ) : null}
      {deleting ? (
        <ConfirmDialog
          title="Delete Recording"
          text={`Are you sure you want to delete "${deleting.title}"? Its audio file is deleted too; episodes made from it keep their own copy.`}
          action="DELETE"
          onConfirm={() => remove(deleting)}
          onDismiss={() => setDeleting(null)}
        />
      ) : null}
    </Stack>
  );
}
