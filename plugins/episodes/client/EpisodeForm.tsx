/**
 * The episode form: TITLE, SUBTITLE, BODY, IMAGE and STATUS (Draft, Publish now, or Schedule at a
 * future date and time). Creates an episode from a recording, or edits an episode's credentials.
 */
import { ChoiceGroup, Text, TextField, type IChoiceGroupOption } from '@fluentui/react';
import { DateTimeField } from '../../../core/client/DateTimeField';
import { FormDialog } from '../../../core/client/form-dialog';
import { useFormSubmit, useSchemaForm } from '../../../core/client/forms';
import { ImageField } from '../../../core/client/ImageField';
import { theme } from '../../../core/client/theme';
import { toast } from '../../../core/client/toasts';
import type { Episode } from '../../../schemas/generated/entities/episode';
import { createBody, episodeCheck, initialValues, type EpisodeTarget, type EpisodeValues } from './episode-form';
import { createEpisode, updateEpisode } from './episodes-api';
import { t } from '../../../core/client/words';

/** Shown through t. */
const statusOptions: IChoiceGroupOption[] = [
  { key: 'draft', text: 'Draft' },
  { key: 'published', text: 'Publish now' },
  { key: 'scheduled', text: 'Schedule' },
];

export type EpisodeFormProps = { onDismiss(): void; onSaved(episode: Episode): void } & EpisodeTarget;

export function EpisodeForm(props: EpisodeFormProps) {
  const { onDismiss, onSaved } = props;
  const form = useSchemaForm(episodeCheck(props), initialValues(props));
  const { values, set, check } = form;
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
    <FormDialog
      title={props.mode === 'create' ? t('New Episode') : t('Edit Credentials')}
      minWidth={560}
      maxWidth={640}
      maxHeight="90vh"
      gap={14}
      busy={busy}
      onSubmit={submit}
      onDismiss={onDismiss}
    >
      {props.mode === 'create' ? (
        <Text variant="small" styles={{ root: { color: theme.palette.neutralSecondary } }}>
          {t('Recording: {title}', { title: props.recording.title })}
        </Text>
      ) : null}
      <TextField label={t('TITLE')} required {...form.text('title')} disabled={busy} />
      <TextField label={t('SUBTITLE')} {...form.text('subtitle')} disabled={busy} />
      <TextField label={t('BODY')} multiline rows={4} {...form.text('body')} disabled={busy} />
      <ImageField label={t('IMAGE')} {...form.field('image')} recommendedSize="1400 x 1400 px" width={96} height={96} />
      <ChoiceGroup
        label={t('STATUS')}
        selectedKey={values.status}
        options={statusOptions.map((option) => ({ ...option, text: t(option.text) }))}
        onChange={(_, option) => option && set('status', option.key as EpisodeValues['status'])}
        styles={{ flexContainer: { display: 'flex', gap: 16 } }}
        disabled={busy}
      />
      {values.status === 'scheduled' ? <DateTimeField label={t('DATE AND TIME')} {...form.field('publishedAt')} disabled={busy} /> : null}
    </FormDialog>
  );
}
