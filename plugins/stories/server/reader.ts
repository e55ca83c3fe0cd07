/**
 * What a reader gets of a story's body, wherever the body goes: its page, the page and
 * e-mail, the audio. A premium story gives its teaser and the premium notice, with the
 * button to its newsletter's plans when they are offered, unless the reader pays for it
 * (premium-access.ts); every other story gives its body, sanitized.
 */
import { sanitizeRichText } from '../../../core/server/sanitize';
import { constants } from '../../../core/shared/config';
import { escapeHtml } from '../../../core/shared/text';
import { premiumTeaserHtml } from '../teaser';
import { readerText } from './reader-words';

export interface ReaderAccess {
  /** The reader pays for the story's newsletter: a premium story is given whole. */
  whole?: boolean;
  /** Where a reader who does not pay subscribes (an absolute address in an e-mail). */
  offer?: string | null;
}

/**
 * The story's body as this reader gets it (HTML, safe to show), a premium story's notice in the
 * newsletter's language `lang` (a new newsletter's default where the caller has none: the audio).
 */
export function readerHtml(story: { is_premium: boolean }, html: string, access: ReaderAccess = {}, lang = constants.design.langs[0]!): string {
  if (!story.is_premium || access.whole) return sanitizeRichText(html);
  const offer = access.offer && readerText(lang, 'Subscribe to read it all');
  const button = offer ? `\n<p class="premium-offer"><a class="button" href="${escapeHtml(access.offer!)}">${escapeHtml(offer)}</a></p>` : '';
  return `${premiumTeaserHtml(html, readerText(lang, 'This story is for subscribers only.'))}${button}`;
}
