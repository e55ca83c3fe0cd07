/**
 * /newsletters/show/:newsletterId/recordings: the publisher's recordings, 30 at a time as the user
 * scrolls, 'Show only my content', UPLOAD, and each card's player and Edit / Delete.
 */
import { PrimaryButton, Stack } from '@fluentui/react';
import { call } from '../../../core/client/api';
import { LoadMore } from '../../../core/client/infinite-list';
import { OwnContentToggle } from '../../../core/client/own-content';
import { CardList } from '../../../core/client/cards';
import { ConfirmDialog, EmptyState, PageHeader } from '../../../core/client/page-parts';
import { toast } from '../../../core/client/toasts';
import { useUploadsPage } from '../../../core/client/uploads';
import type { Recording } from '../../../schemas/generated/entities/recording';
import { recordingEndpoints } from '../endpoints';
import { EditRecordingDialog } from './EditRecordingDialog';
import { RecordingCard } from './RecordingCard';
import { noRecordingsText, useRecordings } from './recording-list';
import { UploadRecordingDialog } from './UploadRecordingDialog';
import './recordings.css';
import { t } from '../../../core/client/words';

export default function RecordingsPage() {
  const { filter, list: recordings } = useRecordings();
  const uploads = useUploadsPage(recordings, 'recordings.manage');
  const { editing, deleting } = uploads;

  const remove = async (recording: Recording) => {
    await call(recordingEndpoints.remove, { params: { id: recording._id } });
    uploads.deleted(recording);
    toast('success', 'Success!', 'The recording is deleted.');
  };

  return (
    <Stack tokens={{ childrenGap: 24 }}>
      <PageHeader title={t('Recordings')}>
        <OwnContentToggle filter={filter} />
        <PrimaryButton text={t('UPLOAD')} iconProps={{ iconName: 'Upload' }} onClick={() => uploads.setUploading(true)} />
      </PageHeader>

      {recordings.items.length > 0 ? (
        <CardList label={t('Recordings')} items={recordings.items} itemKey={(recording) => recording._id} minWidth={340}>
          {(recording) => (
            <RecordingCard
              recording={recording}
              menu={{ canChange: uploads.mayChange(recording), onEdit: () => uploads.setEditing(recording), onDelete: () => uploads.setDeleting(recording) }}
            />
          )}
        </CardList>
      ) : !recordings.loading ? (
        <EmptyState title={noRecordingsText(filter.on)} text={t('Upload an MP3, MPEG or M4A file with UPLOAD; it can then become an episode.')} />
      ) : null}
      <LoadMore list={recordings} />

      {uploads.uploading ? <UploadRecordingDialog onDismiss={() => uploads.setUploading(false)} onUploaded={uploads.uploaded} /> : null}
      {editing ? <EditRecordingDialog recording={editing} onDismiss={() => uploads.setEditing(null)} onSaved={uploads.saved} /> : null}
      {deleting ? (
        <ConfirmDialog
          title={t('Delete Recording')}
          text={t('Are you sure you want to delete "{title}"? Its audio file is deleted too; episodes made from it keep their own copy.', {
            title: deleting.title,
          })}
          action={t('DELETE')}
          onConfirm={() => remove(deleting)}
          onDismiss={() => uploads.setDeleting(null)}
        />
      ) : null}
    </Stack>
  );
}
