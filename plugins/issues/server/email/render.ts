/**
 * An issue as an e-mail: a responsive HTML part and a plain-text part, rendered once per issue with
 * personal marks in place of the subscriber's links, address and name; `personalise` fills the
 * marks per subscriber by joining precomputed pieces, since a send does it 100,000 times. The
 * issue's content (its head, its channels and stories, the referral invite) is made of the parts
 * of the newsletter's e-mail frame (the core's core/server/email/newsletter-email.ts: mjml 5, every
 * field of the e-mail design, the Dark colours), the same frame the readers' messages use. Rich
 * text is sanitized, every other text escaped, every relative address made absolute with
 * PUBLIC_URL. The e-mail's own texts (read more, the footer's links, the invitation) are in the
 * newsletter's language. Gmail clips a message over constants.issues.emailClipBytes: the size is reported.
 */
import { constants } from '../../../../core/shared/config';
import { escapeHtml, escapeRegExp } from '../../../../core/shared/text';
import { plainText } from '../../../../core/server/email/plain-text';
import { readerNameMark } from '../../../../core/server/email/message';
import {
  absoluteUrl,
  card,
  cardContentWidth,
  image,
  link,
  linkStyle,
  renderFrame,
  richText,
  separator,
  titleHeader,
  type EmailFrame,
} from '../../../../core/server/email/newsletter-email';
import { withDefaultDesign, type EmailDesign } from '../../../../core/shared/email-design';
import { readingMinuteCount } from '../../rules';
import { readerText } from '../reader-words';

/** The preview's light and dark switches work on any e-mail of the frame. */
export { darkVariant, lightVariant } from '../../../../core/server/email/newsletter-email';

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
  name: readerNameMark,
  track: '[[track]]',
};

/** What a story and a channel are drawn with: the addresses' base, the images' width, the links' style, the newsletter's language. */
interface DrawContext {
  publicUrl: string;
  imageWidth: number;
  link: string;
  lang: string;
}

/** A channel's minutes of reading, in the newsletter's language ('4 DK', '4 MIN'). */
const channelMinutes = (channel: EmailChannel, lang: string) =>
  readerText(lang, '{minutes} MIN', { minutes: readingMinuteCount(channel.stories.reduce((sum, story) => sum + story.readingMs, 0)) });

function storyHtml(story: EmailStory, design: EmailDesign, context: DrawContext): string {
  if (story.type === 'bullet') return richText(story.html, context.link, context.publicUrl);
  const src = story.image ? absoluteUrl(story.image, context.publicUrl) : '';
  const title = escapeHtml(story.title);
  return [
    src ? image(src, context.imageWidth, design.roundedBorders, story.title) : '',
    `<h3 style="margin:0 0 6px;font-size:20px;line-height:1.3">${story.url ? link(story.url, title, context.link) : title}</h3>`,
    story.subtitle ? `<p style="margin:0 0 12px">${escapeHtml(story.subtitle)}</p>` : '',
    story.url ? `<p style="margin:0">${link(story.url, escapeHtml(readerText(context.lang, 'Read more')), context.link)}</p>` : '',
  ].join('');
}

function channelHtml(channel: EmailChannel, design: EmailDesign, context: DrawContext): string {
  const align = design.channelTitleCentered ? 'center' : 'left';
  const minutes = channelMinutes(channel, context.lang);
  const head = [
    design.showChannelNames ? `<h2 style="margin:0;font-size:22px;line-height:1.3;text-align:${align}">${escapeHtml(channel.title)}</h2>` : '',
    design.showReadingTime ? `<div class="x-rt" style="font-size:13px;letter-spacing:.04em;text-align:${align}">${escapeHtml(minutes)}</div>` : '',
  ].join('');
  const stories = channel.stories.map((story) => storyHtml(story, design, context)).join(separator(design));
  return head ? `${head}<div style="height:16px;font-size:1px;line-height:1px">&nbsp;</div>${stories}` : stories;
}

