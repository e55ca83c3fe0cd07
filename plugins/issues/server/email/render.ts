/**
 * An issue as an e-mail (mjml 5): a responsive HTML part and a plain-text part, rendered once per
 * issue with personal marks in place of the subscriber's links, address and name; `personalise`
 * fills the marks per subscriber by joining precomputed pieces, since a send does it 100,000 times.
 * Every field of the newsletter's e-mail design is honoured; the Dark colours apply through
 * `prefers-color-scheme` and Outlook.com's [data-ogsc] / [data-ogsb] attributes, each in a style
 * block of its own so that a client refusing one rule does not drop the rest. Rich text is
 * sanitized, every other text escaped, every relative address made absolute with PUBLIC_URL.
 * Gmail clips a message over constants.issues.emailClipBytes: the size is reported.
 */
import { sanitizeRichText } from '../../../../core/server/sanitize';
import { constants } from '../../../../core/shared/config';
import { escapeHtml, escapeRegExp, htmlToText } from '../../../../core/shared/text';
import { withDefaultDesign, type EmailDesign } from '../../../settings/server/public';
import { readingMinutes } from '../../rules';
import { readMoreText } from '../articles';

export interface EmailStory {
  id: string;
  type: 'bullet' | 'article';
  title: string;
  subtitle: string;
  image: string;
  html: string;
  url: string | null;
  readingMs: number;
}

export interface EmailChannel {
  title: string;
  stories: EmailStory[];
}

export interface IssueEmailInput {
  issue: { id: string; subject: string; preview: string; image: string; introHtml: string; url: string };
  newsletter: { title: string; key: string; url: string; lang: string; image: string };
  /** In order, without 'Draft Stories' and empty channels. */
  channels: EmailChannel[];
  design: EmailDesign;
  publicUrl: string;
}

export interface RenderedEmail {
  /** Templates: they hold the personal marks until `personalise` fills them. */
  html: string;
  text: string;
  /** The HTML part's size in bytes (UTF-8). */
  bytes: number;
  /** Whether Gmail would clip the HTML part. */
  clipped: boolean;
}

export interface PersonalValues {
  unsubscribeUrl: string;
  referralUrl: string;
  email: string;
  name: string;
  /** The copy's tracking token in tracked links and the open pixel (see `trackLinks`); empty when nothing is tracked. */
  track: string;
}

/** Plain ASCII tokens that mjml, its minifier and quoted-printable leave whole. */
export const personalMarks: Readonly<PersonalValues> = {
  unsubscribeUrl: '[[unsubscribe_url]]',
  referralUrl: '[[referral_url]]',
  email: '[[email]]',
  name: '[[name]]',
  track: '[[track]]',
};

const bodyWidth = 600;
/** Space beside and between the cards. */
const gutter = 16;
const cardPadding = 24;
const radius = 12;
/** Hidden characters after the preheader, so that the client's preview line stops at the preview text. */
const preheaderFiller = '&#847;&zwnj;&nbsp;'.repeat(30);
const darkQuery = '@media (prefers-color-scheme:dark)';

