/**
 * My Profile's CHANGE PASSWORD card: the current password, then the new one twice, checked by the
 * same schema as the server's. The change signs out every other session of the user; this one
 * goes on with the new token the server answers.
 */
import { PrimaryButton, Stack, Text, TextField } from '@fluentui/react';
import { HTTPError } from 'ky';
import changeSchema from '../../../schemas/api/password-change.schema.json?validator';
import type { PasswordChangeBody } from '../../../schemas/generated/api/password-change';
import type { ValidationDetail } from '../../shared/validation-details';
import { authEndpoints } from '../../shared/endpoints/auth';
import { call } from '../api';
import { byField, formValidator, useFormSubmit, useSchemaForm } from '../forms';
import { store, tokenAtom } from '../stores';
import { PasswordField } from './PasswordField';
import { theme } from '../theme';
import { toast } from '../toasts';
import { t } from '../words';

const validate = formValidator<PasswordChangeBody>(changeSchema);
const empty: PasswordChangeBody = { currentPassword: '', password: '', passwordConfirm: '' };

export function PasswordChangeSection() {
  const form = useSchemaForm<PasswordChangeBody>(validate, empty);
  const { busy, submit } = useFormSubmit(form.check, async (body) => {
    try {
      const { data, msg } = await call(authEndpoints.changePassword, { body });
      store.set(tokenAtom, data);
      form.setValues(empty);
      toast('success', 'Success!', msg);
    } catch (error) {
      // The server's field messages (a wrong current password) stand under their fields as well.
      if (error instanceof HTTPError && error.response.status === 422) {
        const answer = (await error.response
          .clone()
          .json()
          .catch(() => ({}))) as { details?: ValidationDetail[] };
        form.setErrors(byField(answer.details ?? []));
      }
      throw error;
    }
  });

  return (
    <section
      aria-label={t('CHANGE PASSWORD')}
      style={{ background: theme.palette.white, borderRadius: 8, boxShadow: '0 1.6px 3.6px rgba(0,0,0,.13)', padding: 24 }}
    >
      <form onSubmit={submit} noValidate>
        <Stack tokens={{ childrenGap: 14 }}>
          <Text variant="mediumPlus" style={{ fontWeight: 700, letterSpacing: 1 }}>
            {t('CHANGE PASSWORD')}
          </Text>
          <Text style={{ color: theme.palette.neutralSecondary }}>{t('Your other sessions are signed out when the password changes.')}</Text>
          <PasswordField label={t('CURRENT PASSWORD')} name="currentPassword" autoComplete="current-password" {...form.text('currentPassword')} />
          <PasswordField label={t('NEW PASSWORD')} name="password" autoComplete="new-password" {...form.text('password')} />
          <TextField label={t('CONFIRM NEW PASSWORD')} name="passwordConfirm" type="password" autoComplete="new-password" {...form.text('passwordConfirm')} />
          <Stack horizontal horizontalAlign="end">
            <PrimaryButton type="submit" text={t('CHANGE PASSWORD')} disabled={busy} />
          </Stack>
        </Stack>
      </form>
    </section>
  );
}