/** The issue's content in the newsletter's e-mail frame: the lead card, a card per channel, the referral invite, the footer. */
function issueFrame(input: IssueEmailInput, design: EmailDesign, publicUrl: string): EmailFrame {
  const { issue, newsletter } = input;
  const imageWidth = cardContentWidth(design);
  const { lang } = newsletter;
  const context: DrawContext = { publicUrl, imageWidth, link: linkStyle(design), lang };
  const subject = issue.subject || newsletter.title;
  const cover = issue.image ? absoluteUrl(issue.image, publicUrl) : '';
  const lead = card(
    [
      titleHeader(newsletter.title, design),
      cover ? image(cover, imageWidth, design.roundedBorders) : '',
      `<h1 style="margin:0 0 12px;font-size:28px;line-height:1.25">${escapeHtml(subject)}</h1>`,
      richText(issue.introHtml, context.link, publicUrl),
    ].join(''),
    design,
  );
  const channels = input.channels.map((channel) => card(channelHtml(channel, design, context), design)).join('');
  const referral = design.showReferralCampaign
    ? card(
        [
          '<div style="text-align:center">',
          `<h2 style="margin:0 0 8px;font-size:20px;line-height:1.3">${escapeHtml(readerText(lang, 'Did you like this newsletter?'))}</h2>`,
          `<p style="margin:0 0 12px">${escapeHtml(readerText(lang, 'If you enjoy {title}, share it with your friends: they can subscribe with your own invitation link.', { title: newsletter.title }))}</p>`,
          `<p style="margin:0">${link(personalMarks.referralUrl, escapeHtml(readerText(lang, 'Invite your friends')), context.link)}</p>`,
          '</div>',
        ].join(''),
        design,
      )
    : '';
  return {
    lang: newsletter.lang,
    title: subject,
    preview: issue.preview,
    newsletter: { title: newsletter.title, url: newsletter.url },
    design,
    publicUrl,
    cards: lead + channels + referral,
    footer: {
      title: newsletter.title,
      lines: [escapeHtml(readerText(lang, 'This e-mail was sent to {email}.', { email: personalMarks.email }))],
      links: [
        { href: issue.url, label: readerText(lang, 'Read on the web') },
        { href: personalMarks.unsubscribeUrl, label: readerText(lang, 'Unsubscribe') },
      ],
    },
  };
}

function issueText(input: IssueEmailInput, design: EmailDesign, publicUrl: string): string {
  const { issue, newsletter } = input;
  const { lang } = newsletter;
  const lines: string[] = [issue.subject || newsletter.title];
  if (issue.preview) lines.push(issue.preview);
  const intro = plainText(issue.introHtml, publicUrl);
  if (intro) lines.push('', intro);
  for (const channel of input.channels) {
    const heading = design.showReadingTime ? `${channel.title} · ${channelMinutes(channel, lang)}` : channel.title;
    lines.push('', heading.toLocaleUpperCase(newsletter.lang || 'tr'), '-'.repeat(Math.min(heading.length, 60)));
    for (const story of channel.stories) {
      // A bullet reads as it is written in the HTML part: its own text, its own links.
      if (story.type === 'bullet') {
        const text = plainText(story.html, publicUrl);
        if (text) lines.push('', text);
      } else {
        const more = story.url ? [`${readerText(lang, 'Read more')}: ${story.url}`] : [];
        lines.push('', story.title, ...(story.subtitle ? [story.subtitle] : []), ...more);
      }
    }
  }
  lines.push('', '---', `${readerText(lang, 'Read on the web')}: ${issue.url}`);
  if (design.showReferralCampaign) lines.push(`${readerText(lang, 'Invite your friends')}: ${personalMarks.referralUrl}`);
  lines.push(
    '',
    readerText(lang, '{title}: this e-mail was sent to {email}.', { title: newsletter.title, email: personalMarks.email }),
    `${readerText(lang, 'Unsubscribe')}: ${personalMarks.unsubscribeUrl}`,
  );
  return `${lines.join('\n')}\n`;
}

export async function renderIssueEmail(input: IssueEmailInput): Promise<RenderedEmail> {
  const design = withDefaultDesign(input.design);
  const publicUrl = input.publicUrl.replace(/\/+$/, '');
  const html = await renderFrame(issueFrame(input, design, publicUrl));
  const bytes = Buffer.byteLength(html);
  return { html, text: issueText(input, design, publicUrl), bytes, clipped: bytes > constants.issues.emailClipBytes };
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