/** A font stack safe inside a style attribute and a style block: letters, digits, spaces, commas, quotes, hyphens. */
const fontStack = (value: string) =>
  value
    .replace(/"/g, "'")
    .replace(/[^\w\s,'-]/g, '')
    .trim() || 'Arial, Helvetica, sans-serif';

/** A relative address ('/uploads/...') made absolute; anything but http(s) dropped. */
function absoluteUrl(url: string, publicUrl: string): string {
  const full = url.startsWith('/') && !url.startsWith('//') ? `${publicUrl}${url}` : url.trim();
  return /^https?:\/\//i.test(full) ? full : '';
}

/** How a link looks: in its colour, underlined in the styling colour or sitting on it. */
function linkStyle(design: EmailDesign): string {
  return design.linkStyling === 'highlight'
    ? `color:${design.linkColor};text-decoration:none;background-color:${design.linkStylingColor};padding:0 2px`
    : `color:${design.linkColor};text-decoration:underline;text-decoration-color:${design.linkStylingColor};text-decoration-thickness:2px;text-underline-offset:3px`;
}

const link = (href: string, text: string, style: string) => `<a class="x-a" href="${escapeHtml(href)}" style="${style}">${text}</a>`;

/** Sanitized rich text shaped for mail: images fit the card, links take the design's style. */
function richText(html: string, style: string): string {
  return sanitizeRichText(html)
    .replace(/<img(?=[\s>])/g, '<img style="max-width:100%;height:auto"')
    .replace(/<a(?=[\s>])/g, `<a class="x-a" style="${style}"`);
}

function image(src: string, width: number, roundedBorders: boolean, alt = ''): string {
  const corner = roundedBorders ? `;border-radius:${radius / 2}px` : '';
  return `<img src="${escapeHtml(src)}" alt="${escapeHtml(alt)}" width="${width}" style="display:block;width:100%;max-width:${width}px;height:auto;border:0;margin:0 0 16px${corner}">`;
}

const separator = (design: EmailDesign) =>
  `<div class="x-sep" style="border-top:1px solid ${design.borderColor};margin:24px 0;font-size:1px;line-height:1px">&nbsp;</div>`;

function storyHtml(story: EmailStory, design: EmailDesign, context: { publicUrl: string; imageWidth: number; link: string }): string {
  if (story.type === 'bullet') return richText(story.html, context.link);
  const src = story.image ? absoluteUrl(story.image, context.publicUrl) : '';
  const title = escapeHtml(story.title);
  return [
    src ? image(src, context.imageWidth, design.roundedBorders, story.title) : '',
    `<h3 style="margin:0 0 6px;font-size:20px;line-height:1.3">${story.url ? link(story.url, title, context.link) : title}</h3>`,
    story.subtitle ? `<p style="margin:0 0 12px">${escapeHtml(story.subtitle)}</p>` : '',
    story.url ? `<p style="margin:0">${link(story.url, readMoreText, context.link)}</p>` : '',
  ].join('');
}

/** A card: a column with the card's colours, border and corners, in a section that spaces the cards. */
function card(content: string, design: EmailDesign): string {
  const corners = design.roundedBorders ? ` border-radius="${radius}px"` : '';
  return `<mj-section><mj-column css-class="x-card" background-color="${design.cardBackgroundColor}" border="${design.borderWidth}px solid ${design.borderColor}"${corners} padding="${cardPadding}px"><mj-text><div class="x-ct">${content}</div></mj-text></mj-column></mj-section>`;
}

function channelHtml(channel: EmailChannel, design: EmailDesign, context: { publicUrl: string; imageWidth: number; link: string }): string {
  const align = design.channelTitleCentered ? 'center' : 'left';
  const minutes = readingMinutes(channel.stories.reduce((sum, story) => sum + story.readingMs, 0));
  const head = [
    design.showChannelNames ? `<h2 style="margin:0;font-size:22px;line-height:1.3;text-align:${align}">${escapeHtml(channel.title)}</h2>` : '',
    design.showReadingTime ? `<div class="x-rt" style="font-size:13px;letter-spacing:.04em;text-align:${align}">${escapeHtml(minutes)}</div>` : '',
  ].join('');
  const stories = channel.stories.map((story) => storyHtml(story, design, context)).join(separator(design));
  return head ? `${head}<div style="height:16px;font-size:1px;line-height:1px">&nbsp;</div>${stories}` : stories;
}

/** The Dark colours: for clients that follow the reader's dark mode, then for Outlook.com, which marks what it recolours. */
function darkStyles(design: EmailDesign): string {
  const link =
    design.linkStyling === 'highlight'
      ? `color:${design.linkColorDark}!important;background-color:${design.linkStylingColorDark}!important`
      : `color:${design.linkColorDark}!important;text-decoration-color:${design.linkStylingColorDark}!important`;
  const page = `background-color:${design.emailBackgroundColorDark}!important`;
  const cardBackground = `background-color:${design.cardBackgroundColorDark}!important`;
  const footer = `background:${design.footerBackgroundColorDark}!important;background-color:${design.footerBackgroundColorDark}!important`;
  const media = [
    `body,.x-bg,div[role=article]{${page}}`,
    `.x-card td{${cardBackground};border-color:${design.borderColorDark}!important}`,
    `.x-ct{color:${design.cardTextColorDark}!important}`,
    `.x-sep{border-top-color:${design.borderColorDark}!important}`,
    `.x-a{${link}}`,
    `.x-fb{${footer}}`,
    `.x-ft{color:${design.footerTextColorDark}!important}`,
    `.x-fa{color:${design.footerLinkColorDark}!important}`,
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

function issueMjml(input: IssueEmailInput, design: EmailDesign, publicUrl: string): string {
  const { issue, newsletter } = input;
  const font = fontStack(design.fontFamily);
  const imageWidth = bodyWidth - 2 * gutter - 2 * design.borderWidth - 2 * cardPadding;
  const context = { publicUrl, imageWidth, link: linkStyle(design) };
  const subject = issue.subject || newsletter.title;
  const banner = design.banner ? absoluteUrl(design.banner, publicUrl) : '';
  const cover = issue.image ? absoluteUrl(issue.image, publicUrl) : '';
  const footerLink = (href: string, text: string) =>
    `<a class="x-fa" href="${escapeHtml(href)}" style="color:${design.footerLinkColor};text-decoration:underline">${text}</a>`;

  const masthead = banner
    ? `<mj-section padding="${gutter}px ${gutter}px 0"><mj-column><mj-image src="${escapeHtml(banner)}" alt="${escapeHtml(newsletter.title)}" href="${escapeHtml(newsletter.url)}" padding="0" /></mj-column></mj-section>`
    : '';
  const title = banner
    ? ''
    : `<div style="font-size:24px;font-weight:bold;line-height:1.3;text-align:center">${escapeHtml(newsletter.title)}</div>${separator(design)}`;
  const lead = card(
    [
      title,
      cover ? image(cover, imageWidth, design.roundedBorders) : '',
      `<h1 style="margin:0 0 12px;font-size:28px;line-height:1.25">${escapeHtml(subject)}</h1>`,
      richText(issue.introHtml, context.link),
    ].join(''),
    design,
  );
  const channels = input.channels.map((channel) => card(channelHtml(channel, design, context), design)).join('');
  const referral = design.showReferralCampaign
    ? card(
        `<div style="text-align:center"><h2 style="margin:0 0 8px;font-size:20px;line-height:1.3">Bu bülteni beğendiniz mi?</h2><p style="margin:0 0 12px">${escapeHtml(newsletter.title)} hoşunuza gittiyse arkadaşlarınızla paylaşın: size özel davet bağlantınızla abone olabilirler.</p><p style="margin:0">${link(personalMarks.referralUrl, 'Arkadaşlarınızı davet edin', context.link)}</p></div>`,
        design,
      )
    : '';
  const footer = `<mj-section full-width="full-width" css-class="x-fb" background-color="${design.footerBackgroundColor}" padding="24px ${gutter + cardPadding}px" text-align="center"><mj-column><mj-text align="center" color="${design.footerTextColor}" font-size="13px"><div class="x-ft"><p style="margin:0 0 8px;font-weight:bold">${escapeHtml(newsletter.title)}</p><p style="margin:0 0 8px">Bu e-posta ${personalMarks.email} adresine gönderildi.</p><p style="margin:0">${footerLink(issue.url, 'Web’de oku')} &nbsp;·&nbsp; ${footerLink(personalMarks.unsubscribeUrl, 'Abonelikten çık')}</p></div></mj-text></mj-column></mj-section>`;

  return [
    `<mjml lang="${escapeHtml(newsletter.lang || 'tr')}"><mj-head>`,
    `<mj-title>${escapeHtml(subject)}</mj-title>`,
    `<mj-preview>${escapeHtml(issue.preview)}${preheaderFiller}</mj-preview>`,
    `<mj-attributes><mj-all font-family="${font}" /><mj-section padding="${gutter / 2}px ${gutter}px" /><mj-text padding="0" font-size="16px" line-height="1.6" color="${design.cardTextColor}" /></mj-attributes>`,
    '<mj-raw><meta name="color-scheme" content="light dark"><meta name="supported-color-schemes" content="light dark"></mj-raw>',
    `<mj-style>${baseStyles}</mj-style>`,
    `<mj-raw>${darkStyles(design)}</mj-raw>`,
    `</mj-head><mj-body width="${bodyWidth}px" background-color="${design.emailBackgroundColor}" css-class="x-bg">`,
    masthead,
    lead,
    channels,
    referral,
    `<mj-section padding="${gutter / 2}px 0 0" />`,
    footer,
    '</mj-body></mjml>',
  ].join('');
}

function issueText(input: IssueEmailInput, design: EmailDesign): string {
  const { issue, newsletter } = input;
  const lines: string[] = [issue.subject || newsletter.title];
  if (issue.preview) lines.push(issue.preview);
  const intro = htmlToText(sanitizeRichText(issue.introHtml));
  if (intro) lines.push('', intro);
  for (const channel of input.channels) {
    const minutes = readingMinutes(channel.stories.reduce((sum, story) => sum + story.readingMs, 0));
    const heading = design.showReadingTime ? `${channel.title} · ${minutes}` : channel.title;
    lines.push('', heading.toLocaleUpperCase(newsletter.lang || 'tr'), '-'.repeat(Math.min(heading.length, 60)));
    for (const story of channel.stories) {
      if (story.type === 'bullet') lines.push('', `• ${htmlToText(sanitizeRichText(story.html))}`);
      else lines.push('', story.title, ...(story.subtitle ? [story.subtitle] : []), ...(story.url ? [`${readMoreText}: ${story.url}`] : []));
    }
  }
  lines.push('', '---', `Web’de oku: ${issue.url}`);
  if (design.showReferralCampaign) lines.push(`Arkadaşlarınızı davet edin: ${personalMarks.referralUrl}`);
  lines.push('', `${newsletter.title}: bu e-posta ${personalMarks.email} adresine gönderildi.`, `Abonelikten çık: ${personalMarks.unsubscribeUrl}`);
  return `${lines.join('\n')}\n`;
}

// Loaded on the first render, not when the server starts: mjml takes about 240 ms to import.
let mjml: Promise<typeof import('mjml')> | null = null;

export async function renderIssueEmail(input: IssueEmailInput): Promise<RenderedEmail> {
  const design = withDefaultDesign(input.design);
  const publicUrl = input.publicUrl.replace(/\/+$/, '');
  mjml ??= import('mjml').then((module) => module.default);
  const mjml2html = await mjml;
  const { html: rendered } = await mjml2html(issueMjml(input, design, publicUrl), {
    // No web fonts (the design offers web-safe stacks), no comments, whitespace collapsed; CSS as written (cssnano is not installed).
    fonts: {},
    keepComments: false,
    minify: true,
    minifyOptions: { minifyCss: false },
    validationLevel: 'soft',
  });
  const html = rendered.replace(/(src|href)="\/(?!\/)/g, `$1="${publicUrl}/`);
  const bytes = Buffer.byteLength(html);
  return { html, text: issueText(input, design), bytes, clipped: bytes > constants.issues.emailClipBytes };
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

type MarkKey = keyof PersonalValues;
const markKeys = Object.fromEntries(Object.entries(personalMarks).map(([key, mark]) => [mark, key as MarkKey])) as Record<string, MarkKey>;
const markPattern = new RegExp(Object.values(personalMarks).map(escapeRegExp).join('|'), 'g');

/** A template cut at its marks: text, mark, text, mark, ..., text. */
interface Pieces {
  source: string;
  texts: string[];
  marks: MarkKey[];
}

function cutAtMarks(source: string): Pieces {
  const texts: string[] = [];
  const marks: MarkKey[] = [];
  let from = 0;
  for (const match of source.matchAll(markPattern)) {
    texts.push(source.slice(from, match.index));
    marks.push(markKeys[match[0]]!);
    from = match.index + match[0].length;
  }
  texts.push(source.slice(from));
  return { source, texts, marks };
}

function fill(pieces: Pieces, values: Readonly<Record<MarkKey, string>>): string {
  let out = pieces.texts[0]!;
  for (let index = 0; index < pieces.marks.length; index++) out += values[pieces.marks[index]!] + pieces.texts[index + 1]!;
  return out;
}

/** Each rendered e-mail is cut once; a send then only joins the pieces with a subscriber's values. */
const cutTemplates = new WeakMap<object, { html: Pieces; text: Pieces }>();

/** One subscriber's copy: the marks filled, escaped in the HTML part, as they are in the text part. */
export function personalise(template: Pick<RenderedEmail, 'html' | 'text'>, values: PersonalValues): { html: string; text: string } {
  let pieces = cutTemplates.get(template);
  if (!pieces || pieces.html.source !== template.html || pieces.text.source !== template.text) {
    pieces = { html: cutAtMarks(template.html), text: cutAtMarks(template.text) };
    cutTemplates.set(template, pieces);
  }
  const escaped = {
    unsubscribeUrl: escapeHtml(values.unsubscribeUrl),
    referralUrl: escapeHtml(values.referralUrl),
    email: escapeHtml(values.email),
    name: escapeHtml(values.name),
    track: escapeHtml(values.track),
  };
  return { html: fill(pieces.html, escaped), text: fill(pieces.text, values) };
}

/** Absolute http(s) links of an HTML text, in order, as their addresses (entities decoded); personal links (marks) left out. */
const linkPattern = /(<a\b[^>]*?\shref=")(https?:\/\/[^"]+)(")/gi;
const decodeHref = (href: string) =>
  href
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');

export function linksOf(html: string): string[] {
  return [...html.matchAll(linkPattern)].map((match) => decodeHref(match[2]!)).filter((url) => !url.includes('[['));
}

/**
 * The e-mail with its links replaced, in order, by `hrefs` (tracked addresses) and an open pixel
 * at the end of the body; the text part keeps the plain addresses a reader can check.
 */
export function trackLinks(email: RenderedEmail, hrefs: string[], pixel: string): RenderedEmail {
  let index = 0;
  const html = email.html
    .replace(linkPattern, (whole, start: string, href: string, end: string) =>
      href.includes('[[') ? whole : `${start}${escapeHtml(hrefs[index++] ?? decodeHref(href))}${end}`,
    )
    .replace(/<\/body>/i, `<img src="${escapeHtml(pixel)}" width="1" height="1" alt="" style="display:block;width:1px;height:1px;border:0" /></body>`);
  const bytes = Buffer.byteLength(html);
  return { ...email, html, bytes, clipped: bytes > constants.issues.emailClipBytes };
}
