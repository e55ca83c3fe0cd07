/**
 * A newsletter's e-mail in its e-mail design (mjml 5): the frame every e-mail to its readers is
 * made in, issues (the issues plugin's render.ts) and messages (message.ts: the subscription's
 * confirmation and the welcome) alike. The frame honours every field of the design that is not
 * about an issue's content: the page, card and footer colours, the border, the corners, the font,
 * the links' style, the banner (or the newsletter's title) and the Dark colours, which apply
 * through `prefers-color-scheme` and Outlook.com's [data-ogsc] / [data-ogsb] attributes, each in
 * a style block of its own so that a client refusing one rule does not drop the rest. The parts
 * (cards, links, rich text, images) are the ones the content is built of; rich text is sanitized,
 * every other text escaped by the caller, every relative address made absolute with PUBLIC_URL.
 */
import { emailRichText } from '../rich-text-media';
import { mjmlToHtml } from '../services/mjml';
import { sanitizeRichText } from '../sanitize';
import { readableTextOn } from '../../shared/color';
import { escapeHtml } from '../../shared/text';
import type { EmailDesign } from '../../shared/email-design';

export const bodyWidth = 600;
/** Space beside and between the cards. */
export const gutter = 16;
export const cardPadding = 24;
const radius = 12;
/** Hidden characters after the preheader, so that the client's preview line stops at the preview text. */
const preheaderFiller = '&#847;&zwnj;&nbsp;'.repeat(30);
const darkQuery = '@media (prefers-color-scheme:dark)';

/** The width an image takes in a card of `design`. */
export const cardContentWidth = (design: EmailDesign) => bodyWidth - 2 * gutter - 2 * design.borderWidth - 2 * cardPadding;

