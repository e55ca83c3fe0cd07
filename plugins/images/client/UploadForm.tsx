/**
 * The UPLOAD tab: a file (chosen or dropped), its preview, ALT TEXT, SOURCE and CAPTION. The
 * console checks the type, the size and the alt text before sending (spec section 5); the server
 * checks them again on the real content and its refusals go to the shared error handler.
 */
import { PrimaryButton, Stack, Text } from '@fluentui/react';
import { useAtomValue } from 'jotai';
import { useEffect, useRef, useState, type DragEvent } from 'react';
import type { ImageUpdateBody } from '../../../schemas/generated/api/image-update';
import type { Image } from '../../../schemas/generated/entities/image';
import { upload } from '../../../core/client/api';
import { useFormSubmit, useSchemaForm } from '../../../core/client/forms';
import { userAtom } from '../../../core/client/stores';
import { formatNumber } from '../../../core/client/format';
import { theme } from '../../../core/client/theme';
import { toast } from '../../../core/client/toasts';
import { t } from '../../../core/client/words';
import { constants } from '../../../core/shared/config';
import { CredentialFields } from './CredentialFields';
import { validateCredentials } from './CredentialsDialog';
import { imageEndpoints } from '../endpoints';
import { acceptedFiles, fileProblem, recommendedSize as defaultSize, typeMessage } from '../rules';

export interface UploadFormProps {
  recommendedSize?: string;
  onUploaded(image: Image): void;
}

export function UploadForm({ recommendedSize = defaultSize, onUploaded }: UploadFormProps) {
  const user = useAtomValue(userAtom);
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [over, setOver] = useState(false);
  const form = useSchemaForm<ImageUpdateBody>(validateCredentials, { alt: '', source: '', caption: '' });

  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  const choose = (chosen: File | undefined) => {
    if (!chosen) return;
    const problem = fileProblem(chosen);
    if (problem) {
      toast('error', 'Error!', problem);
      if (input.current) input.current.value = '';
      return;
    }
    setFile(chosen);
    setPreview(URL.createObjectURL(chosen));
  };

  const check = () => {
    if (!file) {
      toast('error', 'Error!', typeMessage);
      return { ok: false as const, details: [{ message: typeMessage, path: 'image' }] };
    }
    const result = form.check();
    if (!result.ok) toast('error', 'Error!', result.details[0]?.message);
    return result;
  };

  const { busy, submit } = useFormSubmit(check, async (credentials) => {
    const body = new FormData();
    body.append('alt', credentials.alt);
    body.append('source', credentials.source ?? '');
    body.append('caption', credentials.caption ?? '');
    if (user) body.append('uploader', user._id);
    if (user?.publisher) body.append('publisher', user.publisher);
    body.append('image', file!, file!.name);
    const { data } = await upload(imageEndpoints.create, body);
    toast('success', 'Success!', 'Image is uploaded.');
    onUploaded(data);
  });

  const drop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    choose(event.dataTransfer.files[0]);
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t('Upload image')}>
      <Stack tokens={{ childrenGap: 12 }}>
        <label
          className={`image-drop${over ? ' image-drop--over' : ''}`}
          onDragOver={(event) => {
            event.preventDefault();
            setOver(true);
          }}
          onDragLeave={() => setOver(false)}
          onDrop={drop}
        >
          {preview ? <img src={preview} alt={t('Preview of the chosen image')} /> : null}
          <Text styles={{ root: { fontWeight: 600 } }}>{file ? file.name : t('Click or drag an image here')}</Text>
          <Text variant="small" styles={{ root: { color: theme.palette.neutralSecondary } }}>
            {t('JPG, PNG or GIF, at most {size} MB', { size: formatNumber(constants.limits.imageMaxBytes / 1_048_576) })}
          </Text>
          <input
            ref={input}
            type="file"
            name="image"
            accept={acceptedFiles}
            aria-label={t('Image file')}
            style={{ position: 'absolute', width: 1, height: 1, opacity: 0, pointerEvents: 'none' }}
            onChange={(event) => choose(event.target.files?.[0])}
          />
        </label>
        <Text variant="small" styles={{ root: { color: theme.palette.neutralSecondary } }}>
          {t('Recommended size: {size}', { size: recommendedSize })}
        </Text>
        <CredentialFields values={form.values} errors={form.errors} onChange={form.set} />
        <PrimaryButton type="submit" text={busy ? t('UPLOADING...') : t('UPLOAD')} disabled={busy || !file} styles={{ root: { alignSelf: 'flex-end' } }} />
      </Stack>
    </form>
  );
}
