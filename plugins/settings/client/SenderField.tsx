/**
 * The newsletter's sender (issue 29): the From name (the title when empty), the From address
 * (the server's when empty; a new one waits for its owner to open the link e-mailed to it), and
 * the Reply-To. While an address waits, the card says so and can send its link again.
 */
import { DefaultButton, MessageBar, MessageBarType, Stack, TextField } from '@fluentui/react';
import type { Newsletter } from '../../../schemas/generated/entities/newsletter';
import { t } from '../../../core/client/words';

type Sender = NonNullable<Newsletter['sender']>;

export interface SenderFieldProps {
  value: Sender;
  /** The newsletter's title: the From name when none is set. */
  title: string;
  errors: Record<string, string>;
  onChange(sender: Sender): void;
  /** Saves, asking for the waiting address's link again. */
  onResend(): void;
  busy: boolean;
}

export function SenderField({ value, title, errors, onChange, onResend, busy }: SenderFieldProps) {
  const text = (key: 'name' | 'email' | 'replyTo') => ({
    value: value[key],
    onChange: (_event: unknown, typed?: string) => onChange({ ...value, [key]: typed ?? '' }),
    errorMessage: errors[`sender.${key}`],
  });
  const current = value.email || value.defaultEmail;
  return (
    <Stack tokens={{ childrenGap: 12 }} styles={{ root: { maxWidth: 560 } }}>
      <TextField
        label={t('FROM NAME')}
        placeholder={title}
        description={t("Readers see this name as the sender. Empty: the newsletter's title.")}
        {...text('name')}
      />
      <TextField
        label={t('FROM ADDRESS')}
        type="email"
        placeholder={value.defaultEmail}
        description={t("A new address gets a confirmation link; e-mails come from it once the link is opened. Empty: the server's address.")}
        {...text('email')}
      />
      {value.pendingEmail ? (
        <MessageBar
          messageBarType={MessageBarType.warning}
          isMultiline
          actions={<DefaultButton text={t('Send the link again')} disabled={busy} onClick={onResend} />}
        >
          {/* The settings' senderWaitingText (../messages.ts), in the console's language. */}
          {t('{pending} waits for confirmation: open the link we sent to it. Until then e-mails come from {current}.', {
            pending: value.pendingEmail,
            current,
          })}
        </MessageBar>
      ) : null}
      <TextField
        label={t('REPLY-TO')}
        type="email"
        placeholder={current}
        description={t("Where readers' replies go. Empty: the From address.")}
        {...text('replyTo')}
      />
    </Stack>
  );
}
