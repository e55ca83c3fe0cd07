/**
 * /newsletters/show/:newsletterId/recordings: the publisher's recordings, 30 at a time as the user
 * scrolls, 'Show only my content', UPLOAD, and each card's player and Edit / Delete.
 */
import { DefaultButton, Dialog, DialogFooter, DialogType, PrimaryButton, Stack, Text, Toggle } from '@fluentui/react';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { call } from '../../../core/client/api';
import { handleError } from '../../../core/client/errors';
import { LoadMore } from '../../../core/client/infinite-list';
import { useCan } from '../../../core/client/permissions';
import { userAtom } from '../../../core/client/stores';
import { toast } from '../../../core/client/toasts';
import type { Recording } from '../../../schemas/generated/entities/recording';
import { EditRecordingDialog } from './EditRecordingDialog';
import { useOwnContentFilter } from './own-content';
import { RecordingCard } from './RecordingCard';
import { useRecordingList } from './recording-list';
import { UploadRecordingDialog } from './UploadRecordingDialog';
import './recordings.css';

export default function RecordingsPage() {
  const filter = useOwnContentFilter();
  const recordings = useRecordingList(filter.uploader);
  const user = useAtomValue(userAtom);
  const can = useCan();
  const [uploading, setUploading] = useState(false);
  const [editing, setEditing] = useState<Recording | null>(null);
  const [deleting, setDeleting] = useState<Recording | null>(null);
  const [busy, setBusy] = useState(false);

  const mayChange = (recording: Recording) => recording.uploader?._id === user?._id || can('recordings.manage');

  const remove = async (recording: Recording) => {
    setBusy(true);
    try {
      await call('delete', `recordings/delete/${recording._id}`);
      recordings.update((items) => items.filter((item) => item._id !== recording._id), -1);
      toast('success', 'Success!', 'The recording is deleted.');
      setDeleting(null);
    } catch (error) {
      await handleError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack tokens={{ childrenGap: 24 }}>
      <Stack horizontal wrap verticalAlign="center" horizontalAlign="space-between" tokens={{ childrenGap: 16 }}>
        <Text as="h1" variant="xxLarge" styles={{ root: { fontWeight: 700, margin: 0 } }}>Recordings</Text>
        <Stack horizontal verticalAlign="center" tokens={{ childrenGap: 24 }}>
          <Toggle label="Show only my content" inlineLabel checked={filter.on} onChange={(_, checked) => filter.setOn(Boolean(checked))} styles={{ root: { margin: 0 } }} />
          <PrimaryButton text="UPLOAD" iconProps={{ iconName: 'Upload' }} onClick={() => setUploading(true)} />
        </Stack>
      </Stack>

      {recordings.items.length > 0 ? (
        <div className="recordings-list" role="list" aria-label="Recordings">
          {recordings.items.map((recording) => (
            <div role="listitem" key={recording._id} style={{ minWidth: 0, display: 'flex', flexDirection: 'column' }}>
              <RecordingCard
                recording={recording}
                menu={{ canChange: mayChange(recording), onEdit: () => setEditing(recording), onDelete: () => setDeleting(recording) }}
              />
            </div>
          ))}
        </div>
      ) : !recordings.loading ? (
        <Stack horizontalAlign="center" tokens={{ childrenGap: 8, padding: 48 }} styles={{ root: { background: '#fff', borderRadius: 8 } }}>
          <Text variant="large" styles={{ root: { fontWeight: 600 } }}>{filter.on ? "You haven't uploaded any recordings yet." : 'There are no recordings yet.'}</Text>
          <Text styles={{ root: { color: '#605e5c' } }}>Upload an MP3, MPEG or M4A file with UPLOAD; it can then become an episode.</Text>
        </Stack>
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
        <Dialog
          hidden={false}
          onDismiss={() => setDeleting(null)}
          dialogContentProps={{ type: DialogType.normal, title: 'Delete Recording', subText: `Are you sure you want to delete "${deleting.title}"? Its audio file is deleted too.` }}
          modalProps={{ isBlocking: busy }}
        >
          <DialogFooter>
            <DefaultButton text="CANCEL" onClick={() => setDeleting(null)} disabled={busy} />
            <PrimaryButton text="DELETE" onClick={() => void remove(deleting)} disabled={busy} />
          </DialogFooter>
        </Dialog>
      ) : null}
    </Stack>
  );
}
