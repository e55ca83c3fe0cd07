/** A password field whose text its owner may show ('Show password'): sign-in, password reset and change. */
import { TextField, type ITextFieldProps } from '@fluentui/react';

export function PasswordField(props: ITextFieldProps) {
  return <TextField type="password" canRevealPassword revealPasswordAriaLabel="Show password" {...props} />;
}
