/** Edit a recording: TITLE, SUBTITLE, DESCRIPTION, checked with the server's schema; the slug follows the title, as the server derives it. */
import { TextField } from '@fluentui/react';
import { call } from '../../../core/client/api';
import { FormDialog } from '../../../core/client/form-dialog';
import { useFormSubmit, useSchemaForm } from '../../../core/client/forms';
import { theme } from '../../../core/client/theme';
import { toast } from '../../../core/client/toasts';
import { slugify } from '../../../core/shared/text';
import type { RecordingUpdateBody } from '../../../schemas/generated/api/recording-update';
import type { Recording } from '../../../schemas/generated/entities/recording';
import { recordingEndpoints } from '../endpoints';
import { validateRecording } from './recording-form';
import { t } from '../../../core/client/words';

export interface EditRecordingDialogProps {
  recording: Recording;
  onDismiss(): void;
  onSaved(recording: Recording): void;
}

export function EditRecordingDialog({ recording, onDismiss, onSaved }: EditRecordingDialogProps) {
  const { values, errors, set, check } = useSchemaForm<RecordingUpdateBody>(validateRecording, {
    title: recording.title,
    subtitle: recording.subtitle,
    description: recording.description,
    image: recording.image,
  });
  const { busy, submit } = useFormSubmit(check, async (body) => {
    const { data } = await call(recordingEndpoints.save, { params: { id: recording._id }, body });
    toast('success', 'Success!', 'The recording is saved.');
    onSaved(data);
  });
  const field = (key: 'title' | 'subtitle' | 'description') => ({
    value: values[key],
    onChange: (_: unknown, value?: string) => set(key, value ?? ''),
    errorMessage: errors[key],
    disabled: busy,
  });

  return (
    <FormDialog title={t('Edit Recording')} minWidth={520} gap={16} busy={busy} onSubmit={submit} onDismiss={onDismiss}>
      <TextField label={t('TITLE')} required {...field('title')} />
      <TextField label={t('SUBTITLE')} {...field('subtitle')} />
      <TextField label={t('DESCRIPTION')} multiline rows={4} {...field('description')} />
      <TextField
        label={t('SLUG')}
        readOnly
        value={slugify(values.title)}
        description={t('Made from the title.')}
        borderless
        styles={{ field: { color: theme.palette.neutralSecondary } }}
      />
    </FormDialog>
  );
}
