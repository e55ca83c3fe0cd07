/**
 * Attaching a built audio as its story's or issue's episode (POST /audios/attach/{id}): the title
 * and subtitle start as the story's (the subject and preview) and may be changed.
 */
import { DefaultButton, Dialog, DialogFooter, DialogType, PrimaryButton, Stack, TextField } from '@fluentui/react';
import { useState } from 'react';
import { handleError } from '../../../core/client/errors';
import { speechApi, type Audio } from './speech-api';
import { t } from '../../../core/client/words';

export interface AttachFieldsProps {
  audio: Audio;
  initial: { title: string; subtitle: string };
  onAttached(audio: Audio): void;
}

function useAttach({ audio, initial, onAttached }: AttachFieldsProps) {
  const [fields, setFields] = useState(initial);
  const [busy, setBusy] = useState(false);
  const attach = async () => {
    setBusy(true);
    try {
      onAttached(await speechApi.attach(audio.id, { title: fields.title.trim(), subtitle: fields.subtitle.trim() }));
    } catch (error) {
      await handleError(error);
    } finally {
      setBusy(false);
    }
  };
  const inputs = (
    <Stack tokens={{ childrenGap: 12 }}>
      <TextField label={t('Title')} value={fields.title} onChange={(_event, title = '') => setFields({ ...fields, title })} />
      <TextField label={t('Subtitle')} value={fields.subtitle} onChange={(_event, subtitle = '') => setFields({ ...fields, subtitle })} />
    </Stack>
  );
  return { inputs, busy, attach };
}

/** The attach-to-story modal of a story's Build tab. */
export function AttachDialog({ onDismiss, ...props }: AttachFieldsProps & { onDismiss(): void }) {
  const { inputs, busy, attach } = useAttach(props);
  return (
    <Dialog
      hidden={false}
      onDismiss={onDismiss}
      dialogContentProps={{ type: DialogType.normal, title: t('Attach to story') }}
      modalProps={{ isBlocking: busy }}
      minWidth={480}
    >
      {inputs}
      <DialogFooter>
        <DefaultButton text={t('CANCEL')} onClick={onDismiss} disabled={busy} />
        <PrimaryButton text={t('ATTACH')} onClick={() => void attach()} disabled={busy} />
      </DialogFooter>
    </Dialog>
  );
}

/** The same fields in place (an issue's Publish tab). */
export function AttachForm(props: AttachFieldsProps & { action: string }) {
  const { inputs, busy, attach } = useAttach(props);
  return (
    <Stack tokens={{ childrenGap: 16 }} styles={{ root: { maxWidth: 560 } }}>
      {inputs}
      <Stack horizontal>
        <PrimaryButton text={props.action} onClick={() => void attach()} disabled={busy} />
      </Stack>
    </Stack>
  );
}
