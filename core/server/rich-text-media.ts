/**
 * Sanitized rich text made ready for where it is read (docs/decisions/0039). Stored rich text keeps
 * an embed as a picture linking to its content and a custom button as a coloured link
 * (core/shared/embeds.ts); a public page plays the live embed instead (YouTube, Spotify, Twitter),
 * and an e-mail gets each embed as a card of text beside its small picture, a bulletproof button
 * (a table cell Outlook paints) and pictures at absolute addresses. Only those elements are rewritten: every other byte stays as the sanitizer wrote it.
 */
import type { Element } from 'domhandler';
import { hexColorPattern, readableTextOn } from '../shared/color';
import { buttonClass, customButton, embedClass, embedFrameUrl, embedTargetOf } from '../shared/embeds';
import { escapeHtml } from '../shared/text';
import { loadDomUtils, loadHtmlParser } from './on-first-use';

const hasClass = (element: Element, name: string) => (element.attribs.class ?? '').split(/\s+/).includes(name);

/** The HTML with each element `pick` chooses replaced by what `replace` writes (null keeps it). */
function rewrite(html: string, pick: (element: Element) => boolean, replace: (element: Element) => string | null): string {
  if (!html.includes('mh-')) return html;
  const { findAll } = loadDomUtils();
  const document = loadHtmlParser().parseDocument(html, { withStartIndices: true, withEndIndices: true });
  // Outermost first, and none inside another: an embed's inner link is the embed's.
  const chosen = findAll(pick, document.children).filter(
    (element, index, all) => !all.some((other, at) => at < index && other.startIndex! <= element.startIndex! && element.endIndex! <= other.endIndex!),
  );
  let out = html;
  for (const element of [...chosen].reverse()) {
    const replacement = replace(element);
    if (replacement !== null) out = `${out.slice(0, element.startIndex!)}${replacement}${out.slice(element.endIndex! + 1)}`;
  }
  return out;
}

interface EmbedParts {
  link: string;
  image: { src: string; alt: string; width: number; height: number } | null;
  source: string;
  shown: string;
  excerpt: string;
  picture: string;
  site: string;
}

function embedParts(figure: Element): EmbedParts {
  const { findAll } = loadDomUtils();
  const anchor = findAll((element) => element.name === 'a', figure.children)[0];
  const img = findAll((element) => element.name === 'img', figure.children)[0];
  return {
    link: anchor?.attribs.href ?? '',
    image: img
      ? { src: img.attribs.src ?? '', alt: img.attribs.alt ?? '', width: Number(img.attribs.width) || 0, height: Number(img.attribs.height) || 0 }
      : null,
    source: figure.attribs['data-url'] ?? '',
    shown: figure.attribs['data-embed'] ?? '',
    excerpt: figure.attribs['data-excerpt'] ?? '',
    picture: figure.attribs['data-picture'] ?? '',
    site: figure.attribs['data-site'] ?? '',
  };
}

const isEmbed = (element: Element) => element.name === 'figure' && hasClass(element, embedClass);
const isButton = (element: Element) => element.name === 'div' && hasClass(element, buttonClass);

function buttonParts(div: Element) {
  const { findAll, textContent } = loadDomUtils();
  const anchor = findAll((element) => element.name === 'a', div.children)[0];
  const stated = div.attribs['data-color'] ?? '';
  return {
    href: anchor?.attribs.href ?? '',
    text: anchor ? textContent(anchor) : '',
    color: hexColorPattern.test(stated) ? stated : customButton.defaultColor,
  };
}

/**
 * For a public page: YouTube and Spotify play in their frames at the embed's size (shrinking on a
 * phone), a Twitter post becomes Twitter's widget around the picture (the picture stays when the
 * widget does not load), our own content and other pages keep their linked picture.
 */
export function webRichText(safeHtml: string): string {
  return rewrite(safeHtml, isEmbed, (figure) => {
    const parts = embedParts(figure);
    const target = embedTargetOf(parts.source);
    if (!target || !parts.image) return null;
    const { width, height, alt } = parts.image;
    const frame = embedFrameUrl(target);
    if (frame) {
      const allow = target.kind === 'youtube' ? 'accelerometer; encrypted-media; gyroscope; picture-in-picture; fullscreen' : 'encrypted-media; fullscreen';
      return `<figure class="${embedClass} ${embedClass}--live" style="max-width:${width}px"><div class="${embedClass}__frame" style="aspect-ratio:${width}/${height}"><iframe src="${escapeHtml(frame)}" title="${escapeHtml(alt || parts.source)}" width="${width}" height="${height}" loading="lazy" allow="${allow}" allowfullscreen></iframe></div></figure>`;
    }
    if (target.kind === 'twitter') {
      const picture = `<a href="${escapeHtml(target.url)}"><img src="${escapeHtml(parts.image.src)}" alt="${escapeHtml(alt)}" width="${width}" height="${height}"></a>`;
      return `<figure class="${embedClass} ${embedClass}--live"><blockquote class="twitter-tweet" data-dnt="true">${picture}</blockquote><script async src="https://platform.twitter.com/widgets.js"></script></figure>`;
    }
    return null;
  });
}

/** The sources a public page's live embeds come from (its Content-Security-Policy names them). */
export const liveEmbedSources = {
  frames: ['https://www.youtube-nocookie.com', 'https://open.spotify.com', 'https://platform.twitter.com', 'https://syndication.twitter.com'],
  scripts: ['https://platform.twitter.com'],
};

/** A relative address ('/uploads/...') made absolute for mail. */
const absolute = (address: string, publicUrl: string) => (address.startsWith('/') && !address.startsWith('//') ? `${publicUrl}${address}` : address);

