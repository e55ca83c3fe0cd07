/**
 * Editor embeds and custom buttons (spec 002 sections 2.10, 3, 5, 9), read the same way by the
 * editor, the embed service, the sanitizer, the e-mail and the public pages: which addresses make
 * which embed, its size, and how it is kept in stored rich text (docs/decisions/0039).
 */
import type { EmbedGenerated } from '../../schemas/generated/api/embed-generated';
import { readableTextOn } from './color';
import { cutText, escapeHtml } from './text';

/** The embed kinds of spec 002 section 3: three services and links to our own content (the own-issue embed is a product link of kind i). */
export type EmbedKind = EmbedTarget['kind'];

/** Product link kinds: i (issue), n (newsletter), s (story), c (collection), p (publisher). */
export type ProductKind = 'i' | 'n' | 's' | 'c' | 'p';
export const productKinds: readonly ProductKind[] = ['i', 'n', 's', 'c', 'p'];

export type SpotifyType = 'album' | 'track' | 'playlist' | 'artist' | 'show' | 'episode';
const spotifyTypes: readonly SpotifyType[] = ['album', 'track', 'playlist', 'artist', 'show', 'episode'];

/** What an address embeds: the kind, what identifies it, and the address to link to. */
export type EmbedTarget =
  | { kind: 'youtube'; videoId: string; url: string }
  | { kind: 'spotify'; type: SpotifyType; id: string; url: string }
  | { kind: 'twitter'; user: string; statusId: string; url: string }
  /** Our own public page: /i/, /n/, /s/, /c/ or /p/ followed by its key. */
  | { kind: 'product'; product: ProductKind; key: string; url: string };

export interface EmbedSize {
  width: number;
  height: number;
}

/** Spec 002 section 9: youtube 600x340; spotify show and episode 232 tall, track 300 wide, others 600x380. */
export function embedSize(target: Pick<EmbedTarget, 'kind'> & { type?: SpotifyType }): EmbedSize {
  if (target.kind === 'youtube') return { width: 600, height: 340 };
  if (target.kind === 'spotify') {
    if (target.type === 'show' || target.type === 'episode') return { width: 600, height: 232 };
    if (target.type === 'track') return { width: 300, height: 380 };
    return { width: 600, height: 380 };
  }
  // Twitter's own widget is at most 550 wide; its height follows the post.
  if (target.kind === 'twitter') return { width: 550, height: 380 };
  return productCardSize('wide', true);
}

/**
 * Product embed cards (spec 002 section 9): 420, 380 or 255 tall and 420 or 550 wide. A wide card
 * with a picture is 420 tall, without one 255; a square card (a newsletter or a publisher, led by
 * its logo) is 420 by 380.
 */
export function productCardSize(shape: 'wide' | 'square', withImage: boolean): EmbedSize {
  if (shape === 'square') return { width: 420, height: 380 };
  return { width: 550, height: withImage ? 420 : 255 };
}

