/**
 * The Earnings call (plugins/payments/server/earnings.ts answers it) and how its amounts read:
 * they come in the currency's minor unit (kuruş, cents) and are shown in the console's language
 * with the currency's own decimals and its sign ('₺11.883,33' in Turkish, '₺11,883.33' in English).
 */
import { call } from '../../../core/client/api';
import { formatNumber, type ConsoleLang } from '../../../core/client/format';
import type { CurrencyEarnings, Earnings } from '../../../schemas/generated/api/earnings';
import type { EarningsQuery } from '../../../schemas/generated/api/earnings-query';
import { earningsEndpoints } from '../earnings-endpoints';

export type { CurrencyEarnings, Earnings };
export type EarningsPeriod = CurrencyEarnings['periods'][number];

export async function fetchEarnings(query: EarningsQuery): Promise<Earnings> {
  return (await call(earningsEndpoints.earnings, { query })).data;
}

/** ISO 4217 as Intl takes it ('TRY'); Stripe writes it lower-case. */
export const currencyCode = (currency: string) => currency.toUpperCase();

/** How many decimals the currency has (2 for TRY, 0 for JPY): the minor unit's place. */
export function currencyDigits(currency: string): number {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency: currencyCode(currency) }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/** An amount in the minor unit as a number of the currency's units: 4900 kuruş is 49. */
export const majorUnits = (amount: number, currency: string) => amount / 10 ** currencyDigits(currency);

/** An amount in the minor unit as money in the console's language. */
export function formatMoney(amount: number, currency: string, lang?: ConsoleLang): string {
  const value = majorUnits(amount, currency);
  try {
    return formatNumber(value, lang, { style: 'currency', currency: currencyCode(currency), currencyDisplay: 'narrowSymbol' });
  } catch {
    // A code Intl does not know still reads as an amount.
    return `${formatNumber(value, lang, { minimumFractionDigits: currencyDigits(currency) })} ${currencyCode(currency)}`;
  }
}

/** An amount as a CSV cell: plain, with the currency's decimals and a point ('49.00'), as spreadsheets read it. */
export const csvAmount = (amount: number, currency: string) => majorUnits(amount, currency).toFixed(currencyDigits(currency));
