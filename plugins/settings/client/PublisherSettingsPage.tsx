/**
 * Publisher credentials (/publishers/show/{id}/settings): title, description, image, colours,
 * website, e-mail and key, saved through the top bar's SAVE.
 */
import { Spinner, Stack, TextField } from '@fluentui/react';
import { useEffect, useState } from 'react';
import { useParams } from 'wouter';
import { call } from '../../../core/client/api';
import { handleError } from '../../../core/client/errors';
import { byField, formValidator } from '../../../core/client/forms';
import { ImageField } from '../../../core/client/ImageField';
import { PageHeader } from '../../../core/client/page-parts';
import { toast } from '../../../core/client/toasts';
import { useTopBarSave } from '../../../core/client/topbar-save';
import updateSchema from '../../../schemas/api/publisher-update.schema.json?validator';
import type { PublisherUpdateBody } from '../../../schemas/generated/api/publisher-update';
import type { Publisher } from '../../../schemas/generated/entities/publisher';
import { ColorField } from './ColorField';
import { KeyField } from '../../../core/client/KeyField';
import { detailsOfError } from './newsletter-settings';
import { SettingsCard } from './SettingsCard';

const validatePublisher = formValidator<PublisherUpdateBody>(updateSchema);
const publisherKeyTaken = (key: string) => `The publisher name ${key} already exists.`;

export default function PublisherSettingsPage() {
  const { publisherId } = useParams<{ publisherId: string }>();
  const [values, setValues] = useState<Publisher | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    setValues(null);
    call<{ body: Publisher }>('get', `publishers/update/${publisherId}`)
      .then(({ data }) => setValues(data.body))
      .catch(handleError);
  }, [publisherId]);

  const set = <K extends keyof Publisher>(key: K, value: Publisher[K]) => {
    setValues((current) => (current ? { ...current, [key]: value } : current));
    setErrors(({ [key as string]: _gone, ...rest }) => rest);
  };

  useTopBarSave(async () => {
    if (!values) return;
    const result = validatePublisher(structuredClone(values));
    if (!result.ok) {
      setErrors(byField(result.details));
      toast('error', 'Error!', result.details[0]?.message);
      return;
    }
    setBusy(true);
    try {
      const { data } = await call<Publisher>('put', `publishers/update/${publisherId}`, result.value);
      setValues(data);
      setErrors({});
      toast('success', 'Success!', 'Your changes are saved.');
    } catch (error) {
      setErrors(await detailsOfError(error));
      await handleError(error);
    } finally {
      setBusy(false);
    }
  }, busy);

  if (!values) return <Spinner label="Loading..." style={{ marginTop: 48 }} />;

  return (
    <Stack tokens={{ childrenGap: 20 }} style={{ maxWidth: 960 }}>
      <PageHeader title="Publisher Credentials" />
      <SettingsCard title="PUBLISHER CREDENTIALS">
        <Stack horizontal wrap tokens={{ childrenGap: 32 }}>
          <Stack tokens={{ childrenGap: 12 }} styles={{ root: { flex: 1, minWidth: 320 } }}>
            <TextField label="TITLE" required value={values.title} onChange={(_, text) => set('title', text ?? '')} errorMessage={errors.title} />
            <TextField
              label="DESCRIPTION"
              multiline
              rows={4}
              value={values.description}
              onChange={(_, text) => set('description', text ?? '')}
              errorMessage={errors.description}
            />
            <TextField
              label="WEBSITE"
              value={values.website}
              onChange={(_, text) => set('website', text ?? '')}
              errorMessage={errors.website}
              placeholder="https://"
            />
            <TextField label="EMAIL" type="email" value={values.email} onChange={(_, text) => set('email', text ?? '')} errorMessage={errors.email} />
            <KeyField
              label="SLUG"
              model="Publisher"
              recordId={publisherId}
              prefix="/p/"
              value={values.key}
              onChange={(key) => set('key', key)}
              errorMessage={errors.key}
              takenText={publisherKeyTaken}
            />
          </Stack>
          <Stack tokens={{ childrenGap: 16 }} styles={{ root: { minWidth: 280 } }}>
            <ImageField label="LOGO" value={values.image} onChange={(image) => set('image', image)} errorMessage={errors.image} width={120} height={120} />
            <ColorField label="COLOUR" value={values.color} onChange={(color) => set('color', color)} errorMessage={errors.color} />
            <ColorField label="TEXT COLOUR" value={values.textColor} onChange={(color) => set('textColor', color)} errorMessage={errors.textColor} />
            <div aria-hidden style={{ background: values.color, color: values.textColor, borderRadius: 4, padding: '10px 14px', fontWeight: 600 }}>
              {values.title || 'Publisher'}
            </div>
          </Stack>
        </Stack>
      </SettingsCard>
    </Stack>
  );
}
