/**
 * PAYMENTS on Publisher Credentials (the settings plugin's `publisherSettingsCardRef`): Stripe in one
 * step (issue 56). The director pastes the account's secret key; the server checks it with Stripe
 * and creates the webhook endpoint itself, so the card asks nothing else. It says which account is
 * connected and whether in test or live mode (shown by the key's hint only: the server never
 * answers a key), never 'connected' for a key Stripe refused (the refusal shows under the field,
 * with Stripe's reason), the last problem of a Checkout or of the webhook with its time, and the
 * imported paying members Stripe does not know. Saved by its own button: the key is not part of
 * the publisher's record the top bar's SAVE sends.
 */
import { DefaultButton, MessageBar, MessageBarType, PrimaryButton, Spinner, Stack, Text, TextField } from '@fluentui/react';
import { useState } from 'react';
import { byField, formValidator, toastFirstProblem, useSave } from '../../../core/client/forms';
import { dayMonthYear, formatTime } from '../../../core/client/format';
import { ConfirmDialog } from '../../../core/client/page-parts';
import { useLoaded } from '../../../core/client/panel-list';
import { theme } from '../../../core/client/theme';
import { toast } from '../../../core/client/toasts';
import { t } from '../../../core/client/words';
import saveSchema from '../../../schemas/api/payment-account-save.schema.json?validator';
import type { PaymentAccount } from '../../../schemas/generated/api/payment-account';
import type { PaymentAccountSave } from '../../../schemas/generated/api/payment-account-save';
import { SettingsCard, type PublisherSettingsCardProps } from '../../settings/client/public';
import { paymentsApi } from './payments-api';

const validateKey = formValidator<PaymentAccountSave>(saveSchema);
const smallText = { root: { color: theme.palette.neutralSecondary } };

/** Which account the key opens, in a sentence: its name and id when Stripe let the key read them, and the mode. */
function connectedText(account: NonNullable<PaymentAccount['account']>, hint: string): string {
  const live = account.mode === 'live';
  const who = [account.name, account.id && `(${account.id})`].filter(Boolean).join(' ');
  if (!who)
    return live
      ? t('Stripe is connected in live mode with the key {hint}: readers pay for real.', { hint })
      : t('Stripe is connected in test mode with the key {hint}: payments are pretend, no card is charged.', { hint });
  return live
    ? t('Stripe is connected in live mode: the account {account}, with the key {hint}. Readers pay for real.', { account: who, hint })
    : t('Stripe is connected in test mode: the account {account}, with the key {hint}. Payments are pretend, no card is charged.', {
        account: who,
        hint,
      });
}

/** The card's first line: connected (to which account), saved but never checked (keys from before), or not connected. */
function AccountState({ account }: { account: PaymentAccount }) {
  if (account.account && account.secretKeyHint)
    return (
      <MessageBar messageBarType={account.account.mode === 'live' ? MessageBarType.success : MessageBarType.info} isMultiline>
        {connectedText(account.account, account.secretKeyHint)}
      </MessageBar>
    );
  if (account.configured)
    return (
      <MessageBar messageBarType={MessageBarType.warning} isMultiline>
        {t(
          'The saved key {hint} was never checked with Stripe. Paste it again: Masthead checks it and creates the webhook endpoint, and the card says which account it opens.',
          { hint: account.secretKeyHint ?? '' },
        )}
      </MessageBar>
    );
  return (
    <MessageBar messageBarType={MessageBarType.warning} isMultiline>
      {t('Stripe is not connected: readers cannot subscribe to the paid plans until the secret key of your Stripe account is saved.')}
    </MessageBar>
  );
}

/** The last Checkout or webhook failure, with its time and reason, for the director to fix. */
function LastProblem({ problem }: { problem: NonNullable<PaymentAccount['lastProblem']> }) {
  const what = problem.kind === 'checkout' ? t('A reader could not open the Stripe payment page.') : t("Stripe's notice of a payment could not be taken.");
  return (
    <MessageBar messageBarType={MessageBarType.error} isMultiline>
      <strong>{t('Last problem, {date} at {time}:', { date: dayMonthYear(problem.at), time: formatTime(problem.at) })}</strong> {what} {problem.reason}
    </MessageBar>
  );
}

