/**
 * The episode form: TITLE, SUBTITLE, BODY, IMAGE and STATUS (Draft, Publish now, or Schedule at a
 * future date and time). Creates an episode from a recording, or edits an episode's credentials.
 */
import { ChoiceGroup, DefaultButton, Dialog, DialogFooter, DialogType, PrimaryButton, Stack, Text, TextField, type IChoiceGroupOption } from '@fluentui/react';
import { format } from 'date-fns';
import { useState, type FormEvent } from 'react';
import { call } from '../../../core/client/api';
import { handleError } from '../../../core/client/errors';
import { ImageField } from '../../../core/client/ImageField';
import { toast } from '../../../core/client/toasts';
import type { EpisodeCreateBody } from '../../../schemas/generated/api/episode-create';
import type { EpisodeUpdateBody } from '../../../schemas/generated/api/episode-update';
import type { Episode } from '../../../schemas/generated/entities/episode';
import type { Recording } from '../../../schemas/generated/entities/recording';
import { statusOf, type EpisodeStatus } from './status';

const titleMessage = 'Title cannot be empty.';
const futureMessage = 'Choose a date in the future.';
const localFormat = "yyyy-MM-dd'T'HH:mm";

const statusOptions: IChoiceGroupOption[] = [
  { key: 'draft', text: 'Draft' },
  { key: 'published', text: 'Publish now' },
  { key: 'scheduled', text: 'Schedule' },
];

export type EpisodeFormProps = { onDismiss(): void; onSaved(episode: Episode): void } & (
  | { mode: 'create'; newsletterId: string; recording: Recording }
  | { mode: 'edit'; episode: Episode }
);

interface Values {
  title: string;
  subtitle: string;
  body: string;
  image: string;
  status: EpisodeStatus;
  /** The schedule as the datetime-local field holds it (local time). */
  at: string;
}

function initialValues(props: EpisodeFormProps): Values {
  if (props.mode === 'edit') {
    const { episode } = props;
    const at = episode.status.scheduled && episode.publishedAt ? format(new Date(episode.publishedAt), localFormat) : '';
    return { title: episode.title, subtitle: episode.subtitle, body: episode.body, image: episode.image, status: statusOf(episode), at };
  }
  const { recording } = props;
  return { title: recording.title, subtitle: recording.subtitle, body: recording.description, image: recording.image, status: 'draft', at: '' };
}

export function EpisodeForm(props: EpisodeFormProps) {
  const { onDismiss, onSaved } = props;
  const [values, setValues] = useState<Values>(() => initialValues(props));
  const [errors, setErrors] = useState<Partial<Record<'title' | 'at', string>>>({});
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  };

  const check = (): boolean => {
    const found: typeof errors = {};
    if (!values.title.trim()) found.title = titleMessage;
    if (values.status === 'scheduled') {
      const at = values.at ? new Date(values.at) : null;
      if (!at || Number.isNaN(at.getTime()) || at.getTime() <= Date.now()) found.at = futureMessage;
    }
    setErrors(found);
    return Object.keys(found).length === 0;
  };

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (!check()) return;
    setBusy(true);
    const fields = {
      title: values.title.trim(),
      subtitle: values.subtitle,
      body: values.body,
      image: values.image,
      status: values.status,
      publishedAt: values.status === 'scheduled' ? new Date(values.at).toISOString() : null,
    };
    try {
      if (props.mode === 'create') {
        const body: EpisodeCreateBody = { ...fields, newsletter: props.newsletterId, recording: props.recording._id };
        const { data } = await call<Episode>('post', 'episodes/create', body);
        toast('success', 'Success!', 'The episode is created.');
        onSaved(data);
      } else {
        const body: EpisodeUpdateBody = fields;
        const { data } = await call<Episode>('put', `episodes/update/${props.episode._id}`, body);
        toast('success', 'Success!', 'The episode is saved.');
        onSaved(data);
      }
    } catch (error) {
      await handleError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      hidden={false}
      onDismiss={busy ? undefined : onDismiss}
      dialogContentProps={{ type: DialogType.normal, title: props.mode === 'create' ? 'New Episode' : 'Edit Credentials' }}
      minWidth={560}
      maxWidth={640}
      modalProps={{ isBlocking: busy, styles: { scrollableContent: { maxHeight: '90vh' } } }}
    >
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack tokens={{ childrenGap: 14 }}>
          {props.mode === 'create' ? (
            <Text variant="small" styles={{ root: { color: '#605e5c' } }}>Recording: {props.recording.title}</Text>
          ) : null}
          <TextField label="TITLE" required value={values.title} onChange={(_, value) => set('title', value ?? '')} errorMessage={errors.title} disabled={busy} />
          <TextField label="SUBTITLE" value={values.subtitle} onChange={(_, value) => set('subtitle', value ?? '')} disabled={busy} />
          <TextField label="BODY" multiline rows={4} value={values.body} onChange={(_, value) => set('body', value ?? '')} disabled={busy} />
          <ImageField label="IMAGE" value={values.image} onChange={(path) => set('image', path)} recommendedSize="1400 x 1400 px" width={96} height={96} />
          <ChoiceGroup
            label="STATUS"
            selectedKey={values.status}
            options={statusOptions}
            onChange={(_, option) => option && set('status', option.key as Values['status'])}
            styles={{ flexContainer: { display: 'flex', gap: 16 } }}
            disabled={busy}
          />
          {values.status === 'scheduled' ? (
            <TextField
              label="DATE AND TIME"
              type="datetime-local"
              value={values.at}
              min={format(new Date(), localFormat)}
              onChange={(_, value) => set('at', value ?? '')}
              errorMessage={errors.at}
              disabled={busy}
            />
          ) : null}
        </Stack>
        <DialogFooter>
          <DefaultButton text="CANCEL" onClick={onDismiss} disabled={busy} />
          <PrimaryButton type="submit" text="SAVE" disabled={busy} />
        </DialogFooter>
      </form>
    </Dialog>
  );
}
