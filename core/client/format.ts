/**
 * One locale per console (issue 30, point 7): every number, percentage, date, time and relative
 * time the console writes goes through here, in the console's language, the language its words are
 * in (core/client/words.ts): the user's choice on the profile page, else the browser's language
 * (docs/decisions/0055-one-language-one-set-of-numbers.md, which replaces 0036's fallback to the
 * publisher's language).
 *
 * Patterns stay the spec's ('D MMMM' in lists, 'DD MMMM YYYY' on cards, the cancellation table's
 * 'dddd, MMMM Do HH:mm, YYYY'), written here in date-fns tokens; the month and day names are the
 * language's. Numbers, percentages, times and relative times come from Intl, so the top bar's
 * notifications need no date library (import only what you use: the date-fns locales stay out of
 * a chunk that takes no pattern).
 *
 * Plain functions take the language as their last argument, the console's language when left out
 * (read once, as they run); `useFormat()` binds them to it in a component and re-renders on a change.
 */
import { atom, useAtomValue } from 'jotai';
import { atomWithStorage, createJSONStorage } from 'jotai/utils';
import { store } from './stores';

/** The languages the console writes in. */
export const consoleLangs = ['tr', 'en'] as const;
export type ConsoleLang = (typeof consoleLangs)[number];

/** A language code ('tr', 'en-GB', 'EN') as one the console writes in, or null. */
export function consoleLangOf(code: string | null | undefined): ConsoleLang | null {
  const base = (code ?? '').toLowerCase().split(/[-_]/)[0];
  return (consoleLangs as readonly string[]).includes(base) ? (base as ConsoleLang) : null;
}

/** The Intl locale of a console language. */
export const intlLocale: Record<ConsoleLang, string> = { tr: 'tr-TR', en: 'en-US' };
export type DateInput = Date | string | number;

// ---- numbers -------------------------------------------------------------------------------

const numberFormats = new Map<string, Intl.NumberFormat>();
function numberFormat(lang: ConsoleLang, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const key = `${lang}:${JSON.stringify(options)}`;
  let made = numberFormats.get(key);
  if (!made) numberFormats.set(key, (made = new Intl.NumberFormat(intlLocale[lang], options)));
  return made;
}

/** A count or amount: '4.000' in Turkish, '4,000' in English. */
export function formatNumber(value: number, lang: ConsoleLang = currentLang(), options?: Intl.NumberFormatOptions): string {
  return numberFormat(lang, options).format(value);
}

/** A ratio (0.125) as a percentage: '%12,5' in Turkish, '12.5%' in English; up to `digits` decimals. */
export function formatPercent(ratio: number, lang: ConsoleLang = currentLang(), digits = 1): string {
  return numberFormat(lang, { style: 'percent', maximumFractionDigits: digits }).format(ratio);
}

// ---- dates and times -----------------------------------------------------------------------

const dayMonthFormats = new Map<string, Intl.DateTimeFormat>();
/** A date's day, month name and, when asked, year through Intl alone, in the order the spec writes them. */
function writeDay(value: DateInput | null | undefined, lang: ConsoleLang, year: boolean): string {
  const date = toDateLight(value);
  if (!date) return '';
  const key = `${lang}|${year}`;
  let made = dayMonthFormats.get(key);
  if (!made)
    dayMonthFormats.set(key, (made = new Intl.DateTimeFormat(intlLocale[lang], { day: 'numeric', month: 'long', ...(year ? { year: 'numeric' } : {}) })));
  const parts = made.formatToParts(date);
  const part = (type: string) => parts.find((one) => one.type === type)?.value ?? '';
  return year ? `${part('day')} ${part('month')} ${part('year')}` : `${part('day')} ${part('month')}`;
}

/**
 * The lists' 'D MMMM' through Intl alone ('22 Kasım', '22 November'), for the light first screens
 * (the dashboard's panels) that load no date library: the same text as `listDate`.
 */
export function dayMonth(value: DateInput | null | undefined, lang: ConsoleLang = currentLang()): string {
  return writeDay(value, lang, false);
}

/** 'D MMMM YYYY' through Intl alone ('22 Kasım 2026', '22 November 2026'), for the first screens' cards (a guide's date). */
export function dayMonthYear(value: DateInput | null | undefined, lang: ConsoleLang = currentLang()): string {
  return writeDay(value, lang, true);
}

/** `toDate` without date-fns (no 'YYYY-MM-DD HH:mm:ss'): a Date, an ISO string or ms. */
function toDateLight(value: DateInput | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

const timeFormats = new Map<ConsoleLang, Intl.DateTimeFormat>();
/** A time of day, 24-hour in both languages (the spec's HH:mm): '12:41', never '12:41 PM'. */
export function formatTime(value: DateInput | null | undefined, lang: ConsoleLang = currentLang()): string {
  const date = toDateLight(value);
  if (!date) return '';
  let made = timeFormats.get(lang);
  if (!made) timeFormats.set(lang, (made = new Intl.DateTimeFormat(intlLocale[lang], { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })));
  return made.format(date);
}

const relativeSteps: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 31_536_000],
  ['month', 2_592_000],
  ['week', 604_800],
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
  ['second', 1],
];
const relativeFormats = new Map<ConsoleLang, Intl.RelativeTimeFormat>();

/** How long ago (or in how long) a time is: '3 saat önce', '3 hours ago', 'dün', 'yesterday'. */
export function relativeTime(value: DateInput | null | undefined, lang: ConsoleLang = currentLang(), now: number = Date.now()): string {
  const date = toDateLight(value);
  if (!date) return '';
  let made = relativeFormats.get(lang);
  if (!made) relativeFormats.set(lang, (made = new Intl.RelativeTimeFormat(intlLocale[lang], { numeric: 'auto' })));
  const seconds = Math.round((date.getTime() - now) / 1000);
  const [unit, size] = relativeSteps.find(([, length]) => Math.abs(seconds) >= length) ?? ['second', 1];
  return made.format(Math.round(seconds / size), unit);
}

// ---- the console's language -----------------------------------------------------------------

/** The user's own choice (profile page), kept in this browser; null follows the browser. */
export const langSettingAtom = atomWithStorage<ConsoleLang | null>(
  'console-lang',
  null,
  createJSONStorage<ConsoleLang | null>(() => localStorage),
  { getOnInit: true },
);

/**
 * The browser's first language the console has words for (navigator.languages in order), else
 * English, the language of the spec's texts.
 */
export function browserLang(): ConsoleLang {
  const wanted = typeof navigator === 'undefined' ? [] : navigator.languages?.length ? navigator.languages : [navigator.language];
  for (const code of wanted) {
    const lang = consoleLangOf(code);
    if (lang) return lang;
  }
  return 'en';
}

/** The console's language: the user's choice in this browser, else the browser's language. */
export const consoleLangAtom = atom<ConsoleLang>((get) => {
  // Local storage answers at once (getOnInit), never with a promise.
  return consoleLangOf(get(langSettingAtom) as ConsoleLang | null) ?? browserLang();
});

/** The console's language now, outside a component. */
export function currentLang(): ConsoleLang {
  return store.get(consoleLangAtom);
}

/** The console's language in a component. */
export const useConsoleLang = () => useAtomValue(consoleLangAtom);