/** A font stack safe inside a style attribute and a style block: letters, digits, spaces, commas, quotes, hyphens. */
const fontStack = (value: string) =>
  value
    .replace(/"/g, "'")
    .replace(/[^\w\s,'-]/g, '')
    .trim() || 'Arial, Helvetica, sans-serif';

/** A relative address ('/uploads/...') made absolute; anything but http(s) dropped. */
export function absoluteUrl(url: string, publicUrl: string): string {
  const full = url.startsWith('/') && !url.startsWith('//') ? `${publicUrl}${url}` : url.trim();
  return /^https?:\/\//i.test(full) ? full : '';
}

/** How a link looks: in its colour, underlined in the styling colour or sitting on it. */
export function linkStyle(design: EmailDesign): string {
  return design.linkStyling === 'highlight'
    ? `color:${design.linkColor};text-decoration:none;background-color:${design.linkStylingColor};padding:0 2px`
    : `color:${design.linkColor};text-decoration:underline;text-decoration-color:${design.linkStylingColor};text-decoration-thickness:2px;text-underline-offset:3px`;
}

/** A link in a card; `text` is HTML. */
export const link = (href: string, text: string, style: string) => `<a class="x-a" href="${escapeHtml(href)}" style="${style}">${text}</a>`;

/**
 * Sanitized rich text shaped for mail: embeds as linked pictures and custom buttons as bulletproof
 * buttons (core/server/rich-text-media.ts), images at absolute addresses that fit the card, links in
 * the design's style.
 */
export function richText(html: string, style: string, publicUrl: string): string {
  return emailRichText(sanitizeRichText(html), publicUrl)
    .replace(/<img(?![^>]*\sstyle=)(?=[\s>])/g, '<img style="max-width:100%;height:auto"')
    .replace(/<a(?![^>]*\sclass=)(?=[\s>])/g, `<a class="x-a" style="${style}"`);
}

export function image(src: string, width: number, roundedBorders: boolean, alt = ''): string {
  const corner = roundedBorders ? `;border-radius:${radius / 2}px` : '';
  return `<img src="${escapeHtml(src)}" alt="${escapeHtml(alt)}" width="${width}" style="display:block;width:100%;max-width:${width}px;height:auto;border:0;margin:0 0 16px${corner}">`;
}

export const separator = (design: EmailDesign) =>
  `<div class="x-sep" style="border-top:1px solid ${design.borderColor};margin:24px 0;font-size:1px;line-height:1px">&nbsp;</div>`;

/** A card made of mjml elements (mj-text, mj-button): a column with the card's colours, border and corners, in a section that spaces the cards. */
export function cardOf(elements: string, design: EmailDesign): string {
  const corners = design.roundedBorders ? ` border-radius="${radius}px"` : '';
  return `<mj-section><mj-column css-class="x-card" background-color="${design.cardBackgroundColor}" border="${design.borderWidth}px solid ${design.borderColor}"${corners} padding="${cardPadding}px">${elements}</mj-column></mj-section>`;
}

/** A card of HTML content. */
export const card = (content: string, design: EmailDesign) => cardOf(`<mj-text><div class="x-ct">${content}</div></mj-text>`, design);

/** The newsletter's title heading the first card, where the design has no banner to say it. */
export const titleHeader = (title: string, design: EmailDesign) =>
  design.banner ? '' : `<div style="font-size:24px;font-weight:bold;line-height:1.3;text-align:center">${escapeHtml(title)}</div>${separator(design)}`;

/** A button's colours: light, and in the reader's dark mode. */
export interface ButtonColors {
  color: string;
  colorDark: string;
}

/** A button in the design's link colours. */
export const linkButtonColors = (design: EmailDesign): ButtonColors => ({ color: design.linkColor, colorDark: design.linkColorDark });

/** A button in a card (mj-button: a padded link on a cell Outlook paints), in its colour (the links' by default). */
export function button(href: string, label: string, design: EmailDesign, color = design.linkColor): string {
  const corners = design.roundedBorders ? `${radius / 2}px` : '0';
  return `<mj-button css-class="x-btn" href="${escapeHtml(href)}" align="left" padding="20px 0" inner-padding="14px 28px" font-size="16px" font-weight="bold" line-height="1.2" background-color="${color}" color="${readableTextOn(color)}" border-radius="${corners}">${escapeHtml(label)}</mj-button>`;
}

/** The Dark colours: for clients that follow the reader's dark mode, then for Outlook.com, which marks what it recolours. */
function darkStyles(design: EmailDesign, button: ButtonColors | undefined): string {
  const link =
    design.linkStyling === 'highlight'
      ? `color:${design.linkColorDark}!important;background-color:${design.linkStylingColorDark}!important`
      : `color:${design.linkColorDark}!important;text-decoration-color:${design.linkStylingColorDark}!important`;
  const page = `background-color:${design.emailBackgroundColorDark}!important`;
  const cardBackground = `background-color:${design.cardBackgroundColorDark}!important`;
  const footer = `background:${design.footerBackgroundColorDark}!important;background-color:${design.footerBackgroundColorDark}!important`;
  // After the cards' rule, and more specific than it: the button's cell is a cell of a card.
  const buttonDark = button?.colorDark ?? design.linkColorDark;
  const buttonCell = `background:${buttonDark}!important;background-color:${buttonDark}!important`;
  const buttonText = `${buttonCell};color:${readableTextOn(buttonDark)}!important`;
  const media = [
    `body,.x-bg,div[role=article]{${page}}`,
    `.x-card td{${cardBackground};border-color:${design.borderColorDark}!important}`,
    `.x-ct{color:${design.cardTextColorDark}!important}`,
    `.x-sep{border-top-color:${design.borderColorDark}!important}`,
    `.x-a{${link}}`,
    `.x-fb{${footer}}`,
    `.x-ft{color:${design.footerTextColorDark}!important}`,
    `.x-fa{color:${design.footerLinkColorDark}!important}`,
    button ? `.x-card .x-btn td{${buttonCell}}.x-card .x-btn a{${buttonText}}` : '',
  ].join('');
  const outlook = [
    `[data-ogsb] body,[data-ogsb] .x-bg,[data-ogsb] div[role=article]{${page}}`,
    `[data-ogsb] .x-card td{${cardBackground}}`,
    `[data-ogsc] .x-ct{color:${design.cardTextColorDark}!important}`,
    `[data-ogsc] .x-a{color:${design.linkColorDark}!important}`,
    design.linkStyling === 'highlight' ? `[data-ogsb] .x-a{background-color:${design.linkStylingColorDark}!important}` : '',
    `[data-ogsb] .x-fb{${footer}}`,
    `[data-ogsc] .x-ft{color:${design.footerTextColorDark}!important}`,
    `[data-ogsc] .x-fa{color:${design.footerLinkColorDark}!important}`,
    button
      ? `[data-ogsb] .x-card .x-btn td,[data-ogsb] .x-card .x-btn a{${buttonCell}}[data-ogsc] .x-card .x-btn a{color:${readableTextOn(buttonDark)}!important}`
      : '',
  ].join('');
  return `<style>${darkQuery}{${media}}</style><style>${outlook}</style>`;
}

const baseStyles = [
  ':root{color-scheme:light dark;supported-color-schemes:light dark}',
  '.x-ct h1,.x-ct h2,.x-ct h3,.x-ct h4{line-height:1.3;margin:0 0 8px}',
  '.x-ct p,.x-ct ul,.x-ct ol,.x-ct blockquote,.x-ct figure{margin:0 0 12px}',
  '.x-ct p:last-child{margin-bottom:0}',
  '.x-ct img{max-width:100%;height:auto}',
  '.x-ct blockquote{padding-left:12px;border-left:3px solid currentColor}',
].join('');

/** The footer's text: the newsletter's title, lines of HTML, then links side by side. */
export interface FrameFooter {
  title: string;
  /** HTML: escaped by the caller. */
  lines: string[];
  links: { href: string; label: string }[];
}

export interface EmailFrame {
  lang: string;
  /** The document's title (the subject). */
  title: string;
  /** The inbox's line under the subject; none when absent. */
  preview?: string;
  newsletter: { title: string; url: string };
  /** The design with its defaults (withDefaultDesign). */
  design: EmailDesign;
  /** PUBLIC_URL without its trailing slash. */
  publicUrl: string;
  /** The cards, in order (card, cardOf). */
  cards: string;
  footer: FrameFooter;
  /** The colours of a card's button, when one holds a button (its Dark colours are added). */
  button?: ButtonColors;
}

function footerSection(footer: FrameFooter, design: EmailDesign): string {
  const footerLink = (href: string, text: string) =>
    `<a class="x-fa" href="${escapeHtml(href)}" style="color:${design.footerLinkColor};text-decoration:underline">${escapeHtml(text)}</a>`;
  const links = footer.links.map((item) => footerLink(item.href, item.label)).join(' &nbsp;·&nbsp; ');
  const lines = [...footer.lines, ...(links ? [links] : [])];
  const paragraphs = [
    `<p style="margin:${lines.length > 0 ? '0 0 8px' : '0'};font-weight:bold">${escapeHtml(footer.title)}</p>`,
    ...lines.map((line, index) => `<p style="margin:${index === lines.length - 1 ? '0' : '0 0 8px'}">${line}</p>`),
  ];
  return `<mj-section full-width="full-width" css-class="x-fb" background-color="${design.footerBackgroundColor}" padding="24px ${gutter + cardPadding}px" text-align="center"><mj-column><mj-text align="center" color="${design.footerTextColor}" font-size="13px"><div class="x-ft">${paragraphs.join('')}</div></mj-text></mj-column></mj-section>`;
}

function frameMjml(frame: EmailFrame): string {
  const { design, newsletter, publicUrl } = frame;
  const banner = design.banner ? absoluteUrl(design.banner, publicUrl) : '';
  const masthead = banner
    ? `<mj-section padding="${gutter}px ${gutter}px 0"><mj-column><mj-image src="${escapeHtml(banner)}" alt="${escapeHtml(newsletter.title)}" href="${escapeHtml(newsletter.url)}" padding="0" /></mj-column></mj-section>`
    : '';
  return [
    `<mjml lang="${escapeHtml(frame.lang || 'tr')}"><mj-head>`,
    `<mj-title>${escapeHtml(frame.title)}</mj-title>`,
    frame.preview === undefined ? '' : `<mj-preview>${escapeHtml(frame.preview)}${preheaderFiller}</mj-preview>`,
    `<mj-attributes><mj-all font-family="${fontStack(design.fontFamily)}" /><mj-section padding="${gutter / 2}px ${gutter}px" /><mj-text padding="0" font-size="16px" line-height="1.6" color="${design.cardTextColor}" /></mj-attributes>`,
    '<mj-raw><meta name="color-scheme" content="light dark"><meta name="supported-color-schemes" content="light dark"></mj-raw>',
    `<mj-style>${baseStyles}</mj-style>`,
    `<mj-raw>${darkStyles(design, frame.button)}</mj-raw>`,
    `</mj-head><mj-body width="${bodyWidth}px" background-color="${design.emailBackgroundColor}" css-class="x-bg">`,
    masthead,
    frame.cards,
    `<mj-section padding="${gutter / 2}px 0 0" />`,
    footerSection(frame.footer, design),
    '</mj-body></mjml>',
  ].join('');
}

/** The frame as HTML, every relative address absolute. */
export async function renderFrame(frame: EmailFrame): Promise<string> {
  const html = await mjmlToHtml(frameMjml(frame));
  return html.replace(/(src|href)="\/(?!\/)/g, `$1="${frame.publicUrl}/`);
}

const darkQueryPattern = /@media\s*\(\s*prefers-color-scheme\s*:\s*dark\s*\)/g;
const bothSchemes = '<meta name="color-scheme" content="light dark">';

/** The same e-mail with its dark rules applied whatever the reader's setting (the preview's dark switch). */
export function darkVariant(html: string): string {
  return html.replace(darkQueryPattern, '@media all').replace(bothSchemes, '<meta name="color-scheme" content="dark">');
}

/** The same e-mail light whatever the viewer's setting: a preview in a console used in dark mode shows the light e-mail when asked for it. */
export function lightVariant(html: string): string {
  return html.replace(darkQueryPattern, '@media not all').replace(bothSchemes, '<meta name="color-scheme" content="light">');
}
