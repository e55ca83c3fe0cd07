/**
 * Rich text is sanitized before it is stored or shown on a public page: only the formats the
 * editors offer (paragraphs, headings 1 to 4, bold, italic, links, lists, rules, images) survive,
 * links only with http, https, ftp or mailto, and every link that opens a new window gets
 * rel="noopener noreferrer". Its text is `htmlToText` (core/shared/text.ts), the same on both sides.
 */
import sanitizeHtml from 'sanitize-html';

const options: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'h1',
    'h2',
    'h3',
    'h4',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'a',
    'ul',
    'ol',
    'li',
    'hr',
    'br',
    'blockquote',
    'figure',
    'figcaption',
    'img',
  ],
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    figure: ['class'],
  },
  allowedClasses: { figure: ['image'] },
  allowedSchemes: ['http', 'https', 'ftp', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  // Our own uploads are relative (/uploads/...).
  allowProtocolRelative: false,
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: attribs.target === '_blank' ? { ...attribs, rel: 'noopener noreferrer' } : attribs,
    }),
  },
};

export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, options);
}