/** A host no reader can reach: what an unset PUBLIC_URL gives (http://localhost:8080). */
const isLoopback = (host: string) => /^(localhost|.*\.localhost|127(\.\d+){3}|\[::1\]|0\.0\.0\.0)$/i.test(host);

function hostOf(address: string): string {
  try {
    const host = new URL(address).hostname.replace(/^www\./, '');
    return isLoopback(host) ? '' : host;
  } catch {
    return '';
  }
}

const providerNames: Partial<Record<string, string>> = { youtube: 'YouTube', spotify: 'Spotify', twitter: 'X (Twitter)' };

/**
 * Where a card of an e-mail links and what its source line says. A card of our own content links
 * to its page at PUBLIC_URL as it is now (a card made before PUBLIC_URL was set kept the address of
 * then), and its line names our site's host; no line names a host readers cannot reach.
 */
function emailCardAddress(parts: EmbedParts, base: string): { href: string; line: string } {
  const stored = absolute(parts.link || parts.source, base);
  const ownPath = parts.shown === 'product' ? /^https?:\/\/[^/]+(\/[inscp]\/[^/?#]+)$/.exec(stored)?.[1] : undefined;
  const href = ownPath ? `${base}${ownPath}` : stored;
  const site = parts.site || providerNames[parts.shown] || '';
  const host = hostOf(href);
  const names = [site, host].filter((name, index, all) => name && all.findIndex((other) => other.toLowerCase() === name.toLowerCase()) === index);
  return { href, line: `${parts.shown === 'youtube' ? '▶ ' : ''}${names.join(' · ')}` };
}

/** Long words (an address as a title) wrap rather than widen a phone's screen. */
const wrapping = 'overflow-wrap:anywhere;word-break:break-word';

/**
 * An embed as an e-mail's card (docs/decisions/0054, point 4): its words as text (the title linking
 * to the content, the excerpt, the source line) beside its small picture, or under it where the
 * screen is narrow (two inline blocks that wrap without a media query; a table for Outlook, which
 * has no inline blocks). The picture of the whole card is never used: its text would shrink with it.
 */
function emailCard(parts: EmbedParts, base: string): string {
  const { href, line } = emailCardAddress(parts, base);
  const link = escapeHtml(href);
  const title = parts.image?.alt || parts.site || hostOf(href) || href;
  const picture = parts.picture
    ? `<!--[if mso]><table role="presentation" border="0" cellpadding="0" cellspacing="0" width="100%"><tr><td width="176" valign="top"><![endif]-->` +
      `<div class="x-embed-pic" style="display:inline-block;vertical-align:top;width:100%;max-width:176px">` +
      `<a class="x-embed-a" href="${link}" target="_blank"><img src="${escapeHtml(absolute(parts.picture, base))}" alt="" width="160" style="display:block;width:160px;max-width:100%;height:auto;border:0;border-radius:4px;margin:0 16px 12px 0"></a></div>` +
      `<!--[if mso]></td><td valign="top"><![endif]-->`
    : '';
  const text =
    `<div class="x-embed-text" style="display:inline-block;vertical-align:top;width:100%;max-width:300px">` +
    `<div style="font-size:18px;font-weight:bold;line-height:1.35;margin:0 0 6px;${wrapping}"><a href="${link}" target="_blank">${escapeHtml(title)}</a></div>` +
    (parts.excerpt ? `<div style="font-size:15px;line-height:1.5;margin:0 0 6px;${wrapping}">${escapeHtml(parts.excerpt)}</div>` : '') +
    (line ? `<div style="font-size:14px;line-height:1.4;opacity:0.8;${wrapping}">${escapeHtml(line)}</div>` : '') +
    `</div>${picture ? '<!--[if mso]></td></tr></table><![endif]-->' : ''}`;
  return `<div class="x-embed" style="margin:16px 0;padding:12px;border:1px solid #d0d0d0;border-radius:8px;max-width:100%">${picture}${text}</div>`;
}

/** A custom button as a bulletproof button: a table cell Outlook paints, its label wrapping on a narrow screen. */
function emailButton(button: Element): string {
  const { href, text, color } = buttonParts(button);
  if (!href) return escapeHtml(text);
  const ink = readableTextOn(color);
  const face = `display:inline-block;padding:12px 24px;font-size:16px;font-weight:bold;line-height:1.2;text-decoration:none;border-radius:6px;${wrapping};color:${ink};background-color:${color}`;
  return `<table role="presentation" border="0" cellpadding="0" cellspacing="0" style="margin:16px 0;border-collapse:separate;max-width:100%"><tr><td align="center" bgcolor="${color}" style="border-radius:6px;background-color:${color}"><a class="x-btn-a" href="${escapeHtml(href)}" target="_blank" style="${face}">${escapeHtml(text)}</a></td></tr></table>`;
}

/**
 * For an e-mail: each embed a card of text with its small picture, each custom button a
 * bulletproof button, and our own pictures at absolute addresses.
 */
export function emailRichText(safeHtml: string, publicUrl: string): string {
  const base = publicUrl.replace(/\/+$/, '');
  const withParts = rewrite(
    safeHtml,
    (element) => isEmbed(element) || isButton(element),
    (element) => (isButton(element) ? emailButton(element) : emailCard(embedParts(element), base)),
  );
  // Pictures uploaded through the editor are kept at /uploads/...: a mail client needs the whole address.
  return withParts.replace(/(<img\b[^>]*?\ssrc=")(\/[^/"][^"]*)"/g, (_whole, start: string, src: string) => `${start}${base}${src}"`);
}
