/** /forgot: asks for a reset link by e-mail. */
import { DefaultButton, PrimaryButton, Stack, TextField } from '@fluentui/react';
import { useLocation } from 'wouter';
import forgotSchema from '../../../schemas/api/password-forgot.schema.json?validator';
import type { PasswordForgotBody } from '../../../schemas/generated/api/password-forgot';
import { authEndpoints } from '../../shared/endpoints/auth';
import { call } from '../api';
import { formValidator, useFormSubmit, useSchemaForm } from '../forms';
import { toast } from '../toasts';
import { t } from '../words';
import { SignedOutLayout } from './SignedOutLayout';

const validate = formValidator<PasswordForgotBody>(forgotSchema);

export default function ForgotPage() {
  const form = useSchemaForm<PasswordForgotBody>(validate, { email: '' });
  const [, navigate] = useLocation();
  const { busy, submit } = useFormSubmit(form.check, async (body) => {
    await call(authEndpoints.forgotPassword, { body });
    toast('success', 'Success!', 'We have sent an email to you. Check your inbox.');
  });

  return (
    <SignedOutLayout title={t('Forgot your password?')} subtitle={t('Type the e-mail you sign in with and we will send you a link to choose a new password.')}>
      <form onSubmit={submit} noValidate>
        <Stack tokens={{ childrenGap: 12 }}>
          <TextField label={t('E-mail')} name="email" type="email" autoComplete="username" {...form.text('email')} autoFocus />
          <Stack horizontal horizontalAlign="space-between">
            <DefaultButton text={t('Back to sign in')} onClick={() => navigate('/')} />
            <PrimaryButton type="submit" text={t('SEND')} disabled={busy} />
          </Stack>
        </Stack>
      </form>
    </SignedOutLayout>
  );
}
