/**
 * The console's dates in the spec's patterns (date-fns tokens, the language's month and day names)
 * and the formatters bound to the console's language (`useFormat`). Apart from format.ts, whose
 * numbers, times and relative times are Intl's alone: date-fns and its locales load only with the
 * screens that write a pattern, not with the first screen after sign-in (design.md section 6).
 */
import { format as formatPattern, isValid, parse } from 'date-fns';
import { enUS, tr } from 'date-fns/locale';
import { constants } from '../shared/config';
import { currentLang, formatNumber, formatPercent, formatTime, relativeTime, useConsoleLang, type ConsoleLang, type DateInput } from './format';

/** The date-fns locale of a console language. */
const dateLocales = { tr, en: enUS };
export const dateLocale = (lang: ConsoleLang) => dateLocales[lang];

/** The spec's date patterns, in date-fns tokens. */
export const datePatterns = {
  /** 'D MMMM' (lists): '26 Kasım', '26 November'. */
  list: constants.dates.list,
  /** 'DD MMMM YYYY' (cards): '26 Kasım 2026'. */
  card: constants.dates.card,
  /** The cancellation table's 'dddd, MMMM Do HH:mm, YYYY'. */
  cancellation: 'EEEE, MMMM do HH:mm, yyyy',
  /** The analytics answers' own format, 'YYYY-MM-DD HH:mm:ss' (spec 002 section 3). */
  answer: 'yyyy-MM-dd HH:mm:ss',
} as const;

/**
 * A date from a Date, an ISO string, the analytics answers' 'YYYY-MM-DD HH:mm:ss' (UTC, as the
 * server writes it: shown in the reader's time) or a time in ms; null when it is none.
 */
export function toDate(value: DateInput | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  if (value instanceof Date) return isValid(value) ? value : null;
  if (typeof value === 'number') return Number.isFinite(value) ? new Date(value) : null;
  const answer = parse(value, datePatterns.answer, new Date(0));
  if (isValid(answer))
    return new Date(Date.UTC(answer.getFullYear(), answer.getMonth(), answer.getDate(), answer.getHours(), answer.getMinutes(), answer.getSeconds()));
  const parsed = new Date(value);
  return isValid(parsed) ? parsed : null;
}

/** A date in a date-fns pattern (one of `datePatterns`), with the language's month and day names; '' for no date. */
export function formatDate(value: DateInput | null | undefined, pattern: string, lang: ConsoleLang = currentLang()): string {
  const date = toDate(value);
  return date ? formatPattern(date, pattern, { locale: dateLocale(lang) }) : '';
}

/** 'D MMMM', as lists write dates. */
export const listDate = (value: DateInput | null | undefined, lang: ConsoleLang = currentLang()) => formatDate(value, datePatterns.list, lang);
/** 'DD MMMM YYYY', as cards write dates. */
export const cardDate = (value: DateInput | null | undefined, lang: ConsoleLang = currentLang()) => formatDate(value, datePatterns.card, lang);

/**
 * A calendar's month and day names in the language (days from Sunday, as date pickers take them):
 * spread over the picker's own strings, so that a Turkish console's calendar says 'Kasım'.
 */
export function calendarNames(lang: ConsoleLang = currentLang()): { months: string[]; shortMonths: string[]; days: string[]; shortDays: string[] } {
  const names = (count: number, dateOf: (index: number) => Date, pattern: string) =>
    Array.from({ length: count }, (_, index) => formatDate(dateOf(index), pattern, lang));
  const month = (index: number) => new Date(2026, index, 1);
  // 4 January 2026 is a Sunday.
  const day = (index: number) => new Date(2026, 0, 4 + index);
  return { months: names(12, month, 'LLLL'), shortMonths: names(12, month, 'LLL'), days: names(7, day, 'EEEE'), shortDays: names(7, day, 'EEEEE') };
}

/** A card date and its time: '26 Kasım 2026 12:41'. */
export const formatDateTime = (value: DateInput | null | undefined, lang: ConsoleLang = currentLang()) => {
  const date = toDate(value);
  return date ? `${cardDate(date, lang)} ${formatTime(date, lang)}` : '';
};

/** Every formatter, bound to the console's language. */
export function formatters(lang: ConsoleLang) {
  return {
    lang,
    locale: dateLocale(lang),
    number: (value: number, options?: Intl.NumberFormatOptions) => formatNumber(value, lang, options),
    percent: (ratio: number, digits?: number) => formatPercent(ratio, lang, digits),
    date: (value: DateInput | null | undefined, pattern: string) => formatDate(value, pattern, lang),
    listDate: (value: DateInput | null | undefined) => listDate(value, lang),
    cardDate: (value: DateInput | null | undefined) => cardDate(value, lang),
    time: (value: DateInput | null | undefined) => formatTime(value, lang),
    dateTime: (value: DateInput | null | undefined) => formatDateTime(value, lang),
    relative: (value: DateInput | null | undefined, now?: number) => relativeTime(value, lang, now),
  };
}
export type Formatters = ReturnType<typeof formatters>;

const bound = new Map<ConsoleLang, Formatters>();
/** The formatters in the console's language: `const f = useFormat(); f.cardDate(issue.createdAt)`. */
export function useFormat(): Formatters {
  const lang = useConsoleLang();
  let made = bound.get(lang);
  if (!made) bound.set(lang, (made = formatters(lang)));
  return made;
}
