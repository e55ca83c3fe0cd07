/**
 * The upload dialog: an MP3, MPEG or M4A file, TITLE (required) and DESCRIPTION. The console
 * refuses a file of the wrong type or size at once, with the server's messages; the server reads
 * the length from the file.
 */
import { DefaultButton, Dialog, DialogFooter, DialogType, FontIcon, PrimaryButton, ProgressIndicator, Stack, Text, TextField } from '@fluentui/react';
import { useRef, useState, type FormEvent } from 'react';
import { upload } from '../../../core/client/api';
import { handleError } from '../../../core/client/errors';
import { toast } from '../../../core/client/toasts';
import type { Recording } from '../../../schemas/generated/entities/recording';
import { acceptedFiles, fileProblem } from './rules';

const titleMessage = 'Title cannot be empty.';

export interface UploadRecordingDialogProps {
  onDismiss(): void;
  onUploaded(recording: Recording): void;
}

const megabytes = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`;

export function UploadRecordingDialog({ onDismiss, onUploaded }: UploadRecordingDialogProps) {
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [errors, setErrors] = useState<{ file?: string; title?: string }>({});
  const [busy, setBusy] = useState(false);

  const choose = (chosen: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!chosen) return;
    const problem = fileProblem(chosen);
    if (problem) {
      toast('error', 'Error!', problem);
      return;
    }
    setFile(chosen);
    setErrors((current) => ({ ...current, file: undefined }));
    // A starting title the user will usually edit; it stays required.
    if (!title.trim()) setTitle(chosen.name.replace(/\.[^.]+$/, ''));
  };

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    const found = { file: file ? undefined : 'Choose an MP3, MPEG or M4A file.', title: title.trim() ? undefined : titleMessage };
    setErrors(found);
    if (!file || found.title) return;
    const form = new FormData();
    form.set('title', title.trim());
    form.set('description', description.trim());
    form.set('lang', 'tr');
    form.set('audio', file, file.name);
    setBusy(true);
    try {
      const { data, msg } = await upload<Recording>('recordings/create', form);
      toast('success', 'Success!', msg === 'OK' ? 'The recording is uploaded.' : msg);
      onUploaded(data);
    } catch (error) {
      await handleError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog hidden={false} onDismiss={busy ? undefined : onDismiss} dialogContentProps={{ type: DialogType.normal, title: 'Upload Recording' }} minWidth={520} modalProps={{ isBlocking: busy }}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack tokens={{ childrenGap: 16 }}>
          <input ref={input} type="file" accept={acceptedFiles} aria-label="Audio file" hidden onChange={(event) => choose(event.target.files?.[0])} />
          <Stack horizontal verticalAlign="center" tokens={{ childrenGap: 12 }} styles={{ root: { border: '1px dashed #c8c6c4', borderRadius: 8, padding: 16 } }}>
            <FontIcon iconName="MusicInCollection" style={{ fontSize: 28, color: '#605e5c' }} />
            <Stack grow styles={{ root: { minWidth: 0 } }}>
              <Text styles={{ root: { fontWeight: 600, overflowWrap: 'anywhere' } }}>{file ? file.name : 'MP3, MPEG or M4A'}</Text>
              <Text variant="small" styles={{ root: { color: '#605e5c' } }}>{file ? megabytes(file.size) : 'The length is read from the file.'}</Text>
            </Stack>
            <DefaultButton text={file ? 'CHANGE FILE' : 'CHOOSE FILE'} iconProps={{ iconName: 'OpenFolderHorizontal' }} onClick={() => input.current?.click()} disabled={busy} />
          </Stack>
          {errors.file ? <span role="alert" style={{ color: '#a4262c', fontSize: 12, marginTop: -8 }}>{errors.file}</span> : null}
          <TextField label="TITLE" required value={title} onChange={(_, value) => { setTitle(value ?? ''); setErrors((current) => ({ ...current, title: undefined })); }} errorMessage={errors.title} disabled={busy} />
          <TextField label="DESCRIPTION" multiline rows={3} value={description} onChange={(_, value) => setDescription(value ?? '')} disabled={busy} />
          {busy ? <ProgressIndicator label="Uploading..." description={file ? `${file.name} · ${megabytes(file.size)}` : undefined} /> : null}
        </Stack>
        <DialogFooter>
          <DefaultButton text="CANCEL" onClick={onDismiss} disabled={busy} />
          <PrimaryButton type="submit" text="UPLOAD" iconProps={{ iconName: 'Upload' }} disabled={busy} />
        </DialogFooter>
      </form>
    </Dialog>
  );
}
