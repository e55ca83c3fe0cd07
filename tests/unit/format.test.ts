// @vitest-environment happy-dom
/**
 * The console's formatting module (issue 30, point 7) in both languages: the spec's patterns with
 * the language's month and day names, Intl numbers, 24-hour times and relative times, and the
 * console's language from the user's choice, else the browser's (decision 0055).
 */
import { createStore } from 'jotai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  consoleLangAtom,
  consoleLangOf,
  dayMonth,
  dayMonthYear,
  formatNumber,
  formatPercent,
  formatTime,
  langSettingAtom,
  relativeTime,
} from '../../core/client/format';
import { calendarNames, cardDate, datePatterns, formatDate, formatDateTime, formatters, listDate, toDate } from '../../core/client/format-dates';
import { scopesAtom } from '../../core/client/stores';

// 26 November 2026, a Thursday, 12:41:05 local time.
const when = new Date(2026, 10, 26, 12, 41, 5);

describe('dates in the spec patterns', () => {
  it("writes lists' 'D MMMM' and cards' 'DD MMMM YYYY' with the language's month names", () => {
    expect(listDate(when, 'tr')).toBe('26 Kasım');
    expect(listDate(when, 'en')).toBe('26 November');
    expect(cardDate(when, 'tr')).toBe('26 Kasım 2026');
    expect(cardDate(new Date(2026, 1, 3), 'en')).toBe('03 February 2026');
  });

  it("writes the cancellation table's 'dddd, MMMM Do HH:mm, YYYY' in the language", () => {
    expect(formatDate(when, datePatterns.cancellation, 'en')).toBe('Thursday, November 26th 12:41, 2026');
    expect(formatDate(when, datePatterns.cancellation, 'tr')).toBe('Perşembe, Kasım 26. 12:41, 2026');
  });

  it("reads the analytics answers' 'YYYY-MM-DD HH:mm:ss' (UTC), ISO strings and ms; nothing for no date", () => {
    // The answers' times are UTC, shown in the reader's time.
    expect(toDate('2026-11-26 12:41:05')?.getTime()).toBe(Date.UTC(2026, 10, 26, 12, 41, 5));
    expect(toDate(when.toISOString())?.getTime()).toBe(when.getTime());
    expect(toDate(when.getTime())?.getTime()).toBe(when.getTime());
    expect(formatDate('not a date', datePatterns.card, 'tr')).toBe('');
    expect(cardDate(null, 'en')).toBe('');
  });

  it('writes times 24-hour in both languages, never 12:41 PM', () => {
    expect(formatTime(new Date(2026, 10, 26, 15, 7), 'tr')).toBe('15:07');
    expect(formatTime(new Date(2026, 10, 26, 15, 7), 'en')).toBe('15:07');
    expect(formatDateTime(when, 'tr')).toBe('26 Kasım 2026 12:41');
  });
});

describe('numbers and percentages', () => {
  it("groups digits as the language does: '4.000' in Turkish, '4,000' in English", () => {
    expect(formatNumber(4000, 'tr')).toBe('4.000');
    expect(formatNumber(4000, 'en')).toBe('4,000');
    expect(formatNumber(1234.5, 'tr', { maximumFractionDigits: 1 })).toBe('1.234,5');
  });

  it('writes percentages with the sign where the language puts it', () => {
    expect(formatPercent(0.125, 'tr')).toBe('%12,5');
    expect(formatPercent(0.125, 'en')).toBe('12.5%');
    expect(formatPercent(0, 'en')).toBe('0%');
  });
});

describe('relative times', () => {
  const now = when.getTime();
  it("says '3 hours ago' in the console's language", () => {
    expect(relativeTime(now - 3 * 3_600_000, 'en', now)).toBe('3 hours ago');
    expect(relativeTime(now - 3 * 3_600_000, 'tr', now)).toBe('3 saat önce');
    expect(relativeTime(now - 86_400_000, 'en', now)).toBe('yesterday');
    expect(relativeTime(now - 86_400_000, 'tr', now)).toBe('dün');
    expect(relativeTime(now + 5 * 60_000, 'en', now)).toBe('in 5 minutes');
  });
});

