/**
 * PAYMENTS on Publisher Credentials (the settings plugin's `publisherSettingsCardRef`): whether the
 * publisher's Stripe keys are set, shown by the secret key's hint only (the server never answers a
 * key), the two keys to paste, and the webhook address to give Stripe. A key left empty keeps the
 * one stored, so the fields start empty and stay so after a save. Saved by its own button: the
 * keys are not part of the publisher's record the top bar's SAVE sends.
 */
import { DefaultButton, MessageBar, MessageBarType, PrimaryButton, Spinner, Stack, Text, TextField } from '@fluentui/react';
import { useState } from 'react';
import { byField, formValidator, toastFirstProblem, useSave } from '../../../core/client/forms';
import { ConfirmDialog } from '../../../core/client/page-parts';
import { useLoaded } from '../../../core/client/panel-list';
import { theme } from '../../../core/client/theme';
import { toast } from '../../../core/client/toasts';
import { t } from '../../../core/client/words';
import saveSchema from '../../../schemas/api/payment-account-save.schema.json?validator';
import type { PaymentAccountSave } from '../../../schemas/generated/api/payment-account-save';
import { SettingsCard, type PublisherSettingsCardProps } from '../../settings/client/public';
import { paymentsApi } from './payments-api';

const validateKeys = formValidator<PaymentAccountSave>(saveSchema);
const noKeys = { secretKey: '', webhookSecret: '' };
/**
 * The two keys' fields: typed hidden, and before keys are saved an example of each as the
 * placeholder. Their texts stay English here and are put through `t` where they are shown.
 */
const keyFields: { key: keyof typeof noKeys; label: string; revealLabel: string; keptText: string; example: string }[] = [
  { key: 'secretKey', label: 'STRIPE SECRET KEY', revealLabel: 'Show the secret key as typed', keptText: 'Empty: keep the saved key', example: 'sk_live_...' },
  {
    key: 'webhookSecret',
    label: 'WEBHOOK SIGNING SECRET',
    revealLabel: 'Show the signing secret as typed',
    keptText: 'Empty: keep the saved secret',
    example: 'whsec_...',
  },
];
/** A field shares its row with the other on a wide card and takes the row alone on a phone. */
const fieldItem = { root: { flex: '1 1 240px', minWidth: 0 } };

export default function StripeKeysCard({ publisherId }: PublisherSettingsCardProps) {
  // false: the keys could not be read, and the card is not shown.
  const [account, setAccount] = useLoaded(publisherId, paymentsApi.account, false);
  const [keys, setKeys] = useState(noKeys);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { busy, save: send } = useSave(setErrors);
  const [removing, setRemoving] = useState(false);

  const typeInto = (key: keyof typeof noKeys) => (_event: unknown, value?: string) => {
    setKeys((typed) => ({ ...typed, [key]: value ?? '' }));
    setErrors(({ [key]: _gone, ...rest }) => rest);
  };

  const save = async () => {
    // Only what was typed is sent: a key left out keeps the one stored.
    const typed = Object.fromEntries(Object.entries(keys).flatMap(([key, value]) => (value.trim() ? [[key, value.trim()]] : [])));
    const checked = toastFirstProblem(validateKeys(typed));
    if (!checked.ok) {
      setErrors(byField(checked.details));
      return;
    }
    await send(async () => {
      const { data, msg } = await paymentsApi.saveAccount(checked.value);
      setAccount(data);
      setKeys(noKeys);
      toast('success', 'Success!', msg);
    });
  };

  const remove = async () => {
    const { data, msg } = await paymentsApi.removeAccount();
    setAccount(data);
    setRemoving(false);
    toast('success', 'Success!', msg);
  };

  const copyWebhookUrl = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      toast('success', 'Copied!', 'The webhook address is copied.');
    } catch {
      toast('error', 'Error!', 'The address could not be copied; select it and copy it by hand.');
    }
  };

  if (account === false) return null;

  return (
    <SettingsCard title={t('PAYMENTS')}>
      {!account ? (
        <Spinner label={t('Loading...')} />
      ) : (
        <>
          {account.configured ? (
            <MessageBar messageBarType={MessageBarType.success} isMultiline>
              {t('Stripe is connected with the secret key {hint}.', { hint: account.secretKeyHint ?? '' })}
            </MessageBar>
          ) : (
            <MessageBar messageBarType={MessageBarType.warning} isMultiline>
              {t('Stripe is not connected: readers cannot subscribe to the paid plans until the keys are saved.')}
            </MessageBar>
          )}

          <Stack horizontal wrap tokens={{ childrenGap: 16 }}>
            {keyFields.map(({ key, label, revealLabel, keptText, example }) => (
              <Stack.Item key={key} styles={fieldItem}>
                <TextField
                  label={t(label)}
                  type="password"
                  canRevealPassword
                  revealPasswordAriaLabel={t(revealLabel)}
                  autoComplete="new-password"
                  spellCheck={false}
                  placeholder={account.configured ? t(keptText) : example}
                  value={keys[key]}
                  onChange={typeInto(key)}
                  errorMessage={errors[key]}
                />
              </Stack.Item>
            ))}
          </Stack>

          <Stack tokens={{ childrenGap: 4 }}>
            <Stack horizontal verticalAlign="end" tokens={{ childrenGap: 8 }}>
              <Stack.Item grow styles={{ root: { minWidth: 0 } }}>
                <TextField label={t('WEBHOOK ADDRESS')} readOnly value={account.webhookUrl} onFocus={(event) => event.currentTarget.select()} />
              </Stack.Item>
              <DefaultButton
                text={t('Copy')}
                iconProps={{ iconName: 'Copy' }}
                ariaLabel={t('Copy the webhook address')}
                onClick={() => void copyWebhookUrl(account.webhookUrl)}
              />
            </Stack>
            <Text variant="small" styles={{ root: { color: theme.palette.neutralSecondary } }}>
              {t(
                "In Stripe's dashboard, add this address as a webhook endpoint with the events checkout.session.completed, customer.subscription.created, customer.subscription.updated, customer.subscription.deleted, invoice.paid and invoice.payment_failed; then paste its signing secret above.",
              )}
            </Text>
          </Stack>

          <Stack horizontal wrap tokens={{ childrenGap: 12 }}>
            <PrimaryButton text={t('SAVE KEYS')} iconProps={{ iconName: 'Save' }} disabled={busy} onClick={() => void save()} />
            {account.configured ? (
              <DefaultButton text={t('REMOVE KEYS')} iconProps={{ iconName: 'Delete' }} disabled={busy} onClick={() => setRemoving(true)} />
            ) : null}
          </Stack>
        </>
      )}

      {removing ? (
        <ConfirmDialog
          title={t('Remove the Stripe keys?')}
          text={t(
            "Readers can no longer subscribe to the paid plans, and Stripe's news of the current subscriptions (renewals, cancellations) is no longer taken, until keys are saved again.",
          )}
          action={t('REMOVE')}
          onConfirm={remove}
          onDismiss={() => setRemoving(false)}
        />
      ) : null}
    </SettingsCard>
  );
}
