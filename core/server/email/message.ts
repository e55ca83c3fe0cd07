/**
 * A message to a newsletter's reader (the subscription's confirmation, the welcome) in the
 * newsletter's e-mail design: one card with the newsletter's title (or its banner above), a
 * heading, rich text, an optional button and a closing, then the design's footer; made by the
 * same frame and mjml pipeline as an issue (newsletter-email.ts), with a plain-text part made of
 * the same content. One reader, one render: nothing here is sent in bulk.
 */
import { escapeHtml, escapeRegExp } from '../../shared/text';
import { withDefaultDesign, type EmailDesign } from '../../shared/email-design';
import { plainParagraphs } from './plain-text';
import { hexColorPattern } from '../../shared/color';
import { absoluteUrl, button, cardOf, linkButtonColors, linkStyle, renderFrame, richText, titleHeader, type ButtonColors } from './newsletter-email';

export interface NewsletterMessage {
  /** `color`: the newsletter's own colour (its pages' masthead and buttons), its messages' button's too. */
  newsletter: { title: string; key: string; lang: string; color?: string };
  /** The newsletter's e-mail design (the defaults fill what it lacks). */
  design: EmailDesign;
  publicUrl: string;
  /** The heading, and the document's title. */
  title: string;
  /** The inbox's line under the subject. */
  preview?: string;
  /** Rich text before the button (sanitized here). */
  bodyHtml: string;
  /** A call to action: in the text part, its address alone on a line, so the text before it should lead to it. */
  button?: { label: string; url: string };
  /** Rich text after the button. */
  closingHtml?: string;
  /** Under the newsletter's title in the footer: lines of text, then links. */
  footer: { lines: string[]; links: { label: string; url: string }[] };
}

export interface RenderedMessage {
  html: string;
  text: string;
}

/** Where a reader's message says the reader's name, as an issue does (its personal marks). */
export const readerNameMark = '[[name]]';
/** The mark, with the space before it. */
const nameMarkPattern = new RegExp(`(\\s|&nbsp;)?${escapeRegExp(readerNameMark)}`, 'g');

/**
 * Rich text with the reader's name where it holds the mark, escaped; without a name, the mark goes
 * with the space before it ('Merhaba [[name]],' reads 'Merhaba,').
 */
export function withReaderName(html: string, name: string): string {
  const written = name.trim();
  return html.replace(nameMarkPattern, (_whole, space: string | undefined) => (written ? `${space ?? ''}${escapeHtml(written)}` : ''));
}

/** The button's colours: the newsletter's own colour, in light and dark alike, else the design's link colours. */
function buttonColors(message: NewsletterMessage, design: EmailDesign): ButtonColors {
  const own = message.newsletter.color?.trim() ?? '';
  return hexColorPattern.test(own) ? { color: own, colorDark: own } : linkButtonColors(design);
}

export async function renderNewsletterMessage(message: NewsletterMessage): Promise<RenderedMessage> {
  const design = withDefaultDesign(message.design);
  const publicUrl = message.publicUrl.replace(/\/+$/, '');
  const newsletterUrl = `${publicUrl}/n/${encodeURIComponent(message.newsletter.key)}`;
  const style = linkStyle(design);
  const buttonUrl = message.button ? absoluteUrl(message.button.url, publicUrl) : '';
  const lead = `<mj-text><div class="x-ct">${titleHeader(message.newsletter.title, design)}<h1 style="margin:0 0 12px;font-size:26px;line-height:1.25">${escapeHtml(message.title)}</h1>${richText(message.bodyHtml, style, publicUrl)}</div></mj-text>`;
  const colors = buttonColors(message, design);
  const action = message.button && buttonUrl ? button(buttonUrl, message.button.label, design, colors.color) : '';
  const closing = message.closingHtml ? `<mj-text><div class="x-ct">${richText(message.closingHtml, style, publicUrl)}</div></mj-text>` : '';
  const footerLinks = message.footer.links.map((item) => ({ label: item.label, href: absoluteUrl(item.url, publicUrl) })).filter((item) => item.href);
  const html = await renderFrame({
    lang: message.newsletter.lang,
    title: message.title,
    ...(message.preview ? { preview: message.preview } : {}),
    newsletter: { title: message.newsletter.title, url: newsletterUrl },
    design,
    publicUrl,
    cards: cardOf(lead + action + closing, design),
    footer: { title: message.newsletter.title, lines: message.footer.lines.map(escapeHtml), links: footerLinks },
    ...(action ? { button: colors } : {}),
  });
  const text = [
    ...plainParagraphs(message.bodyHtml, publicUrl),
    ...(action ? [buttonUrl] : []),
    ...plainParagraphs(message.closingHtml ?? '', publicUrl),
    [...message.footer.lines, ...footerLinks.map((item) => `${item.label}: ${item.href}`)].join('\n'),
  ];
  return { html, text: `${text.join('\n\n')}\n` };
}
