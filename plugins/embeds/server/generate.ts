/**
 * Makes an embed's image (docs/decisions/0040-embed-service.md). A card frame, or a link to our own
 * public page, is drawn on the server from the content. An address is rendered by headless
 * Chromium when CHROMIUM_PATH is set (the player's frame for YouTube and Spotify, the post's widget
 * for Twitter, the page itself otherwise); without Chromium, or when it fails, the server draws a
 * card from what the page says of itself (OpenGraph), or from the post's oEmbed. The PNG is kept
 * through the storage adapter under embeds/.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Handle } from '../../../core/server/db/database';
import type { ServerEnv } from '../../../core/server/env';
import { assertPublicAddress, fetchLimited, FetchRefused, type PrivateAccess } from '../../../core/server/services/safe-fetch';
import { newKey, type Storage } from '../../../core/server/services/storage';
import { constants } from '../../../core/shared/config';
import {
  embedExcerpt,
  embedSize,
  embedTargetOf,
  newEmbedId,
  productCardSize,
  withoutEmojis,
  type EmbedSize,
  type EmbedTarget,
  type ProductKind,
} from '../../../core/shared/embeds';
import type { EmbedGenerated } from '../../../schemas/generated/api/embed-generated';
import { embedPrivateMessage } from '../rules';
import { unfinishedDrawing, type BrowserRenderer, type Scene } from './browser';
import { drawCard, pictureSize, type CardContent, type ProviderPanel } from './card';
import { ownCardSize, ownContent } from './content';
import { decodePage, readPageMeta, type PageMeta } from './meta';
import { cutPicture, fetchPicture, ownPicture } from './pictures';
import { postPage, playerPage } from './frames';
import { smallPicture, videoThumbnail } from './small-picture';
import { fetchPost } from './twitter';

export interface EmbedMaker {
  env: ServerEnv;
  db: Handle;
  storage: Storage;
  log: FastifyBaseLogger;
  /** Headless Chromium, when CHROMIUM_PATH is set. */
  browser: BrowserRenderer | null;
}

/** Which private addresses embeds may reach (EMBED_ALLOW_PRIVATE). */
export function privateAccessOf(env: Pick<ServerEnv, 'embedAllowPrivate'>): PrivateAccess {
  const allowed = env.embedAllowPrivate;
  return Array.isArray(allowed) ? (url) => allowed.includes(url.origin) : allowed;
}

const hostOf = (url: string) => new URL(url).hostname.replace(/^www\./, '');

async function keep(maker: EmbedMaker, png: Buffer): Promise<string> {
  const stored = await maker.storage.put(newKey('embeds', 'png'), png, 'image/png');
  return stored.url;
}

/** The small picture an e-mail shows beside the card's words, kept; nothing when there is none. */
async function keepSmallPicture(maker: EmbedMaker, source: Buffer | null, panel: ProviderPanel | undefined): Promise<{ picture?: string }> {
  const png = await smallPicture(source, panel);
  return png ? { picture: await keep(maker, png) } : {};
}

/** A card of our own content (a card frame, or a pasted link to one of our public pages) of the caller's publisher. */
export async function generateCard(maker: EmbedMaker, publisherId: string | null, product: ProductKind, idOrKey: string): Promise<EmbedGenerated> {
  const content = await ownContent(maker.db, publisherId, maker.env.publicUrl, product, idOrKey);
  const context = { storage: maker.storage, env: maker.env, access: privateAccessOf(maker.env) };
  const source = await ownPicture(content.image, context);
  const withImage = ownCardSize(content, true);
  const picture = source ? await cutPicture(source, pictureSize(withImage, content.shape)) : null;
  // A square card keeps its size with or without a logo; a wide one is shorter without a picture.
  const size = ownCardSize(content, Boolean(picture));
  const card: CardContent = {
    title: content.title,
    excerpt: content.excerpt,
    image: picture,
    label: content.label,
    footer: hostOf(content.link),
    color: content.color,
    shape: content.shape,
  };
  const png = await drawCard(card, size);
  return {
    url: await keep(maker, png),
    ...size,
    link: content.link,
    title: content.title,
    excerpt: content.excerpt,
    ...(await keepSmallPicture(maker, source, undefined)),
    ...(content.site && { site: content.site }),
    kind: 'product',
    product,
    embedId: newEmbedId(),
    renderedBy: 'card',
  };
}

/** The address as a URL, or a 422 on frame.url. */
function pageUrl(text: string): URL | null {
  try {
    const url = new URL(text.trim());
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname ? url : null;
  } catch {
    return null;
  }
}

/** What a url frame is, in the answer's words. */
const kindOf = (target: EmbedTarget | null) => (target && target.kind !== 'product' ? target.kind : 'page');

