/**
 * The console's two languages in the journeys (issue 55, point 1): the Turkish words of every part
 * (the same catalogs the console loads), and a scan of a screen's rendered text for a word, a month
 * or a number format of the other language.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import type { Page } from '@playwright/test';

export type Lang = 'en' | 'tr';

const root = join(import.meta.dirname, '..', '..');

/** English → Turkish, every part's words together (tests/e2e/turkish-words.ts). */
export const turkish = JSON.parse(
  execFileSync(join(root, 'node_modules/.bin/tsx'), [join(import.meta.dirname, 'turkish-words.ts')], { cwd: root, encoding: 'utf8' }),
) as Record<string, string>;

/** The console's text in the language: `say('tr', 'Save')` is what a Turkish console writes for it. */
export function say(lang: Lang, text: string, values: Record<string, string | number> = {}): string {
  const words = lang === 'tr' ? (turkish[text] ?? text) : text;
  return words.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A whole text in either language, for a step both consoles take (the router's way between screens). */
export const inEither = (text: string) => new RegExp(`^(${escape(text)}|${escape(say('tr', text))})$`);

const months = {
  en: 'January|February|March|April|May|June|July|August|September|October|November|December',
  tr: 'Ocak|Şubat|Mart|Nisan|Mayıs|Haziran|Temmuz|Ağustos|Eylül|Ekim|Kasım|Aralık',
};
const days = {
  en: 'Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday',
  tr: 'Pazartesi|Salı|Çarşamba|Perşembe|Cuma|Cumartesi|Pazar',
};

/** A whole word of `words` ('a|b'): letters of any alphabet bound it, so 'Edit' is not found in 'Editör'. */
const word = (words: string, flags = '') => new RegExp(`(?<![\\p{L}\\d])(${words})(?![\\p{L}\\d])`, `u${flags}`);

interface Rule {
  what: string;
  pattern: RegExp;
  /**
   * A date or a time written by the console stands in a text of its own, or after a label in
   * capitals ('SCHEDULED · 04 May 2031'); one inside a sentence of lower-case words is someone's
   * title ('Haftanın özeti — 12 Kasım'), which is theirs to write.
   */
  alone?: boolean;
}

/** What the other language's console would write: when the console is `lang`, these are foreign. */
const foreignFormats: Record<Lang, Rule[]> = {
  // In the English console: Turkish formats.
  en: [
    { what: 'a Turkish date', pattern: new RegExp(`\\d{1,2} (${months.tr})(?![\\p{L}])|(?<![\\p{L}])(${months.tr}) \\d{4}`, 'u'), alone: true },
    { what: 'a Turkish day name', pattern: word(days.tr), alone: true },
    { what: 'a Turkish relative time', pattern: /\d+ (saniye|dakika|saat|gün|hafta|ay|yıl) (önce|sonra)(?![\p{L}])|^(şimdi|dün|yarın)$/u },
    { what: 'a Turkish percentage', pattern: /%\d/ },
    { what: 'a decimal comma', pattern: /\d,\d{1,2}(?!\d)/ },
    { what: 'a thousands dot', pattern: /(^|[^\d.])\d{1,3}(\.\d{3})+(?![\d.])/ },
  ],
  // In the Turkish console: English formats.
  tr: [
    { what: 'an English date', pattern: word(`(${months.en}) \\d{1,2}|\\d{1,2} (${months.en})|(${months.en}) \\d{4}`), alone: true },
    { what: 'an English day name', pattern: word(days.en) },
    {
      what: 'an English relative time',
      pattern: word('\\d+ (seconds?|minutes?|hours?|days?|weeks?|months?|years?) ago|in \\d+ (minutes?|hours?|days?)|yesterday|tomorrow|just now', 'i'),
    },
    { what: 'an English time of day', pattern: /\d{1,2}:\d{2} ?(AM|PM)\b/ },
    { what: 'an English percentage', pattern: /\d%/ },
    { what: 'a decimal point', pattern: /(^|[^\d.])\d+\.\d{1,2}(?![\d.’'])/ },
    { what: 'a thousands comma', pattern: /\d,\d{3}(?!\d)/ },
  ],
};

/**
 * Common words of the English interface that a Turkish console never shows on its own (the
 * console's words not yet put through `t` would show them). Names of products stay (Stripe, Ghost).
 */
const englishWords = word(
  'Save|Saved|Cancel|Delete|Edit|Add|Create|Search|Settings|Upload|Download|Close|Back|Next|Loading|Issues?|Stories|Story|Subscribers?|Analytics|Newsletters?|Publisher|Publish|Schedule|Preview|Title|Description|Error|Select|Choose|Remove|Open|Clicks?|Opens?|Total|Today|Yesterday|Draft|Ready|Published|Sent|Send|Recordings?|Episodes?|Images?|Collections?|Team|Profile|Password|Language|Name|Date|Status|Type|Show|Hide|More|None|All|New|the|and|your|with|for|from|this|that|is|are|not|of|to',
);

/** Whether what is left of a text without the match has no word in small letters (a label in capitals may stay). */
const standsAlone = (text: string, pattern: RegExp) => !/\p{Ll}{2,}/u.test(text.replace(pattern, ' '));

export interface ForeignText {
  what: string;
  text: string;
}

/**
 * The rendered text of the screen a person reads or hears (text, placeholders, accessible names
 * and titles), without what people wrote (the editors' content, previews in frames, fields' values,
 * anything marked translate="no"), scanned for the other language's words and formats.
 */
export async function foreignTexts(page: Page, lang: Lang): Promise<ForeignText[]> {
  const otherWords =
    lang === 'en'
      ? new Set(Object.values(turkish).filter((value) => !Object.hasOwn(turkish, value)))
      : new Set(Object.keys(turkish).filter((key) => turkish[key] !== key));
  const texts = await page.evaluate(() => {
    // What people wrote (marked data-content: a card's title and text), and what is marked as written in another language (a Turkish guide in an English console).
    const console = document.documentElement.lang;
    const skip = `.ck-content, .ck-editor__editable, [contenteditable=true], [translate=no], iframe, script, style, code, pre, textarea, [data-content], body [lang]:not([lang|="${console}"])`;
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      const text = node.textContent?.trim();
      if (!parent || !text || parent.closest(skip)) continue;
      const style = getComputedStyle(parent);
      if (style.display === 'none' || style.visibility === 'hidden' || parent.closest('[aria-hidden=true]')) continue;
      found.push(text);
    }
    for (const element of document.querySelectorAll<HTMLElement>('[placeholder], [aria-label], [title]')) {
      if (element.closest(skip)) continue;
      for (const name of ['placeholder', 'aria-label', 'title']) {
        const value = element.getAttribute(name)?.trim();
        if (value) found.push(value);
      }
    }
    return found;
  });
  const foreign: ForeignText[] = [];
  for (const text of new Set(texts)) {
    if (otherWords.has(text)) foreign.push({ what: lang === 'en' ? 'a Turkish word of the console' : 'an English word of the console', text });
    for (const { what, pattern, alone } of foreignFormats[lang]) if (pattern.test(text) && (!alone || standsAlone(text, pattern))) foreign.push({ what, text });
    if (lang === 'tr' && englishWords.test(text)) foreign.push({ what: 'an English word', text });
  }
  return foreign;
}
