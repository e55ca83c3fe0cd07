/** A story's body as it is stored: sanitized HTML, its text, a summary and the reading time. */
import { sanitizeRichText } from '../../../core/server/sanitize';
import { constants } from '../../../core/shared/config';
import { cutText, htmlToText } from '../../../core/shared/text';

export interface StoredBody {
  body_html: string;
  body_text: string;
  summary: string;
  reading_time_ms: number;
}

/** The text cut at a word break before `max` characters, with an ellipsis when cut. */
export function summaryOf(text: string, max = constants.stories.summaryChars): string {
  if (text.length <= max) return text;
  const cut = cutText(text, max);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}

export function storedBody(html: string): StoredBody {
  const clean = sanitizeRichText(html);
  const text = htmlToText(clean);
  const words = text ? text.split(/\s+/).length : 0;
  return {
    body_html: clean,
    body_text: text,
    summary: summaryOf(text),
    reading_time_ms: Math.round((words / constants.stories.wordsPerMinute) * 60_000),
  };
}
