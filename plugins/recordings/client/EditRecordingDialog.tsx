/** Edit a recording: TITLE, SUBTITLE, DESCRIPTION; the slug follows the title, as the server derives it. */
import { DefaultButton, Dialog, DialogFooter, DialogType, PrimaryButton, Stack, TextField } from '@fluentui/react';
import { useState, type FormEvent } from 'react';
import { call } from '../../../core/client/api';
import { handleError } from '../../../core/client/errors';
import { toast } from '../../../core/client/toasts';
import { slugify } from '../../../core/shared/text';
import type { RecordingUpdateBody } from '../../../schemas/generated/api/recording-update';
import type { Recording } from '../../../schemas/generated/entities/recording';

const titleMessage = 'Title cannot be empty.';

export interface EditRecordingDialogProps {
  recording: Recording;
  onDismiss(): void;
  onSaved(recording: Recording): void;
}

export function EditRecordingDialog({ recording, onDismiss, onSaved }: EditRecordingDialogProps) {
  const [values, setValues] = useState<Required<Pick<RecordingUpdateBody, 'title' | 'subtitle' | 'description'>>>({
    title: recording.title,
    subtitle: recording.subtitle,
    description: recording.description,
  });
  const [titleError, setTitleError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const set = (key: keyof typeof values) => (_: unknown, value?: string) => {
    setValues((current) => ({ ...current, [key]: value ?? '' }));
    if (key === 'title') setTitleError(undefined);
  };

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (!values.title.trim()) {
      setTitleError(titleMessage);
      return;
    }
    setBusy(true);
    try {
      const body: RecordingUpdateBody = { ...values, image: recording.image };
      const { data } = await call<Recording>('put', `recordings/update/${recording._id}`, body);
      toast('success', 'Success!', 'The recording is saved.');
      onSaved(data);
    } catch (error) {
      await handleError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog hidden={false} onDismiss={busy ? undefined : onDismiss} dialogContentProps={{ type: DialogType.normal, title: 'Edit Recording' }} minWidth={520} modalProps={{ isBlocking: busy }}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack tokens={{ childrenGap: 16 }}>
          <TextField label="TITLE" required value={values.title} onChange={set('title')} errorMessage={titleError} disabled={busy} />
          <TextField label="SUBTITLE" value={values.subtitle} onChange={set('subtitle')} disabled={busy} />
          <TextField label="DESCRIPTION" multiline rows={4} value={values.description} onChange={set('description')} disabled={busy} />
          <TextField label="SLUG" readOnly value={slugify(values.title)} description="Made from the title." borderless styles={{ field: { color: '#605e5c' } }} />
        </Stack>
        <DialogFooter>
          <DefaultButton text="CANCEL" onClick={onDismiss} disabled={busy} />
          <PrimaryButton type="submit" text="SAVE" disabled={busy} />
        </DialogFooter>
      </form>
    </Dialog>
  );
}