/** How the imported paying members stand with Stripe: those not found there do not read premium stories. */
function ImportedMembers({ counts }: { counts: PaymentAccount['importedMembers'] }) {
  const lines = [
    counts.notFound > 0 &&
      t('{count} imported members not found in Stripe: their customer has no subscription in this account, so they read only what is free.', {
        count: counts.notFound,
      }),
    counts.pending > 0 && t('{count} imported members are being matched with their Stripe subscriptions.', { count: counts.pending }),
  ].filter((line): line is string => Boolean(line));
  if (lines.length === 0) return null;
  return (
    <MessageBar messageBarType={counts.notFound > 0 ? MessageBarType.warning : MessageBarType.info} isMultiline>
      {lines.join(' ')}
    </MessageBar>
  );
}

export default function StripeKeysCard({ publisherId }: PublisherSettingsCardProps) {
  // false: the account could not be read, and the card is not shown.
  const [account, setAccount] = useLoaded(publisherId, paymentsApi.account, false);
  const [secretKey, setSecretKey] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { busy, save: send } = useSave(setErrors);
  const [removing, setRemoving] = useState(false);

  const connect = async () => {
    const checked = toastFirstProblem(validateKey(secretKey.trim() ? { secretKey: secretKey.trim() } : {}));
    if (!checked.ok) {
      setErrors(byField(checked.details));
      return;
    }
    if (!checked.value.secretKey) {
      setErrors({ secretKey: t('Enter the secret key.') });
      return;
    }
    await send(async () => {
      const { data, msg } = await paymentsApi.saveAccount(checked.value);
      setAccount(data);
      setSecretKey('');
      toast('success', 'Success!', msg);
    });
  };

  const remove = async () => {
    const { data, msg } = await paymentsApi.removeAccount();
    setAccount(data);
    setRemoving(false);
    toast('success', 'Success!', msg);
  };

  if (account === false) return null;

  return (
    <SettingsCard title={t('PAYMENTS')}>
      {!account ? (
        <Spinner label={t('Loading...')} />
      ) : (
        <>
          <AccountState account={account} />
          {account.lastProblem ? <LastProblem problem={account.lastProblem} /> : null}
          <ImportedMembers counts={account.importedMembers} />

          <Stack tokens={{ childrenGap: 4 }}>
            <TextField
              label={t('STRIPE SECRET KEY')}
              type="password"
              canRevealPassword
              revealPasswordAriaLabel={t('Show the secret key as typed')}
              autoComplete="new-password"
              spellCheck={false}
              placeholder={account.configured ? t('Paste another key to replace it') : 'sk_live_... / sk_test_...'}
              value={secretKey}
              onChange={(_event, value) => {
                setSecretKey(value ?? '');
                setErrors({});
              }}
              errorMessage={errors.secretKey}
            />
            <Text variant="small" styles={smallText}>
              {t(
                "In Stripe's dashboard, Developers → API keys: the secret key (a restricted key works too, with write access to Webhook Endpoints, Checkout Sessions and the Customer portal). A test key (sk_test_) lets you try a payment round trip with Stripe's test card 4242 4242 4242 4242.",
              )}
            </Text>
          </Stack>

          {account.webhookEndpoint ? (
            <Stack tokens={{ childrenGap: 4 }}>
              <TextField label={t('WEBHOOK ADDRESS')} readOnly value={account.webhookUrl} onFocus={(event) => event.currentTarget.select()} />
              <Text variant="small" styles={smallText}>
                {account.webhookEndpoint === 'created'
                  ? t(
                      'Masthead created this webhook endpoint in your Stripe account, with the events it needs, and keeps its signing secret. Replacing or removing the key removes it.',
                    )
                  : t(
                      'Stripe posts to this address through an endpoint made by hand, with the signing secret saved before. Paste the key again to let Masthead create and keep its own.',
                    )}
              </Text>
            </Stack>
          ) : null}

          <Stack horizontal wrap tokens={{ childrenGap: 12 }}>
            <PrimaryButton text={t('CONNECT STRIPE')} iconProps={{ iconName: 'PlugConnected' }} disabled={busy} onClick={() => void connect()} />
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
            "Readers can no longer subscribe to the paid plans, and Stripe's news of the current subscriptions (renewals, cancellations) is no longer taken, until a key is saved again. The webhook endpoint Masthead created is removed from your Stripe account.",
          )}
          action={t('REMOVE')}
          onConfirm={remove}
          onDismiss={() => setRemoving(false)}
        />
      ) : null}
    </SettingsCard>
  );
}
