/**
 * Publisher credentials (/publishers/show/{id}/settings): title, description, image, colours,
 * website, e-mail and key, saved through the top bar's SAVE; then whatever card an enabled plugin
 * provides for `publisherSettingsCardRef` (the payments plugin's Stripe keys), saved by its own button;
 * last, the publisher's data in one file.
 */
import { Spinner, Stack, TextField } from '@fluentui/react';
import { useEffect } from 'react';
import { useParams } from 'wouter';
import { call } from '../../../core/client/api';
import { settingEndpoints } from '../endpoints';
import { handleError } from '../../../core/client/errors';
import { byField, formValidator, useSave } from '../../../core/client/forms';
import { ImageField } from '../../../core/client/ImageField';
import { PageHeader } from '../../../core/client/page-parts';
import { Slot } from '../../../core/client/slot';
import { toast } from '../../../core/client/toasts';
import { useTopBarSave } from '../../../core/client/topbar-save';
import { t } from '../../../core/client/words';
import updateSchema from '../../../schemas/api/publisher-update.schema.json?validator';
import type { PublisherUpdateBody } from '../../../schemas/generated/api/publisher-update';
import type { Publisher } from '../../../schemas/generated/entities/publisher';
import { KeyField } from '../../../core/client/KeyField';
import { PublisherDataCard } from './PublisherDataCard';
import { publisherSettingsCardRef } from './public';
import { Colours, CredentialsCard, useSettingsForm } from './settings-form';

const validatePublisher = formValidator<PublisherUpdateBody>(updateSchema);
const publisherKeyTaken = (key: string) => t('The publisher name {key} already exists.', { key });

export default function PublisherSettingsPage() {
  const { publisherId } = useParams<{ publisherId: string }>();
  const { values, setValues, errors, setErrors, set, field, text } = useSettingsForm<Publisher>();
  const { busy, save } = useSave(setErrors);

  useEffect(() => {
    setValues(null);
    call(settingEndpoints.publisher, { params: { id: publisherId! } })
      .then(({ data }) => setValues(data.body))
      .catch(handleError);
  }, [publisherId, setValues]);

  useTopBarSave(async () => {
    if (!values) return;
    const result = validatePublisher(structuredClone(values));
    if (!result.ok) {
      setErrors(byField(result.details));
      toast('error', 'Error!', result.details[0]?.message);
      return;
    }
    await save(async () => {
      const { data } = await call(settingEndpoints.savePublisher, { params: { id: publisherId! }, body: result.value });
      setValues(data);
      toast('success', 'Success!', 'Your changes are saved.');
    });
  }, busy);

  if (!values) return <Spinner label={t('Loading...')} style={{ marginTop: 48 }} />;

  return (
    <Stack tokens={{ childrenGap: 20 }} style={{ maxWidth: 960 }}>
      <PageHeader title={t('Publisher Credentials')} />
      <CredentialsCard
        title={t('PUBLISHER CREDENTIALS')}
        texts={
          <>
            <TextField label={t('TITLE')} required {...text('title')} />
            <TextField label={t('DESCRIPTION')} multiline rows={4} {...text('description')} />
            <TextField label={t('WEBSITE')} {...text('website')} placeholder="https://" />
            <TextField label={t('EMAIL')} type="email" {...text('email')} />
            <KeyField label={t('SLUG')} model="Publisher" recordId={publisherId} prefix="/p/" {...field('key')} takenText={publisherKeyTaken} />
          </>
        }
        looks={
          <>
            <ImageField label={t('LOGO')} {...field('image')} width={120} height={120} />
            <Colours color={values.color} textColor={values.textColor} errors={errors} onChange={set} sample={values.title || t('Publisher')} />
          </>
        }
      />

      <Slot of={publisherSettingsCardRef} props={{ publisherId }} />
      <PublisherDataCard />
    </Stack>
  );
}
