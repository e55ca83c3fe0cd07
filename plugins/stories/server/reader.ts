/**
 * What a reader who does not pay gets of a story's body, wherever the body goes: its page, the
 * issue's page and e-mail, the audio. A premium story gives its teaser and the premium
 * notice, never its body; every other story gives its body, sanitized.
 */
import { sanitizeRichText } from '../../../core/server/sanitize';
import { premiumTeaserHtml } from '../teaser';

/** The story's body as a reader without a subscription gets it (HTML, safe to show). */
export function readerHtml(story: { is_premium: boolean }, html: string): string {
  return story.is_premium ? premiumTeaserHtml(html) : sanitizeRichText(html);
}