/** The excerpt of a card: cut at 100 characters on a square card, 200 on a wide one, on a word, with an ellipsis. */
export function embedExcerpt(text: string, shape: 'wide' | 'square'): string {
  const max = shape === 'square' ? 100 : 200;
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = cutText(clean, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s.,;:!?-]+$/, '')}…`;
}

/** A title without emojis (spec 002 section 9), its spaces tidied. */
export function withoutEmojis(text: string): string {
  return (
    text
      // Pictographs, skin tones, regional-indicator flags, then the joiners and variation selectors left between them.
      .replace(/\p{Extended_Pictographic}|\p{Emoji_Modifier}|[\u{1F1E6}-\u{1F1FF}]/gu, '')
      .replace(/\u{FE0F}|\u{200D}|\u{20E3}/gu, '')
      .replace(/\s+/g, ' ')
      .trim()
  );
}

/** Embed ids are 10 random characters (spec 002 section 9). */
export function newEmbedId(): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  const bytes = crypto.getRandomValues(new Uint8Array(10));
  return Array.from(bytes, (byte) => alphabet[byte % alphabet.length]).join('');
}

export const embedIdPattern = /^[A-Za-z0-9]{10}$/;

function parsed(text: string): URL | null {
  try {
    const url = new URL(text.trim());
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : null;
  } catch {
    return null;
  }
}

/**
 * What an address embeds, or null when it is none of the kinds. `ownOrigin` is this Masthead's
 * public address: a link to one of its public pages is a product link.
 */
export function embedTargetOf(text: string, ownOrigin?: string): EmbedTarget | null {
  const url = parsed(text);
  if (!url) return null;
  const host = url.hostname.toLowerCase().replace(/^(www|m|mobile)\./, '');
  const parts = url.pathname.split('/').filter(Boolean);
  if (host === 'youtube.com' || host === 'youtube-nocookie.com' || host === 'youtu.be') {
    const videoId =
      host === 'youtu.be'
        ? parts[0]
        : parts[0] === 'watch'
          ? url.searchParams.get('v')
          : ['embed', 'shorts', 'live'].includes(parts[0] ?? '')
            ? parts[1]
            : null;
    return videoId && /^[\w-]{6,20}$/.test(videoId) ? { kind: 'youtube', videoId, url: `https://www.youtube.com/watch?v=${videoId}` } : null;
  }
  if (host === 'open.spotify.com') {
    // Localised addresses carry a first part such as intl-tr.
    const rest = parts[0]?.startsWith('intl-') ? parts.slice(1) : parts;
    const [type, id] = rest[0] === 'embed' ? rest.slice(1) : rest;
    return spotifyTypes.includes(type as SpotifyType) && id && /^[A-Za-z0-9]{10,40}$/.test(id)
      ? { kind: 'spotify', type: type as SpotifyType, id, url: `https://open.spotify.com/${type}/${id}` }
      : null;
  }
  if (host === 'twitter.com' || host === 'x.com') {
    const [user, status, statusId] = parts;
    return user && (status === 'status' || status === 'statuses') && statusId && /^\d{1,25}$/.test(statusId) && /^\w{1,15}$/.test(user)
      ? { kind: 'twitter', user, statusId, url: `https://twitter.com/${user}/status/${statusId}` }
      : null;
  }
  const own = ownOrigin ? parsed(ownOrigin) : null;
  if (own && url.origin === own.origin && parts.length === 2 && productKinds.includes(parts[0] as ProductKind)) {
    const key = decodeURIComponent(parts[1]!);
    return { kind: 'product', product: parts[0] as ProductKind, key, url: `${own.origin}/${parts[0]}/${encodeURIComponent(key)}` };
  }
  return null;
}

/** The address of the live embed a public page frames (YouTube without cookies, Spotify's player). */
export function embedFrameUrl(target: EmbedTarget): string | null {
  if (target.kind === 'youtube') return `https://www.youtube-nocookie.com/embed/${target.videoId}`;
  if (target.kind === 'spotify') return `https://open.spotify.com/embed/${target.type}/${target.id}`;
  return null;
}

/** Custom buttons (spec 002 sections 5 and 9). */
export const customButton = {
  maxText: 50,
  defaultColor: '#ffce14',
  marker: 'a=customButton',
  emptyTextMessage: "Text can't be empty.",
  invalidUrlMessage: 'URL must start with either "https://" or "http://" and must be valid.',
} as const;

/** The button's text as stored: cut at 50 characters plus an ellipsis. */
export function buttonText(text: string): string {
  const clean = text.trim();
  return clean.length > customButton.maxText ? `${cutText(clean, customButton.maxText)}…` : clean;
}

