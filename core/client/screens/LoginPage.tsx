/** / when signed out: e-mail and password, a link to /forgot. */
import { Link as FluentLink, PrimaryButton, Stack, TextField } from '@fluentui/react';
import { Link } from 'wouter';
import loginSchema from '../../../schemas/api/login.schema.json?validator';
import type { LoginBody } from '../../../schemas/generated/api/login';
import { authEndpoints } from '../../shared/endpoints/auth';
import { call } from '../api';
import { formValidator, useFormSubmit, useSchemaForm } from '../forms';
import { signIn } from '../session';
import { t } from '../words';
import { PasswordField } from './PasswordField';
import { SignedOutLayout } from './SignedOutLayout';

const validate = formValidator<LoginBody>(loginSchema);

export default function LoginPage() {
  const form = useSchemaForm<LoginBody>(validate, { email: '', password: '' });
  const { busy, submit } = useFormSubmit(form.check, async (body) => {
    const { data } = await call(authEndpoints.login, { body });
    await signIn(data);
  });

  return (
    <SignedOutLayout title={t('Sign in')} subtitle={t('Welcome back. Sign in to your publisher console.')}>
      <form onSubmit={submit} noValidate>
        <Stack tokens={{ childrenGap: 12 }}>
          <TextField label={t('E-mail')} name="email" type="email" autoComplete="username" {...form.text('email')} autoFocus />
          <PasswordField label={t('Password')} name="password" autoComplete="current-password" {...form.text('password')} />
          <Stack horizontal horizontalAlign="space-between" verticalAlign="center">
            <Link href="/forgot" asChild>
              <FluentLink>{t('Forgot your password?')}</FluentLink>
            </Link>
            <PrimaryButton type="submit" text={t('LOGIN')} disabled={busy} />
          </Stack>
        </Stack>
      </form>
    </SignedOutLayout>
  );
}
