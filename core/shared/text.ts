/** Small text helpers shared by the console and the server. */

const turkishFold: Record<string, string> = { ç: 'c', ğ: 'g', ı: 'i', İ: 'i', ö: 'o', ş: 's', ü: 'u', Ç: 'c', Ğ: 'g', Ö: 'o', Ş: 's', Ü: 'u' };

/** A URL slug: lower case ASCII words joined by hyphens, cut at the last hyphen under `max`. */
export function slugify(text: string, max = 64): string {
  const slug = text
    .replace(/[çğıİöşüÇĞÖŞÜ]/g, (char) => turkishFold[char] ?? char)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  if (slug.length <= max) return slug;
  const cut = slug.slice(0, max);
  const lastHyphen = cut.lastIndexOf('-');
  return lastHyphen > 0 ? cut.slice(0, lastHyphen) : cut;
}

/**
 * The first `max` UTF-16 units of a text, one fewer when the cut would split a surrogate pair (an
 * emoji, a letter outside the basic plane): half a pair is no character, and the request edge and
 * PostgreSQL's json refuse it.
 */
export function cutText(text: string, max: number): string {
  const cut = text.slice(0, Math.max(0, max));
  const last = cut.charCodeAt(cut.length - 1);
  return last >= 0xd800 && last <= 0xdbff ? cut.slice(0, -1) : cut;
}

/** The marker a bullet starts with: a new bullet story's body, and the rich-text editor's addCustomBullet. */
export const bulletMarker = '•';

/** Initials of a name for avatars: 'Ayşe Yılmaz' -> 'AY'. */
export function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]!.toLocaleUpperCase('tr'))
    .join('');
}

/** Greeting by hour, the spec's ranges: morning 5-11, afternoon 12-16, evening 17-21, night otherwise. */
export function partOfDay(hour: number): 'morning' | 'afternoon' | 'evening' | 'night' {
  if (hour >= 5 && hour <= 11) return 'morning';
  if (hour >= 12 && hour <= 16) return 'afternoon';
  if (hour >= 17 && hour <= 21) return 'evening';
  return 'night';
}

/** Text matched literally inside a regular expression. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Text made safe inside HTML (an element's content or a quoted attribute). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);
}

/** Text as XML 1.0 takes it: the characters it forbids left out, the rest escaped. */
export function escapeXml(value: string): string {
  return (
    value
      // eslint-disable-next-line no-control-regex -- these are the characters XML 1.0 does not allow at all
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&apos;')
  );
}

/** Where a block of rich text ends: a word break even when no space is written there. */
const blockEnd = /<(?:\/(?:p|h[1-6]|li|blockquote|figcaption)|br\s*\/?)>/gi;

/**
 * The plain text of rich text, as it is shown, searched and sent: block ends break words, tags go,
 * and the entities the editors and the sanitizer write (&nbsp; &lt; &gt; &amp;) become characters.
 * '<p>R&amp;D</p><p>Devam</p>' reads 'R&D Devam'.
 */
export function htmlToText(html: string): string {
  return html
    .replace(blockEnd, '$& ')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}
