/**
 * Rich text is sanitized before it is stored or shown on a public page: only the formats the
 * editors offer (paragraphs, headings 1 to 4, bold, italic, links, lists, rules, images, custom
 * buttons and embeds as core/shared/embeds.ts keeps them, an embed's card words cut to their lengths and its small
 * picture only at an http(s) or /uploads address) survive, links only with http, https,
 * ftp or mailto, and every link that opens a new window gets rel="noopener noreferrer". An embed
 * whose picture was never made is kept as the plain link it stands for. Its text is `htmlToText`
 * (core/shared/text.ts), the same on both sides.
 */
import type sanitizeHtml from 'sanitize-html';
import { hexColorPattern } from '../shared/color';
import { buttonClass, embedClass, embedIdPattern, embedPictureAddress, embedShownKinds, embedText, pendingEmbedClass, type EmbedShown } from '../shared/embeds';
import { cutText } from '../shared/text';
import { loadSanitizeHtml } from './on-first-use';

const httpAddress = (value: string | undefined) => (value && /^https?:\/\/[^\s]+$/i.test(value) ? value : undefined);

/** A card's words as kept: one line, at most `max` characters. */
const cardWords = (value: string | undefined, max: number) => cutText((value ?? '').replace(/\s+/g, ' ').trim(), max);

/** Only what a kept embed needs: its kind, id and address, its card's words and small picture, each checked. */
function embedFigure(attribs: sanitizeHtml.Attributes): sanitizeHtml.Attributes {
  const kept: sanitizeHtml.Attributes = { class: embedClass };
  if (embedShownKinds.includes(attribs['data-embed'] as EmbedShown)) kept['data-embed'] = attribs['data-embed']!;
  if (embedIdPattern.test(attribs['data-embed-id'] ?? '')) kept['data-embed-id'] = attribs['data-embed-id']!;
  const url = httpAddress(attribs['data-url']);
  if (url) kept['data-url'] = url;
  const excerpt = cardWords(attribs['data-excerpt'], embedText.excerptMax);
  if (excerpt) kept['data-excerpt'] = excerpt;
  const picture = embedPictureAddress(attribs['data-picture']);
  if (picture) kept['data-picture'] = picture;
  const site = cardWords(attribs['data-site'], embedText.siteMax);
  if (site) kept['data-site'] = site;
  return kept;
}

/** A button's box: its class, and its colour when it is one. */
function buttonDiv(attribs: sanitizeHtml.Attributes): sanitizeHtml.Attributes {
  const color = attribs['data-color'] ?? '';
  return hexColorPattern.test(color) ? { class: buttonClass, 'data-color': color } : { class: buttonClass };
}

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
    'div',
  ],
  allowedAttributes: {
    a: ['href', 'target', 'rel', 'style'],
    img: ['src', 'alt', 'width', 'height'],
    figure: ['class', 'data-embed', 'data-embed-id', 'data-url', 'data-excerpt', 'data-picture', 'data-site'],
    div: ['class', 'data-color'],
  },
  allowedClasses: { figure: ['image', embedClass], div: [buttonClass] },
  // A custom button's colours, and nothing else.
  allowedStyles: { a: { 'background-color': [hexColorPattern], color: [hexColorPattern] } },
  allowedSchemes: ['http', 'https', 'ftp', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  // Our own uploads are relative (/uploads/...).
  allowProtocolRelative: false,
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: attribs.target === '_blank' ? { ...attribs, rel: 'noopener noreferrer' } : attribs,
    }),
    figure: (tagName, attribs) => {
      const classes = (attribs.class ?? '').split(/\s+/);
      if (classes.includes(pendingEmbedClass)) {
        const url = httpAddress(attribs['data-url']);
        return url ? { tagName: 'a', attribs: { href: url }, text: url } : { tagName: 'p', attribs: {} };
      }
      return { tagName, attribs: classes.includes(embedClass) ? embedFigure(attribs) : attribs };
    },
    div: (tagName, attribs) => ((attribs.class ?? '').split(/\s+/).includes(buttonClass) ? { tagName, attribs: buttonDiv(attribs) } : { tagName, attribs: {} }),
  },
};

export function sanitizeRichText(html: string): string {
  return loadSanitizeHtml()(html, options);
}
