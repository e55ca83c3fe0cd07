/** How newsletter lists write counts and dates (the spec's list pattern, the console's language). */
import { formatNumber } from '../../../core/client/format';
import { listDate as consoleListDate } from '../../../core/client/format-dates';
import { t } from '../../../core/client/words';

export const subscriberCount = (count: number) =>
  count === 1 ? t('{count} subscriber', { count: formatNumber(count) }) : t('{count} subscribers', { count: formatNumber(count) });
export const listDate = (value: string) => consoleListDate(value);
