/**
 * PAID PLANS on Newsletter Credentials (the settings plugin's `newsletterSettingsCardRef`): the
 * currency and the monthly and yearly prices readers pay. Prices are typed in major units in the
 * console's language ('49,90' or '49.90') and sent in the minor unit (4990); an empty price takes
 * the plan off. Directors and admins (publishers.update) set them; an editor sees them read-only.
 * Saved by its own button: the prices are not part of the newsletter's record.
 */
import { Dropdown, MessageBar, MessageBarType, PrimaryButton, Spinner, Stack, Text, TextField, type IDropdownOption } from '@fluentui/react';
import { useEffect, useState } from 'react';
import { currentLang, formatNumber, useConsoleLang, type ConsoleLang } from '../../../core/client/format';
import { byField, formValidator, useSave } from '../../../core/client/forms';
import { useLoaded } from '../../../core/client/panel-list';
import { useCan } from '../../../core/client/permissions';
import { theme } from '../../../core/client/theme';
import { toast } from '../../../core/client/toasts';
import { t } from '../../../core/client/words';
import saveSchemaText from '../../../schemas/api/newsletter-plans-save.schema.json';
import saveSchema from '../../../schemas/api/newsletter-plans-save.schema.json?validator';
import type { NewsletterPlans } from '../../../schemas/generated/api/newsletter-plans';
import type { NewsletterPlansSave } from '../../../schemas/generated/api/newsletter-plans-save';
import { SettingsCard, type NewsletterSettingsCardProps } from '../../settings/client/public';
import { paymentsApi } from './payments-api';

type Currency = NewsletterPlansSave['currency'];
type Plan = 'monthly' | 'yearly';
/** What the card's fields hold: the prices as typed, in major units. */
type PlansForm = { currency: Currency } & Record<Plan, string>;

const validatePlans = formValidator<NewsletterPlansSave>(saveSchema);
/** The schema's own words for a price that is no number. */
const notAPriceText = saveSchemaText.properties.monthly.errorMessage.type;
const currencies: IDropdownOption<Currency>[] = [
  { key: 'try', text: 'Turkish lira (TRY)' },
  { key: 'usd', text: 'US dollar (USD)' },
  { key: 'eur', text: 'Euro (EUR)' },
  { key: 'gbp', text: 'Pound sterling (GBP)' },
];
/** The plans' fields; their texts stay English here and are put through `t` where they are shown. */
const planFields: { plan: Plan; label: string }[] = [
  { plan: 'monthly', label: 'MONTHLY PRICE' },
  { plan: 'yearly', label: 'YEARLY PRICE' },
];
/** The fields share a row on a wide card and take one each on a phone. */
const fieldItem = { root: { flex: '1 1 200px', minWidth: 0, maxWidth: 320 } };

/** How many digits the currency's minor unit has (2: kuruş, cents, pence). */
const minorDigits = (currency: string) => new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;