describe("the console's language", () => {
  const publisher = (lang: string) => ({ _id: 'p1', type: 'publisher' as const, title: 'P', image: '', lang });
  // The user's choice is kept in local storage ('console-lang'), which a new store reads.
  afterEach(() => {
    vi.restoreAllMocks();
    localStorage.removeItem('console-lang');
  });
  /** The console's language in a fresh store with no choice kept, in a browser whose languages are `languages`. */
  const consoleLangIn = (languages: string[], setUp: (store: ReturnType<typeof createStore>) => void = () => undefined) => {
    localStorage.removeItem('console-lang');
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(Object.freeze([...languages]));
    const store = createStore();
    setUp(store);
    return store.get(consoleLangAtom);
  };

  it("is the user's choice, else the browser's first language it has words for, else English, whatever the publisher's", () => {
    // The browser's languages in order: the first the console writes in.
    expect(consoleLangIn(['de-DE', 'tr-TR'])).toBe('tr');
    expect(consoleLangIn(['en-GB', 'tr-TR'])).toBe('en');
    expect(consoleLangIn(['tr'])).toBe('tr');
    // None the console writes in: English.
    expect(consoleLangIn(['de-DE'])).toBe('en');
    // The publisher's language is the readers', not the console's.
    expect(consoleLangIn(['de-DE'], (store) => store.set(scopesAtom, [publisher('tr')]))).toBe('en');
    expect(consoleLangIn(['tr-TR'], (store) => store.set(scopesAtom, [publisher('en')]))).toBe('tr');
    // The user's choice wins over the browser's, and going back to none follows the browser again.
    expect(consoleLangIn(['tr-TR'], (store) => store.set(langSettingAtom, 'en'))).toBe('en');
    expect(consoleLangIn(['en-US'], (store) => store.set(langSettingAtom, 'tr'))).toBe('tr');
    expect(
      consoleLangIn(['tr-TR'], (store) => {
        store.set(langSettingAtom, 'en');
        store.set(langSettingAtom, null);
      }),
    ).toBe('tr');
  });

  it('knows the codes it writes in', () => {
    expect(consoleLangOf('en-GB')).toBe('en');
    expect(consoleLangOf('TR')).toBe('tr');
    expect(consoleLangOf('de')).toBeNull();
    expect(consoleLangOf(undefined)).toBeNull();
  });

  it('binds every formatter to one language', () => {
    const en = formatters('en');
    expect([en.number(4000), en.listDate(when), en.relative(when.getTime() - 60_000, when.getTime())]).toEqual(['4,000', '26 November', '1 minute ago']);
    const tr = formatters('tr');
    expect([tr.number(4000), tr.listDate(when), tr.percent(0.5)]).toEqual(['4.000', '26 Kasım', '%50']);
  });
});

describe("the light lists' date", () => {
  it("writes 'D MMMM' through Intl as listDate does", () => {
    for (const lang of ['tr', 'en'] as const) expect(dayMonth(when, lang)).toBe(listDate(when, lang));
    expect(dayMonth('x', 'en')).toBe('');
  });

  it("writes 'D MMMM YYYY' through Intl as the date library does", () => {
    for (const lang of ['tr', 'en'] as const) expect(dayMonthYear(when, lang)).toBe(formatDate(when, 'd MMMM yyyy', lang));
    expect(dayMonthYear(when, 'tr')).toMatch(/^\d+ Kasım 2026$/);
  });
});

describe("the date pickers' calendar", () => {
  it("names the months and the days from Sunday in the console's language", () => {
    const tr = calendarNames('tr');
    expect(tr.months[10]).toBe('Kasım');
    expect(tr.shortMonths[0]).toBe('Oca');
    expect(tr.days[0]).toBe('Pazar');
    expect(tr.days[4]).toBe('Perşembe');
    expect(tr.shortDays).toHaveLength(7);
    const en = calendarNames('en');
    expect(en.months[10]).toBe('November');
    expect(en.days[0]).toBe('Sunday');
    expect(en.shortDays[1]).toBe('M');
  });
});
