/**
 * The upload dialog: an MP3, MPEG or M4A file, TITLE (required) and DESCRIPTION (checked with the
 * recording schema). The console refuses a file of the wrong type or size at once, with the
 * server's messages; the server reads the length from the file.
 */
import { DefaultButton, FontIcon, ProgressIndicator, Stack, Text, TextField } from '@fluentui/react';
import { useRef, useState } from 'react';
import { upload } from '../../../core/client/api';
import { FormDialog } from '../../../core/client/form-dialog';
import { useFormSubmit, useSchemaForm } from '../../../core/client/forms';
import { formatNumber } from '../../../core/client/format';
import { theme } from '../../../core/client/theme';
import { toast } from '../../../core/client/toasts';
import type { ValidationResult } from '../../../core/shared/validation-details';
import type { RecordingUpdateBody } from '../../../schemas/generated/api/recording-update';
import type { Recording } from '../../../schemas/generated/entities/recording';
import { recordingEndpoints } from '../endpoints';
import { validateRecording } from './recording-form';
import { acceptedFiles, fileProblem } from '../rules';
import { t } from '../../../core/client/words';

/** Shown through t. */
const fileMessage = 'Choose an MP3, MPEG or M4A file.';

export interface UploadRecordingDialogProps {
  onDismiss(): void;
  onUploaded(recording: Recording): void;
}

/** A file's size in the console's number format: '1.2 MB', '1,2 MB'. */
const megabytes = (bytes: number) => `${formatNumber(bytes / 1_048_576, undefined, { minimumFractionDigits: 1, maximumFractionDigits: 1 })} MB`;

export function UploadRecordingDialog({ onDismiss, onUploaded }: UploadRecordingDialogProps) {
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string>();
  const form = useSchemaForm<RecordingUpdateBody>(validateRecording, { title: '', description: '' });

  const choose = (chosen: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!chosen) return;
    const problem = fileProblem(chosen);
    if (problem) {
      toast('error', 'Error!', problem);
      return;
    }
    setFile(chosen);
    setFileError(undefined);
    // A starting title the user will usually edit; it stays required.
    if (!form.values.title.trim()) form.set('title', chosen.name.replace(/\.[^.]+$/, ''));
  };

  // The fields and the file are checked together, so every problem shows at once.
  const check = (): ValidationResult<RecordingUpdateBody> => {
    const result = form.check();
    setFileError(file ? undefined : fileMessage);
    return file || !result.ok ? result : { ok: false, details: [{ path: 'audio', message: fileMessage }] };
  };
  const { busy, submit } = useFormSubmit(check, async ({ title, description = '' }) => {
    if (!file) return; // check() refused it already.
    const body = new FormData();
    body.set('title', title.trim());
    body.set('description', description.trim());
    body.set('lang', 'tr');
    body.set('audio', file, file.name);
    const { data, msg } = await upload(recordingEndpoints.create, body);
    toast('success', 'Success!', msg === 'OK' ? 'The recording is uploaded.' : msg);
    onUploaded(data);
  });

  return (
    <FormDialog
      title={t('Upload Recording')}
      minWidth={520}
      gap={16}
      action={t('UPLOAD')}
      actionIcon="Upload"
      busy={busy}
      onSubmit={submit}
      onDismiss={onDismiss}
    >
      <input ref={input} type="file" accept={acceptedFiles} aria-label={t('Audio file')} hidden onChange={(event) => choose(event.target.files?.[0])} />
      <Stack
        horizontal
        verticalAlign="center"
        tokens={{ childrenGap: 12 }}
        styles={{ root: { border: `1px dashed ${theme.palette.neutralTertiaryAlt}`, borderRadius: 8, padding: 16 } }}
      >
        <FontIcon iconName="MusicInCollection" style={{ fontSize: 28, color: theme.palette.neutralSecondary }} />
        <Stack grow styles={{ root: { minWidth: 0 } }}>
          <Text styles={{ root: { fontWeight: 600, overflowWrap: 'anywhere' } }}>{file ? file.name : t('MP3, MPEG or M4A')}</Text>
          <Text variant="small" styles={{ root: { color: theme.palette.neutralSecondary } }}>
            {file ? megabytes(file.size) : t('The length is read from the file.')}
          </Text>
        </Stack>
        <DefaultButton
          text={file ? t('CHANGE FILE') : t('CHOOSE FILE')}
          iconProps={{ iconName: 'OpenFolderHorizontal' }}
          onClick={() => input.current?.click()}
          disabled={busy}
        />
      </Stack>
      {fileError ? (
        <span role="alert" style={{ color: theme.semanticColors.errorText, fontSize: 12, marginTop: -8 }}>
          {t(fileError)}
        </span>
      ) : null}
      <TextField label={t('TITLE')} required {...form.text('title')} disabled={busy} />
      <TextField label={t('DESCRIPTION')} multiline rows={3} {...form.text('description')} disabled={busy} />
      {busy ? <ProgressIndicator label={t('Uploading...')} description={file ? `${file.name} · ${megabytes(file.size)}` : undefined} /> : null}
    </FormDialog>
  );
}