/** A price as its field shows it, in major units and the console's language: 4990 → '49,90' (tr), '49.90' (en); not offered → ''. */
function priceText(amount: number | null, currency: string, lang: ConsoleLang): string {
  if (amount === null) return '';
  const digits = minorDigits(currency);
  return formatNumber(amount / 10 ** digits, lang, { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

/** The fields for the prices the server holds. */
const formOf = (held: NewsletterPlans, lang: ConsoleLang): PlansForm => ({
  currency: held.currency as Currency,
  monthly: priceText(held.monthly, held.currency, lang),
  yearly: priceText(held.yearly, held.currency, lang),
});

/**
 * A typed price in the minor unit: '49,90', '49.90' and '49.9' → 4990; '1.000', '1,000' and
 * '1.000,50' group the thousands (a separator before three digits cannot start the fraction, which
 * has at most two); '' → null (the plan is not offered); undefined for what is no price.
 */
function minorAmount(text: string, currency: string): number | null | undefined {
  const typed = text.replace(/\s/g, '');
  if (typed === '') return null;
  const digits = minorDigits(currency);
  const fraction = digits > 0 ? `(?:[.,](\\d{1,${digits}}))?` : '';
  const match = new RegExp(`^(\\d+(?:[.,]\\d{3})*)${fraction}$`).exec(typed);
  if (!match) return undefined;
  return Number(match[1]!.replace(/[.,]/g, '') + (match[2] ?? '').padEnd(digits, '0'));
}

export default function PlansCard({ newsletterId }: NewsletterSettingsCardProps) {
  const lang = useConsoleLang();
  const canSetPrices = useCan()('publishers.update');
  // false: the prices could not be read, and the card is not shown.
  const [saved, setSaved] = useLoaded(newsletterId, () => paymentsApi.plans(newsletterId), false);
  const [form, setForm] = useState<PlansForm>({ currency: 'try', monthly: '', yearly: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { busy, save: send } = useSave(setErrors);

  // The fields show what the server holds once it is loaded or saved, in the language of the
  // moment: a change of language later leaves what is typed as it is.
  useEffect(() => {
    if (saved) setForm(formOf(saved, currentLang()));
  }, [saved]);

  const edit = <K extends keyof PlansForm>(key: K, value: PlansForm[K]) => {
    setForm((typed) => ({ ...typed, [key]: value }));
    setErrors(({ [key]: _gone, ...rest }) => rest);
  };
  const { currency } = form;

  const save = async () => {
    const amounts = { monthly: minorAmount(form.monthly, currency), yearly: minorAmount(form.yearly, currency) };
    // What is no number is said so here; the schema checks the rest (a price under 1 in the other field).
    const notPrices = planFields.filter(({ plan }) => amounts[plan] === undefined).map(({ plan }) => ({ path: plan, message: notAPriceText }));
    const checked = validatePlans({ currency, monthly: amounts.monthly ?? null, yearly: amounts.yearly ?? null });
    const problems = [...notPrices, ...(checked.ok ? [] : checked.details)];
    if (!checked.ok || problems.length > 0) {
      setErrors(byField(problems));
      toast('error', 'Error!', problems[0]?.message);
      return;
    }
    await send(async () => {
      const { data, msg } = await paymentsApi.savePlans(newsletterId, checked.value);
      setSaved(data);
      toast('success', 'Success!', msg);
    });
  };

  /** What a reader pays, under the field: 'Readers pay ₺49,90 a month.', or that the plan is not offered. */
  const describe = (plan: Plan) => {
    const amount = minorAmount(form[plan], currency);
    if (amount === null) return t('Empty: this plan is not offered.');
    if (amount === undefined) return undefined;
    const price = formatNumber(amount / 10 ** minorDigits(currency), lang, { style: 'currency', currency: currency.toUpperCase() });
    return plan === 'monthly' ? t('Readers pay {price} a month.', { price }) : t('Readers pay {price} a year.', { price });
  };

  if (saved === false) return null;

  return (
    <SettingsCard title={t('PAID PLANS')}>
      {!saved ? (
        <Spinner label={t('Loading...')} />
      ) : (
        <>
          {saved.available ? null : (
            <MessageBar messageBarType={MessageBarType.warning} isMultiline>
              {t("Readers cannot subscribe yet: the publisher's Stripe keys must be set in Publisher Credentials first.")}
            </MessageBar>
          )}
          {canSetPrices ? null : (
            <Text styles={{ root: { color: theme.palette.neutralSecondary } }}>{t("The prices are set by the publisher's directors and admins.")}</Text>
          )}

          <Stack horizontal wrap tokens={{ childrenGap: 16 }}>
            <Stack.Item styles={fieldItem}>
              <Dropdown
                label={t('CURRENCY')}
                options={currencies.map((option) => ({ ...option, text: t(option.text) }))}
                selectedKey={currency}
                disabled={!canSetPrices}
                errorMessage={errors.currency}
                onChange={(_event, option) => {
                  if (option) edit('currency', option.key as Currency);
                }}
              />
            </Stack.Item>
            {planFields.map(({ plan, label }) => (
              <Stack.Item key={plan} styles={fieldItem}>
                <TextField
                  label={t(label)}
                  inputMode="decimal"
                  readOnly={!canSetPrices}
                  suffix={currency.toUpperCase()}
                  placeholder={t('Not offered')}
                  value={form[plan]}
                  onChange={(_event, value) => edit(plan, value ?? '')}
                  description={describe(plan)}
                  errorMessage={errors[plan]}
                />
              </Stack.Item>
            ))}
          </Stack>

          {canSetPrices ? (
            <Stack horizontal wrap tokens={{ childrenGap: 12 }}>
              <PrimaryButton text={t('SAVE PRICES')} iconProps={{ iconName: 'Save' }} disabled={busy} onClick={() => void save()} />
            </Stack>
          ) : null}
        </>
      )}
    </SettingsCard>
  );
}
