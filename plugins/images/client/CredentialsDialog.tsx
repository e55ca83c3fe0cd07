/** Edit Credentials: ALT TEXT (required, the server's Turkish message), SOURCE, CAPTION, SAVE. */
import updateSchema from '../../../schemas/api/image-update.schema.json?validator';
import type { ImageUpdateBody } from '../../../schemas/generated/api/image-update';
import type { Image } from '../../../schemas/generated/entities/image';
import { call } from '../../../core/client/api';
import { FormDialog } from '../../../core/client/form-dialog';
import { formValidator, toastFirstProblem, useFormSubmit, useSchemaForm } from '../../../core/client/forms';
import { theme } from '../../../core/client/theme';
import { toast } from '../../../core/client/toasts';
import { imageEndpoints } from '../endpoints';
import { CredentialFields } from './CredentialFields';
import { t } from '../../../core/client/words';

export const validateCredentials = formValidator<ImageUpdateBody>(updateSchema);

export function CredentialsDialog({ image, onDismiss, onSaved }: { image: Image; onDismiss(): void; onSaved(image: Image): void }) {
  const form = useSchemaForm<ImageUpdateBody>(validateCredentials, { alt: image.alt, source: image.source, caption: image.caption });
  const { busy, submit } = useFormSubmit(
    () => toastFirstProblem(form.check()),
    async (body) => {
      const { data, msg } = await call(imageEndpoints.save, { params: { id: image._id }, body });
      toast('success', 'Success!', msg);
      onSaved(data);
    },
  );
  return (
    <FormDialog title={t('Edit Credentials')} minWidth={480} gap={12} busy={busy} onSubmit={submit} onDismiss={onDismiss}>
      <img
        src={image.sizes.small}
        alt={image.alt}
        style={{ width: '100%', maxHeight: 180, objectFit: 'contain', background: theme.palette.neutralLighter, borderRadius: 4 }}
      />
      <CredentialFields values={form.values} errors={form.errors} onChange={form.set} />
    </FormDialog>
  );
}
