/**
 * Sanitized rich text made ready for where it is read (docs/decisions/0039). Stored rich text keeps
 * an embed as a picture linking to its content and a custom button as a coloured link
 * (core/shared/embeds.ts); a public page plays the live embed instead (YouTube, Spotify, Twitter),
 * and an e-mail gets a bulletproof button (a table cell Outlook paints) and pictures at absolute
 * addresses. Only those elements are rewritten: every other byte stays as the sanitizer wrote it.
 */
import type { Element } from 'domhandler';
import { findAll, textContent } from 'domutils';
import { parseDocument } from 'htmlparser2';
import { hexColorPattern, readableTextOn } from '../shared/color';
import { buttonClass, customButton, embedClass, embedFrameUrl, embedTargetOf } from '../shared/embeds';
import { escapeHtml } from '../shared/text';

const hasClass = (element: Element, name: string) => (element.attribs.class ?? '').split(/\s+/).includes(name);

/** The HTML with each element `pick` chooses replaced by what `replace` writes (null keeps it). */
function rewrite(html: string, pick: (element: Element) => boolean, replace: (element: Element) => string | null): string {
  if (!html.includes('mh-')) return html;
  const document = parseDocument(html, { withStartIndices: true, withEndIndices: true });
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
}

function embedParts(figure: Element): EmbedParts {
  const anchor = findAll((element) => element.name === 'a', figure.children)[0];
  const img = findAll((element) => element.name === 'img', figure.children)[0];
  return {
    link: anchor?.attribs.href ?? '',
    image: img
      ? { src: img.attribs.src ?? '', alt: img.attribs.alt ?? '', width: Number(img.attribs.width) || 0, height: Number(img.attribs.height) || 0 }
      : null,
    source: figure.attribs['data-url'] ?? '',
    shown: figure.attribs['data-embed'] ?? '',
  };
}

const isEmbed = (element: Element) => element.name === 'figure' && hasClass(element, embedClass);
const isButton = (element: Element) => element.name === 'div' && hasClass(element, buttonClass);

function buttonParts(div: Element) {
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

/**
 * For an e-mail: each embed is its picture linking to the content, each custom button a
 * bulletproof button, and our own pictures at absolute addresses.
 */
export function emailRichText(safeHtml: string, publicUrl: string): string {
  const base = publicUrl.replace(/\/+$/, '');
  const withParts = rewrite(
    safeHtml,
    (element) => isEmbed(element) || isButton(element),
    (element) => {
      if (isButton(element)) {
        const { href, text, color } = buttonParts(element);
        if (!href) return escapeHtml(text);
        const ink = readableTextOn(color);
        const face = `display:inline-block;padding:12px 24px;font-size:16px;font-weight:bold;line-height:1.2;text-decoration:none;border-radius:6px;color:${ink};background-color:${color}`;
        return `<table role="presentation" border="0" cellpadding="0" cellspacing="0" style="margin:16px 0;border-collapse:separate"><tr><td align="center" bgcolor="${color}" style="border-radius:6px;background-color:${color}"><a class="x-btn-a" href="${escapeHtml(href)}" target="_blank" style="${face}">${escapeHtml(text)}</a></td></tr></table>`;
      }
      const parts = embedParts(element);
      if (!parts.image) return null;
      const { src, alt, width, height } = parts.image;
      return `<div class="x-embed" style="margin:16px 0"><a class="x-embed-a" href="${escapeHtml(absolute(parts.link || parts.source, base))}" target="_blank"><img src="${escapeHtml(absolute(src, base))}" alt="${escapeHtml(alt)}" width="${width}" height="${height}" style="display:block;width:100%;max-width:${width}px;height:auto;border:0"></a></div>`;
    },
  );
  // Pictures uploaded through the editor are kept at /uploads/...: a mail client needs the whole address.
  return withParts.replace(/(<img\b[^>]*?\ssrc=")(\/[^/"][^"]*)"/g, (_whole, start: string, src: string) => `${start}${base}${src}"`);
}
