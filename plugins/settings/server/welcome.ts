/** A newsletter's welcome issue as it is stored: subject and preview trimmed, the intro sanitized, its text and the slug derived. */
import { sanitizeRichText } from '../../../core/server/sanitize';
import { htmlToText, slugify } from '../../../core/shared/text';
import type { WelcomeIssue } from './defaults';

export function storedWelcome(welcome: { subject: string; preview: string; intro: { html: string } }): WelcomeIssue {
  const html = sanitizeRichText(welcome.intro.html);
  const subject = welcome.subject.trim();
  return { subject, preview: welcome.preview.trim(), slug: slugify(subject), intro: { html, text: htmlToText(html) } };
}
