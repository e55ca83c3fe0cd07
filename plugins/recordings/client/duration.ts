/** A recording's length as the console shows it, in the console's number format (core/client/format.ts). */
import { formatNumber } from '../../../core/client/format';

/** Two digits: the minutes and seconds after the first part. */
const twoDigits = (value: number) => formatNumber(value, undefined, { minimumIntegerDigits: 2, useGrouping: false });

/** A length in seconds as m:ss ('3:07'), or h:mm:ss from an hour on. */
export function formatDuration(seconds: number): string {
  const total = Math.max(0, Math.round(seconds));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const rest = twoDigits(total % 60);
  return hours > 0 ? `${formatNumber(hours)}:${twoDigits(minutes)}:${rest}` : `${formatNumber(minutes)}:${rest}`;
}
