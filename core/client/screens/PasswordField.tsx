/** A password field whose text its owner may show ('Show password'): sign-in, password reset and change. */
import { TextField, type ITextFieldProps } from '@fluentui/react';
import { t } from '../words';

export function PasswordField(props: ITextFieldProps) {
  return <TextField type="password" canRevealPassword revealPasswordAriaLabel={t('Show password')} {...props} />;
}
