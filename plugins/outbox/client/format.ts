/** How the outbox page writes dates (the spec's patterns, the console's language) and sizes. */
import { formatNumber } from '../../../core/client/format';
import { datePatterns, formatDate, listDate as consoleListDate } from '../../../core/client/format-dates';

/** A date as lists write it; nothing for a file without one. */
export const listDate = (value: string) => consoleListDate(value);
/** The message's own date, to the second: several messages often go out on one day. */
export const fullDate = (value: string) => formatDate(value, `${datePatterns.card} HH:mm:ss`);

export const byteSize = (bytes: number) => (bytes < 1024 ? `${bytes} B` : `${formatNumber(bytes / 1024, undefined, { maximumFractionDigits: 1 })} KB`);