/** The button's link as stored: trimmed, with the ?a=customButton marker; null when it is not a valid http(s) address. */
export function buttonLink(text: string): string | null {
  const trimmed = text.trim();
  if (!/^https?:\/\//i.test(trimmed)) return null;
  const url = parsed(trimmed);
  if (!url || (!url.hostname.includes('.') && url.hostname !== 'localhost')) return null;
  if (url.searchParams.get('a') !== 'customButton') url.searchParams.append('a', 'customButton');
  return url.href;
}

/** The address as the writer typed it: the stored link without the ?a=customButton marker (for editing a button). */
export function buttonLinkTyped(href: string): string {
  const url = parsed(href);
  if (!url || url.searchParams.get('a') !== 'customButton') return href;
  url.searchParams.delete('a');
  return url.href;
}

/**
 * How embeds and buttons are kept in stored rich text (docs/decisions/0039):
 * `<figure class="mh-embed" data-embed="youtube" data-embed-id="…" data-url="…" data-excerpt="…" data-picture="…" data-site="…"><a href="…"><img src="…" alt="…" width="600" height="340"></a></figure>`
 * (a picture of the card that links to the content; public pages play the live embed, and an e-mail writes the card
 * as text from the title (alt), the excerpt, the site and the small picture),
 * `<figure class="mh-embed-pending" data-embed-id="…" data-url="…"></figure>` while its picture is made (never saved), and
 * `<div class="mh-button" data-color="#ffce14"><a href="…?a=customButton" style="background-color:#ffce14;color:#111111">Text</a></div>`.
 */
export const embedClass = 'mh-embed';
export const pendingEmbedClass = 'mh-embed-pending';
export const buttonClass = 'mh-button';

/** What an embed's picture shows: one of the services, our own content, or any other page. */
export type EmbedShown = 'youtube' | 'spotify' | 'twitter' | 'product' | 'page';
export const embedShownKinds: readonly EmbedShown[] = ['youtube', 'spotify', 'twitter', 'product', 'page'];

/** A made embed: what the embed service answered for an address. */
export interface StoredEmbed {
  /** 10 random characters. */
  id: string;
  shown: EmbedShown;
  /** The address the writer gave (a live embed on the public pages is made from it). */
  source: string;
  /** Where the picture links. */
  link: string;
  image: string;
  width: number;
  height: number;
  title: string;
  /** The card's words under its title, when the content has any (an e-mail writes them as text). */
  excerpt?: string;
  /** A small picture without text (the content's picture, a video's thumbnail with its play mark), when there is one. */
  picture?: string;
  /** Whose it is: the site's or provider's name, or our newsletter's. */
  site?: string;
}

/**
 * What an embed's card says as text (docs/decisions/0054, point 4), kept beside its picture so that
 * an e-mail writes the card as words: their longest kept lengths, and the small picture's size
 * (twice the 160 px an e-mail shows it at).
 */
export const embedText = { excerptMax: 300, siteMax: 80, pictureMax: 2048, picture: { width: 320, height: 180 } } as const;

/** A small picture's address as kept: http(s), or one of our uploads ('/uploads/...'); null otherwise. */
export function embedPictureAddress(value: string | undefined): string | null {
  if (!value || value.length > embedText.pictureMax || value.includes('..')) return null;
  return /^https?:\/\/[^\s"'<>]+$/i.test(value) || /^\/uploads\/[\w./-]+$/.test(value) ? value : null;
}

/** What the embed service answered for an address, as an embed to keep (`id` the placeholder's, `source` the address given). */
export function storedEmbedOf(made: EmbedGenerated, id: string, shown: EmbedShown, source: string): StoredEmbed {
  const { link, url: image, width, height, title, excerpt, picture, site } = made;
  return { id, shown, source, link, image, width, height, title, ...(excerpt && { excerpt }), ...(picture && { picture }), ...(site && { site }) };
}

/** A made embed in its stored form, as the editor writes it. */
export function storedEmbedHtml(embed: StoredEmbed): string {
  const attribute = (value: string | number) => escapeHtml(String(value));
  const text = [
    embed.excerpt ? ` data-excerpt="${attribute(embed.excerpt)}"` : '',
    embed.picture ? ` data-picture="${attribute(embed.picture)}"` : '',
    embed.site ? ` data-site="${attribute(embed.site)}"` : '',
  ].join('');
  return (
    `<figure class="${embedClass}" data-embed="${embed.shown}" data-embed-id="${attribute(embed.id)}" data-url="${attribute(embed.source)}"${text}>` +
    `<a href="${attribute(embed.link)}"><img src="${attribute(embed.image)}" alt="${attribute(embed.title)}" width="${embed.width}" height="${embed.height}"></a></figure>`
  );
}

/** A custom button in its stored form, as the editor writes it: `text` and `href` as buttonText and buttonLink made them. */
export function storedButtonHtml(text: string, href: string, color: string = customButton.defaultColor): string {
  return (
    `<div class="${buttonClass}" data-color="${color}"><a style="background-color:${color};color:${readableTextOn(color)};" href="${escapeHtml(href)}">` +
    `${escapeHtml(text)}</a></div>`
  );
}

/** Whether rich text holds an embed whose picture is still being made: autosave waits for it (spec 001). */
export function hasPendingEmbed(html: string): boolean {
  return html.includes(pendingEmbedClass);
}
