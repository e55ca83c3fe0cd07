/** How the outbox page writes dates (constants.dates, Turkish) and sizes. */
import { format } from 'date-fns';
import { tr } from 'date-fns/locale';
import { constants } from '../../../core/shared/config';

/** A date as `pattern`; nothing for a file without one (date-fns throws on an invalid date). */
const dateAs = (pattern: string) => (value: string) => (Number.isNaN(Date.parse(value)) ? '' : format(new Date(value), pattern, { locale: tr }));

export const listDate = dateAs(constants.dates.list);
/** The message's own date, to the second: several messages often go out on one day. */
export const fullDate = dateAs(`${constants.dates.card} HH:mm:ss`);

const kilobytes = new Intl.NumberFormat('tr-TR', { maximumFractionDigits: 1 });

export const byteSize = (bytes: number) => (bytes < 1024 ? `${bytes} B` : `${kilobytes.format(bytes / 1024)} KB`);
