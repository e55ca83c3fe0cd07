/** ALT TEXT, SOURCE and CAPTION: the fields of an upload and of Edit Credentials. */
import { TextField } from '@fluentui/react';
import type { ImageUpdateBody } from '../../../schemas/generated/api/image-update';
import { t } from '../../../core/client/words';

export interface CredentialFieldsProps {
  values: ImageUpdateBody;
  errors: Record<string, string>;
  onChange<K extends keyof ImageUpdateBody>(key: K, value: ImageUpdateBody[K]): void;
}

export function CredentialFields({ values, errors, onChange }: CredentialFieldsProps) {
  return (
    <>
      <TextField
        label={t('ALT TEXT')}
        required
        placeholder={t('Describe the image for people who cannot see it...')}
        value={values.alt}
        onChange={(_, text) => onChange('alt', text ?? '')}
        errorMessage={errors.alt}
      />
      <TextField
        label={t('SOURCE')}
        placeholder={t('Who made or owns the image...')}
        value={values.source ?? ''}
        onChange={(_, text) => onChange('source', text ?? '')}
        errorMessage={errors.source}
      />
      <TextField
        label={t('CAPTION')}
        placeholder={t('Type a caption...')}
        multiline
        rows={2}
        value={values.caption ?? ''}
        onChange={(_, text) => onChange('caption', text ?? '')}
        errorMessage={errors.caption}
      />
    </>
  );
}
