/**
 * The readers' words in their languages (issue 55 point 1; docs/decisions/0055-one-language-one-set-of-numbers.md):
 * what readers see, pages and e-mails, speaks the newsletter's language (a publisher's page: the
 * publisher's), as the console speaks its user's (core/client/words.ts, whose shape this mirrors).
 *
 * The English text is the key: `readerText(newsletter.lang, 'Subscribe')` gives it in the
 * newsletter's language. Each part keeps its Turkish beside its code (`core/server/reader-words.tr.ts`,
 * `plugins/<name>/server/reader-words.tr.ts`, a default export of English → Turkish) and binds its
 * own `readerText` with `readerWords(...)`; a part's words fall back to the core's, so a text the
 * core has ('Subscribe') is not written again in a part. A language without words, and a text
 * without its translation, read English.
 *
 * Placeholders are `{name}`; numbers, prices and dates are written by the helpers below in the
 * same language, so that a page never says its words in one language and its figures in another.
 */
import { constants } from '../shared/config';
import coreTurkish from './reader-words.tr';

/** The languages readers are written to; English is the keys, and every other language falls back to it. */
export const readerLangs = ['en', 'tr'] as const;
export type ReaderLang = (typeof readerLangs)[number];

/** English → the language's words, for one part. */
export type ReaderWords = Readonly<Record<string, string>>;
export type ReaderValues = Readonly<Record<string, string | number>>;
/** A part's texts in a reader's language: `lang` is a newsletter's (or publisher's) language as stored ('tr', 'en', 'en-GB'). */
export type ReaderText = (lang: string, text: string, values?: ReaderValues) => string;

/** A stored language code as one readers are written to: its base when known, else English. */
export function readerLangOf(code: string | null | undefined): ReaderLang {
  const base = (code ?? '').toLowerCase().split(/[-_]/)[0];
  return (readerLangs as readonly string[]).includes(base ?? '') ? (base as ReaderLang) : 'en';
}

/** Fills `{name}` placeholders. */
function fill(text: string, values?: ReaderValues): string {
  if (!values) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

type Catalogs = Partial<Record<Exclude<ReaderLang, 'en'>, ReaderWords>>;

const coreWords: Catalogs = { tr: coreTurkish };

/** A part's `readerText`: its own words first, then the core's, else the English text itself. */
export function readerWords(words: Catalogs): ReaderText {
  return (lang, text, values) => {
    const target = readerLangOf(lang);
    const translated = target === 'en' ? undefined : (words[target]?.[text] ?? coreWords[target]?.[text]);
    return fill(translated ?? text, values);
  };
}

/** The core's reader texts (the pages' frame, the error pages). */
export const readerText = readerWords({});

/**
 * A publisher's language, for its own pages (a publisher has no language of its own): the one most
 * of its newsletters are written in, the first one's in the caller's order on a tie, and a new
 * newsletter's default language when it has none.
 */
export function publisherLang(newsletters: readonly { lang: string }[]): string {
  const counts = new Map<string, number>();
  for (const { lang } of newsletters) counts.set(lang, (counts.get(lang) ?? 0) + 1);
  let chosen = constants.design.langs[0]!;
  let most = 0;
  for (const [lang, count] of counts) if (count > most) [chosen, most] = [lang, count];
  return chosen;
}

// ---- numbers, prices and dates, in the reader's language -------------------------------------

/** The Intl locale of a reader language (the console's, core/client/format.ts). */
const intlLocale: Record<ReaderLang, string> = { tr: 'tr-TR', en: 'en-US' };
/** The day a reader page gives is the publishers' (the reader pages' dates have always been Istanbul's). */
const timeZone = 'Europe/Istanbul';

const formats = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => T): T {
  let made = formats.get(key) as T | undefined;
  if (!made) formats.set(key, (made = make()));
  return made;
}

/** A count or amount: '4.000' in Turkish, '4,000' in English. */
export function readerNumber(lang: string, value: number, options: Intl.NumberFormatOptions = {}): string {
  const target = readerLangOf(lang);
  return cached(`n:${target}:${JSON.stringify(options)}`, () => new Intl.NumberFormat(intlLocale[target], options)).format(value);
}

/** A ratio (0.17) as a whole percentage: '%17' in Turkish, '17%' in English. */
export const readerPercent = (lang: string, ratio: number) => readerNumber(lang, ratio, { style: 'percent', maximumFractionDigits: 0 });

/** A price in its currency's minor units (4900) with the currency's sign in every language: '₺49,00', '₺49.00'. */
export const readerMoney = (lang: string, minorUnits: number, currency: string) =>
  readerNumber(lang, minorUnits / 100, { style: 'currency', currency: currency.toUpperCase(), currencyDisplay: 'narrowSymbol' });

/** A day as the cards write it, 'DD MMMM YYYY' in both languages: '05 Aralık 2026', '05 December 2026'. */
export function readerDate(lang: string, value: Date): string {
  const target = readerLangOf(lang);
  const parts = cached(
    `d:${target}`,
    () => new Intl.DateTimeFormat(intlLocale[target], { day: '2-digit', month: 'long', year: 'numeric', timeZone }),
  ).formatToParts(value);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((one) => one.type === type)?.value ?? '';
  return `${part('day')} ${part('month')} ${part('year')}`;
}
