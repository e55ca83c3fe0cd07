/** /forgot-password?code&email: a new password; success signs the user in. */
import { MessageBar, MessageBarType, PrimaryButton, Stack, TextField } from '@fluentui/react';
import { useLocation, useSearch } from 'wouter';
import resetSchema from '../../../schemas/api/password-reset.schema.json?validator';
import type { PasswordResetBody } from '../../../schemas/generated/api/password-reset';
import { authEndpoints } from '../../shared/endpoints/auth';
import { call } from '../api';
import { formValidator, useFormSubmit, useSchemaForm } from '../forms';
import { signIn } from '../session';
import { PasswordField } from './PasswordField';
import { SignedOutLayout } from './SignedOutLayout';
import { t } from '../words';

const validate = formValidator<PasswordResetBody>(resetSchema);

export default function ResetPasswordPage() {
  const search = new URLSearchParams(useSearch());
  const code = search.get('code') ?? '';
  const email = search.get('email') ?? '';
  const form = useSchemaForm<PasswordResetBody>(validate, { password: '', passwordConfirm: '', email, token: code });
  const [, navigate] = useLocation();
  const { busy, submit } = useFormSubmit(form.check, async (body) => {
    const { data } = await call(authEndpoints.resetPassword, { body });
    navigate('/', { replace: true });
    await signIn(data);
  });

  const linkBroken = !code || !email;
  return (
    <SignedOutLayout title={t('Choose a new password')} subtitle={email ? t('For {email}', { email }) : undefined}>
      {linkBroken ? (
        <MessageBar messageBarType={MessageBarType.warning}>
          {t('This reset link is not complete. Please open the link from the e-mail again, or ask for a new one.')}
        </MessageBar>
      ) : null}
      <form onSubmit={submit} noValidate>
        <Stack tokens={{ childrenGap: 12 }}>
          <PasswordField label={t('New password')} name="password" autoComplete="new-password" {...form.text('password')} autoFocus />
          <TextField
            label={t('Confirm the new password')}
            name="passwordConfirm"
            type="password"
            autoComplete="new-password"
            {...form.text('passwordConfirm')}
          />
          {form.errors.token || form.errors.email ? (
            <MessageBar messageBarType={MessageBarType.error}>{form.errors.token ?? form.errors.email}</MessageBar>
          ) : null}
          <PrimaryButton type="submit" text={t('RESET PASSWORD')} disabled={busy} />
        </Stack>
      </form>
    </SignedOutLayout>
  );
}
