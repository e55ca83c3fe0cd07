/**
 * What a premium story shows to whoever does not pay for it, on both sides: its teaser and the
 * premium notice. The server puts it wherever the story's body goes public (its page, the issue's
 * page and e-mail, the audio: server/reader.ts); the console's issue audio reads it too.
 */
import { escapeHtml, htmlToText } from '../../core/shared/text';

/**
 * The notice in Turkish, the language of the console's issue audio; the server says it in the
 * newsletter's language (server/reader-words.ts).
 */
export const premiumNotice = 'Bu yazı abonelere özeldir.';
const teaserMax = 200;

/**
 * A premium story's teaser, never the whole of it: its first paragraph when others follow (up to
 * about 200 characters), else its first words up to half of its text (a bullet is one paragraph).
 */
export function teaserOf(html: string): string {
  const paragraphs = html.match(/<p[\s>][\s\S]*?<\/p>/gi) ?? [];
  const first = htmlToText(paragraphs[0] ?? '');
  if (first && paragraphs.length > 1 && first.length <= teaserMax) return first;
  const text = htmlToText(html);
  if (!text) return '';
  const limit = Math.min(teaserMax, Math.floor(text.length / 2));
  const cut = text.slice(0, limit);
  const space = cut.lastIndexOf(' ');
  return `${cut.slice(0, space > 0 ? space : limit).replace(/[\s.,;:]+$/, '')}…`;
}

/** The teaser and the notice as HTML (every text escaped), in place of a premium story's body. */
export function premiumTeaserHtml(html: string, notice = premiumNotice): string {
  return `<p class="teaser">${escapeHtml(teaserOf(html))}</p>\n<p class="premium"><strong>${escapeHtml(notice)}</strong></p>`;
}
