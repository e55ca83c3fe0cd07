/**
 * The console's words in its languages (issue 55, point 1; docs/decisions/0055-one-language-one-set-of-numbers.md).
 *
 * The English text is the key: the spec's texts stay verbatim in the code, and `t('Save')` gives
 * them in the console's language. Each part keeps its Turkish words beside its code
 * (`core/client/words.tr.ts`, `plugins/<name>/client/words.tr.ts`, a default export of
 * English → Turkish); they load as one chunk only when the console is Turkish, before the console
 * draws, so an English console carries none of them.
 *
 * Placeholders are `{name}`: `t('Send to {count} subscribers', { count: formatNumber(n) })`;
 * numbers and dates are formatted by the caller (core/client/format.ts), in the same language.
 *
 * `t` reads the console's language as it runs: call it while drawing or in a handler, never at a
 * module's top level (that would freeze one language); a list defined at the top level keeps its
 * English and is put through `t` where it is shown. The console is drawn again from its root when
 * the language changes (main.tsx), so no component has to subscribe.
 */
import { currentLang, type ConsoleLang } from './format';

/** English → the language's words, for one part of the console. */
export type Words = Readonly<Record<string, string>>;

const catalogs = new Map<ConsoleLang, Record<string, string>>([['en', {}]]);

/** Each language's words but English's (the keys): every part's together, in a chunk of their own. */
const sources: Partial<Record<ConsoleLang, () => Promise<{ default: Words }>>> = {
  tr: () => import('./turkish-words'),
};

/** Loads the language's words once (English has none to load). */
export async function loadWords(lang: ConsoleLang): Promise<void> {
  if (catalogs.has(lang)) return;
  const load = sources[lang];
  catalogs.set(lang, load ? { ...(await load()).default } : {});
}

/** Whether the language's words are loaded (the console waits for them before drawing). */
export const wordsLoaded = (lang: ConsoleLang) => catalogs.has(lang);

/** Fills `{name}` placeholders. */
function fill(text: string, values?: Readonly<Record<string, string | number>>): string {
  if (!values) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/**
 * The text in the console's language: its translation when the language has one, else the text
 * itself (English, a name, a server text the console has no words for).
 */
export function t(text: string, values?: Readonly<Record<string, string | number>>, lang: ConsoleLang = currentLang()): string {
  const words = catalogs.get(lang);
  return fill(words?.[text] ?? text, values);
}

/** `t` for a text that may be missing (a server's message, an optional label). */
export function tMaybe(text: string | undefined, values?: Readonly<Record<string, string | number>>): string | undefined {
  return text === undefined ? undefined : t(text, values);
}