/** Reads a page's head: its OpenGraph tags. */
async function readMeta(url: string, access: PrivateAccess, signal: AbortSignal): Promise<PageMeta> {
  const {
    body,
    contentType,
    url: landed,
  } = await fetchLimited(url, {
    maxBytes: constants.embeds.pageMaxBytes,
    truncate: true,
    timeoutMs: constants.embeds.fetchTimeoutMs,
    allowPrivate: access,
    privateMessage: embedPrivateMessage,
    tooBigMessage: 'The page is too large.',
    headers: { accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.5' },
    signal,
  });
  if (!/html|xml/i.test(contentType) && contentType) return { title: '', description: '', image: '', siteName: landed.hostname.replace(/^www\./, '') };
  return readPageMeta(decodePage(body, contentType), landed);
}

/** An address made into an image: rendered by Chromium, else a card of what it says of itself. */
export async function generateFromUrl(maker: EmbedMaker, publisherId: string | null, address: string): Promise<EmbedGenerated> {
  const url = pageUrl(address);
  if (!url) throw new FetchRefused('URL must start with either "https://" or "http://" and must be valid.', 'invalid');
  const target = embedTargetOf(url.href, maker.env.publicUrl);
  if (target?.kind === 'product') return generateCard(maker, publisherId, target.product, target.key);

  const access = privateAccessOf(maker.env);
  const deadline = Date.now() + constants.embeds.renderTimeoutMs;
  const signal = AbortSignal.timeout(constants.embeds.renderTimeoutMs);
  const link = target?.url ?? url.href;
  // A page is fetched (or loaded by Chromium) at its own address; a player's frame or a post is not.
  if (!target) await assertPublicAddress(url, access, embedPrivateMessage);

  const post = target?.kind === 'twitter' ? await fetchPost(maker.env, target.url, signal).catch(orNothing(maker, url)) : null;
  const reading: AddressReading = { target, url, link, post, signal };
  const base = {
    link,
    kind: kindOf(target),
    ...(target?.kind === 'spotify' && { spotifyType: target.type }),
    embedId: newEmbedId(),
  } as const;

  if (maker.browser) {
    const size = target ? embedSize(target) : productCardSize('wide', true);
    const scene = sceneOf(target, url, post?.html ?? null, size);
    if (scene) {
      try {
        // The card's words and small picture, read while the page renders.
        const [rendered, words] = await Promise.all([maker.browser.render(scene, size, deadline), cardWords(maker, reading)]);
        const title = withoutEmojis(post?.title ?? rendered.title) || providerTitle(target, url);
        return { url: await keep(maker, rendered.png), ...size, ...base, title, ...words, renderedBy: 'chromium' };
      } catch (error) {
        if (error instanceof FetchRefused && (error.kind === 'private' || error.kind === 'not-found')) throw error;
        // A page that held Chromium to the deadline leaves no time for its card: the answer says why.
        if (Date.now() >= deadline) throw error;
        maker.log.warn({ err: error, url: url.href }, 'embed: Chromium could not render; drawing a card');
      }
    }
  }

  // The card: the post's words, or the page's OpenGraph tags (YouTube and Spotify pages carry them).
  // A player or a post that cannot be read now is still drawn, from its address alone; an unknown page that cannot be read is an error.
  const { meta, source } = await pageSays(maker, reading);
  return drawnEmbed(maker, target, url, meta, source, base, deadline);
}

/** An address being made into an embed: what it is, where it links, the post read of it (Twitter), and the render's signal. */
interface AddressReading {
  target: EmbedTarget | null;
  url: URL;
  link: string;
  post: { title: string; text: string } | null;
  signal: AbortSignal;
}

/** What an address says of itself: the post's words or the page's OpenGraph tags, and its picture (a video's own thumbnail first). */
async function pageSays(maker: EmbedMaker, { target, url, link, post, signal }: AddressReading): Promise<{ meta: PageMeta; source: Buffer | null }> {
  const access = privateAccessOf(maker.env);
  const known = target !== null;
  const meta: PageMeta = post
    ? { title: post.title, description: post.text, image: '', siteName: 'X (Twitter)' }
    : ((await readMeta(link, access, signal).catch(known ? orNothing(maker, url) : rethrow)) ?? addressMeta(target));
  const thumbnail = await videoThumbnail(target, access, signal);
  const source = thumbnail ?? (meta.image ? await fetchPicture(meta.image, access, signal).catch(known ? orNothing(maker, url) : rethrow) : null);
  return { meta, source };
}

/** The words and small picture of a card Chromium drew (an e-mail writes them as text); what cannot be read is left out. */
async function cardWords(maker: EmbedMaker, reading: AddressReading): Promise<Pick<EmbedGenerated, 'excerpt' | 'picture' | 'site'>> {
  const said = await pageSays(maker, reading).catch(() => ({ meta: addressMeta(reading.target), source: null }));
  return { ...textOf(said.meta, reading.link), ...(await keepSmallPicture(maker, said.source, providerPanel(reading.target))) };
}

/** A card's excerpt and site from what the page says of itself. */
function textOf(meta: PageMeta, link: string): Pick<EmbedGenerated, 'excerpt' | 'site'> {
  const excerpt = embedExcerpt(withoutEmojis(meta.description), 'wide');
  return { ...(excerpt && { excerpt }), site: withoutEmojis(meta.siteName) || hostOf(link) };
}

/**
 * The card's drawing, answered by the render's deadline when it has one: after a page that held
 * Chromium for most of it, a card drawn on a busy server would answer late (nothing is kept then).
 */
async function beforeDeadline<T>(work: Promise<T>, deadline: number | undefined): Promise<T> {
  if (deadline === undefined) return work;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(unfinishedDrawing()), Math.max(deadline - Date.now(), 0));
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** What is known of a provider's address without reading it. */
const addressMeta = (target: EmbedTarget | null): PageMeta => ({ title: '', description: '', image: '', siteName: providerName(target) });

/** The card of an address: what it says of itself (or the provider's panel), drawn and kept. */
async function drawnEmbed(
  maker: EmbedMaker,
  target: EmbedTarget | null,
  url: URL,
  meta: PageMeta,
  source: Buffer | null,
  base: Pick<EmbedGenerated, 'link' | 'kind' | 'spotifyType' | 'embedId'>,
  deadline?: number,
): Promise<EmbedGenerated> {
  const title = withoutEmojis(meta.title) || providerTitle(target, url);
  const fullSize = target ? embedSize(target) : productCardSize('wide', true);
  const picture = source ? await cutPicture(source, pictureSize(fullSize, 'wide')) : null;
  const size = target ? fullSize : productCardSize('wide', Boolean(picture));
  const card: CardContent = {
    title,
    excerpt: embedExcerpt(withoutEmojis(meta.description), 'wide'),
    image: picture,
    label: withoutEmojis(meta.siteName) || hostOf(base.link),
    footer: hostOf(base.link),
    shape: 'wide',
    panel: providerPanel(target),
  };
  const png = await beforeDeadline(drawCard(card, size), deadline);
  const small = await beforeDeadline(keepSmallPicture(maker, source, card.panel), deadline);
  return { url: await keep(maker, png), ...size, ...base, title, excerpt: card.excerpt, ...small, site: card.label, renderedBy: 'card' };
}

/**
 * A YouTube, Spotify or Twitter address drawn as its provider's card without reading anything
 * (the demo data's embeds, made offline); null for any other address.
 */
export async function providerEmbed(maker: EmbedMaker, address: string): Promise<EmbedGenerated | null> {
  const target = embedTargetOf(address);
  if (!target || target.kind === 'product') return null;
  const base = { link: target.url, kind: target.kind, ...(target.kind === 'spotify' && { spotifyType: target.type }), embedId: newEmbedId() } as const;
  return drawnEmbed(maker, target, new URL(target.url), addressMeta(target), null, base);
}

/** What Chromium renders: the page itself, the post's widget, or the player's frame. */
function sceneOf(target: EmbedTarget | null, url: URL, postHtml: string | null, size: EmbedSize): Scene | null {
  if (!target) return { url: url.href };
  if (postHtml !== null) return { html: postPage(postHtml, size) };
  const player = playerPage(target, size);
  return player ? { html: player } : null;
}

/** For a known provider: what could not be read is left out of its card (a refused private address still refuses). */
function orNothing(maker: EmbedMaker, url: URL) {
  return (error: unknown): null => {
    if (error instanceof FetchRefused && error.kind === 'private') throw error;
    maker.log.info({ err: error, url: url.href }, 'embed: the provider could not be read; drawing its card from the address');
    return null;
  };
}

const rethrow = (error: unknown): never => {
  throw error;
};

/** The provider's name on a card drawn from its address alone. */
function providerName(target: EmbedTarget | null): string {
  if (target?.kind === 'youtube') return 'YouTube';
  if (target?.kind === 'spotify') return 'Spotify';
  if (target?.kind === 'twitter') return 'X (Twitter)';
  return '';
}

/** What a provider's card shows where no picture could be had. */
function providerPanel(target: EmbedTarget | null): ProviderPanel | undefined {
  if (target?.kind === 'youtube') return { color: '#cc0000', glyph: 'play' };
  if (target?.kind === 'spotify') return { color: '#1db954', glyph: 'listen' };
  if (target?.kind === 'twitter') return { color: '#0f1419', glyph: 'post' };
  return undefined;
}

/** A title when the page gives none: the provider's words, else the address's host. */
function providerTitle(target: EmbedTarget | null, url: URL): string {
  if (target?.kind === 'youtube') return 'YouTube video';
  if (target?.kind === 'spotify') return `Spotify ${target.type}`;
  if (target?.kind === 'twitter') return `A post by @${target.user}`;
  return url.hostname.replace(/^www\./, '');
}
