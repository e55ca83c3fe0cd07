/** How newsletter lists write counts and dates (dates: constants.dates, Turkish). */
import { format } from 'date-fns';
import { tr } from 'date-fns/locale';
import { constants } from '../../../core/shared/config';

const counts = new Intl.NumberFormat('tr-TR');

export const subscriberCount = (count: number) => `${counts.format(count)} ${count === 1 ? 'subscriber' : 'subscribers'}`;
export const listDate = (value: string) => format(new Date(value), constants.dates.list, { locale: tr });
