/**
 * The server's texts in the console's language (issue 55, point 1). The server answers in English
 * (the spec's texts); the catalogs have their words. Most are fixed and go through `t` as they are;
 * a few carry a value (a role, a permission, a number of minutes) and are read by their pattern,
 * then written in the console's language with the values in place. Toasts show every text through
 * here (toasts.tsx).
 */
import { roleLabel } from './permissions';
import { t } from './words';

/**
 * The server's texts that carry a value, as patterns (the values in braces). Each one's words are
 * in the core's catalog (words.tr.ts); a text that matches one is shown as its pattern's words with
 * the values in place, so 'Your role (EDITOR) does not allow adding team members.' reads in Turkish
 * too. English, they read as the server wrote them.
 */
const serverPatterns = [
  'Your role ({role}) does not allow this: {permission} is required.',
  'Your role ({role}) does not allow adding team members.',
  'Your role ({role}) does not allow editing or removing team members.',
  'Your role ({role}) does not allow this: only the uploader or images.manage may change this image.',
  'Your role ({role}) does not allow this: only the uploader or recordings.manage may change this recording.',
  'Required role {required}, current role: {role}',
  'Too many attempts. Please try again in {count} minute.',
  'Too many attempts. Please try again in {count} minutes.',
  '{title} is on this server already.',
  "The file's {table} conflicts with what this server holds ({detail}).",
  'This file was made by Masthead {app}, which keeps data this server does not know: update this server first.',
  '"{name}" is larger than {size} MB.',
  "Line {line} of the file's {table} cannot be read.",
  "The file's {table} holds a row this server refuses ({detail}).",
] as const;

const escapeForPattern = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Reads texts that carry values by their patterns (each value named in braces, once): a text that
 * matches one is written as its pattern's words in the console's language, each value put through
 * `value` first; null when none matches. A plugin whose server writes such texts (an import's
 * report) reads them with its own patterns.
 */
export function patternReader(
  patterns: readonly string[],
  value: (name: string, text: string) => string = (_name, text) => text,
): (text: string) => string | null {
  const matchers = patterns.map((pattern) => ({
    pattern,
    matcher: new RegExp(
      `^${pattern
        .split(/(\{\w+\})/)
        .map((part) => (/^\{\w+\}$/.test(part) ? `(?<${part.slice(1, -1)}>.+?)` : escapeForPattern(part)))
        .join('')}$`,
      's',
    ),
  }));
  return (text) => {
    for (const { pattern, matcher } of matchers) {
      const values = matcher.exec(text)?.groups;
      if (values) return t(pattern, Object.fromEntries(Object.entries(values).map(([name, found]) => [name, value(name, found)])));
    }
    return null;
  };
}

/** A role in a server's text as the console names it: 'EDITOR' is 'EDİTÖR' in Turkish, and so is the spec's 'Admin'. */
function roleName(role: string): string {
  const named = roleLabel(role);
  // Where the language has no other word for it, the server's stays ('Admin' is still 'Admin' in English).
  return named === role.toUpperCase() ? role : named;
}

const readServerPattern = patternReader(serverPatterns, (name, found) => (name === 'role' || name === 'required' ? roleName(found) : found));

/**
 * A text in the console's language: a server's text that carries a value by its pattern, any other
 * (the console's own English, a server's fixed text) by the catalogs, else as it is.
 */
export function serverText(text: string): string {
  return readServerPattern(text) ?? t(text);
}
