/**
 * The episode form: TITLE, SUBTITLE, BODY, IMAGE and STATUS (Draft, Publish now, or Schedule at a
 * future date and time). Creates an episode from a recording, or edits an episode's credentials.
 */
import { ChoiceGroup, DefaultButton, Dialog, DialogFooter, DialogType, PrimaryButton, Stack, Text, TextField, type IChoiceGroupOption } from '@fluentui/react';
import { format } from 'date-fns';
import { useFormSubmit, useSchemaForm } from '../../../core/client/forms';
import { ImageField } from '../../../core/client/ImageField';
import { theme } from '../../../core/client/theme';
import { toast } from '../../../core/client/toasts';
import type { Episode } from '../../../schemas/generated/entities/episode';
import { createBody, episodeCheck, initialValues, localFormat, type EpisodeTarget, type EpisodeValues } from './episode-form';
import { createEpisode, updateEpisode } from './episodes-api';

const statusOptions: IChoiceGroupOption[] = [
  { key: 'draft', text: 'Draft' },
  { key: 'published', text: 'Publish now' },
  { key: 'scheduled', text: 'Schedule' },
];

export type EpisodeFormProps = { onDismiss(): void; onSaved(episode: Episode): void } & EpisodeTarget;

export function EpisodeForm(props: EpisodeFormProps) {
  const { onDismiss, onSaved } = props;
  const { values, errors, set, check } = useSchemaForm(episodeCheck(props), initialValues(props));
  const { busy, submit } = useFormSubmit(check, async (fields) => {
    if (props.mode === 'create') {
      const episode = await createEpisode(createBody(props.newsletterId, props.recording, fields));
      toast('success', 'Success!', 'The episode is created.');
      onSaved(episode);
    } else {
      const episode = await updateEpisode(props.episode._id, fields);
      toast('success', 'Success!', 'The episode is saved.');
      onSaved(episode);
    }
  });

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
            <Text variant="small" styles={{ root: { color: theme.palette.neutralSecondary } }}>
              Recording: {props.recording.title}
            </Text>
          ) : null}
          <TextField
            label="TITLE"
            required
            value={values.title}
            onChange={(_, value) => set('title', value ?? '')}
            errorMessage={errors.title}
            disabled={busy}
          />
          <TextField
            label="SUBTITLE"
            value={values.subtitle}
            onChange={(_, value) => set('subtitle', value ?? '')}
            errorMessage={errors.subtitle}
            disabled={busy}
          />
          <TextField
            label="BODY"
            multiline
            rows={4}
            value={values.body}
            onChange={(_, value) => set('body', value ?? '')}
            errorMessage={errors.body}
            disabled={busy}
          />
          <ImageField
            label="IMAGE"
            value={values.image}
            onChange={(path) => set('image', path)}
            errorMessage={errors.image}
            recommendedSize="1400 x 1400 px"
            width={96}
            height={96}
          />
          <ChoiceGroup
            label="STATUS"
            selectedKey={values.status}
            options={statusOptions}
            onChange={(_, option) => option && set('status', option.key as EpisodeValues['status'])}
            styles={{ flexContainer: { display: 'flex', gap: 16 } }}
            disabled={busy}
          />
          {values.status === 'scheduled' ? (
            <TextField
              label="DATE AND TIME"
              type="datetime-local"
              value={values.publishedAt}
              min={format(new Date(), localFormat)}
              onChange={(_, value) => set('publishedAt', value ?? '')}
              errorMessage={errors.publishedAt}
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
