/**
 * Rich text as the plain-text part of an e-mail reads it: a paragraph, heading, quote, list item,
 * custom button or embed each on its own, separated by a blank line as the HTML part separates
 * them; a list item led by a bullet (or its number in an ordered list); every link's address after
 * its text, a button's after its label and an embed's after its picture's description, made
 * absolute with PUBLIC_URL. The same text an issue's reader and a newsletter's message's reader get.
 */
import { sanitizeRichText } from '../sanitize';
import { htmlToText } from '../../shared/text';
import { absoluteUrl } from './newsletter-email';

/** Where a paragraph of the plain text ends. */
const blockEnd = /<\/(?:p|h[1-6]|li|blockquote|div|figure|pre|ul|ol)>/gi;

/** A line break inside a paragraph: a character of private use, which htmlToText keeps while it makes every space one. */
const lineBreak = '\uE000';

/** Each list item marked: a bullet in a bulleted list, its number in an ordered one. */
function markListItems(html: string): string {
  let out = '';
  const lists: { ordered: boolean; count: number }[] = [];
  let from = 0;
  for (const match of html.matchAll(/<(\/?)(ul|ol|li)\b[^>]*>/gi)) {
    out += html.slice(from, match.index);
    from = match.index + match[0].length;
    const [tag, closing, name] = [match[0], match[1] === '/', match[2]!.toLowerCase()];
    if (name !== 'li') {
      if (closing) lists.pop();
      else lists.push({ ordered: name === 'ol', count: 0 });
      out += tag;
    } else if (closing) out += tag;
    else {
      const list = lists.at(-1);
      out += `${tag}${list?.ordered ? `${++list.count}. ` : '• '}`;
    }
  }
  return out + html.slice(from);
}

/** A link's text: its words, or the description of the picture it is. */
function linkLabel(inner: string): string {
  const words = htmlToText(inner);
  if (words) return words;
  const alt = /<img\b[^>]*?\salt="([^"]*)"/i.exec(inner)?.[1] ?? '';
  return htmlToText(alt.replace(/&quot;/g, '"').replace(/&apos;|&#39;/g, "'"));
}

/** Text written back as HTML's text, for htmlToText to read once more. */
const asHtmlText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/** The paragraphs of sanitized rich text, as plain text. */
export function plainParagraphs(html: string, publicUrl: string): string[] {
  return markListItems(sanitizeRichText(html))
    .replace(/<br\s*\/?>/gi, lineBreak)
    .replace(/<a\b[^>]*?\shref="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, (_whole, href: string, inner: string) => {
      const url = absoluteUrl(href.replace(/&amp;/g, '&'), publicUrl);
      const label = linkLabel(inner);
      if (!url || label === url) return asHtmlText(label);
      return label ? `${asHtmlText(label)} (${asHtmlText(url)})` : asHtmlText(url);
    })
    .split(blockEnd)
    .map((paragraph) =>
      htmlToText(paragraph)
        .replace(/\s*\uE000\s*/g, '\n')
        .trim(),
    )
    .filter(Boolean);
}

/** Rich text as plain text: its paragraphs separated by a blank line. */
export function plainText(html: string, publicUrl: string): string {
  return plainParagraphs(html, publicUrl).join('\n\n');
}
