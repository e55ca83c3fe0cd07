/** How newsletter lists write counts and dates (the spec's list pattern, the console's language). */
import { formatNumber } from '../../../core/client/format';
import { listDate as consoleListDate } from '../../../core/client/format-dates';

export const subscriberCount = (count: number) => `${formatNumber(count)} ${count === 1 ? 'subscriber' : 'subscribers'}`;
export const listDate = (value: string) => consoleListDate(value);
