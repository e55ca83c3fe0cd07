/**
 * The one frame of every reader page (/n/{key}, /p/{key}, /s/{slug}, /i/{slug}, /c/{slug}, the
 * subscribe and unsubscribe answers, the 404 and 410 pages): the newsletter's colours and logo in
 * a header, the content, a band with the subscribe form where the page has one, and a footer
 * (the newsletter, its publisher, its feeds). Its share cards (OpenGraph, Twitter) and the feed's
 * <link rel="alternate"> are written here too. Its texts speak the newsletter's language
 * (core/server/reader-words.ts). Every text given here is escaped; the content and
 * the form are HTML their makers escaped or sanitized. The core knows no plugin: what a page shows
 * of a newsletter (its form, its feeds) comes in the `PublicPageNewsletter` its caller builds.
 */
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { constants } from '../shared/config';
import { escapeHtml } from '../shared/text';
import type { NewsletterRow } from './db/tables';
import { readerText } from './reader-words';

/** The look and the reader's ways out of one newsletter's (or a publisher's) pages. */
export interface PublicPageNewsletter {
  title: string;
  key: string;
  color: string;
  textColor: string;
  lang: string;
  /** Where the header links: the newsletter's landing page /n/{key} unless said (a publisher's collection: /p/{key}). */
  href?: string;
  /** Its logo (an address), shown in the header. */
  image?: string;
  /** The publisher, linked from the footer to /p/{key}. */
  publisher?: { title: string; key: string };
  /** Addresses of its feeds (paths on this server), linked from the footer; rss also as <link rel="alternate">. */
  feeds?: { rss?: string; podcast?: string };
  /** The subscribe form (HTML, made by the subscribers plugin), shown in a band after the content with a header button to it. */
  subscribe?: string;
}

/** What a page tells the sites it is shared on (OpenGraph, Twitter cards). */
export interface PublicPageMeta {
  /** PUBLIC_URL: share cards need absolute addresses. */
  publicUrl: string;
  /** The page's own path (/i/{slug}). */
  path: string;
  description?: string;
  /** A picture for the card (an address on this server or an http(s) one). */
  image?: string;
  type: 'article' | 'website';
}

/** The frame of a newsletter's pages, from its record: colours and logo, no form nor feeds (the caller adds what it knows). */
export function newsletterFrame(
  newsletter: Pick<NewsletterRow, 'title' | 'key' | 'color' | 'text_color' | 'lang'> & Partial<Pick<NewsletterRow, 'image'>>,
): PublicPageNewsletter {
  return {
    title: newsletter.title,
    key: newsletter.key,
    color: newsletter.color,
    textColor: newsletter.text_color,
    lang: newsletter.lang,
    ...(newsletter.image ? { image: newsletter.image } : {}),
  };
}

/** The frame of a page that belongs to no newsletter (a link that names none it knows), in a new newsletter's default language. */
export const mastheadFrame: PublicPageNewsletter = {
  title: 'Masthead',
  key: '',
  color: '#ffce14',
  textColor: '#201f1e',
  lang: constants.design.langs[0]!,
  href: '',
};

/** A colour as CSS takes it: a stored colour that is not a hex value gives way to `fallback` (nothing reaches the style sheet unchecked). */
export function cssColor(value: string | undefined, fallback: string): string {
  return value && /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i.test(value.trim()) ? value.trim() : fallback;
}

/** An address made absolute against PUBLIC_URL (a share card or a feed resolves nothing against our origin); '' stays ''. */
export function absoluteUrl(address: string, publicUrl: string): string {
  if (!address) return '';
  if (/^https?:\/\//i.test(address)) return address;
  return `${publicUrl.replace(/\/+$/, '')}${address.startsWith('/') ? '' : '/'}${address}`;
}

/** The id of the subscribe band, the header button's target. */
const subscribeAnchor = 'abone-ol';

function styles(newsletter: PublicPageNewsletter): string {
  const brand = cssColor(newsletter.color, mastheadFrame.color);
  const onBrand = cssColor(newsletter.textColor, mastheadFrame.textColor);
  return `
  :root { --brand: ${brand}; --on-brand: ${onBrand}; --ink: #201f1e; --muted: #605e5c; --line: #e1dfdd; --paper: #f6f5f3; }
  *, *::before, *::after { box-sizing: border-box; }
  html { -webkit-text-size-adjust: 100%; }
  body { margin: 0; font-family: 'Segoe UI', -apple-system, Roboto, Arial, sans-serif; background: #fff; color: var(--ink); line-height: 1.6; overflow-wrap: break-word; display: flex; flex-direction: column; min-height: 100vh; }
  main { flex: 1 0 auto; }
  img { max-width: 100%; height: auto; }
  a { color: inherit; text-decoration-color: var(--brand); text-decoration-thickness: 2px; text-underline-offset: 3px; }
  a:hover { text-decoration-color: currentColor; }
  a:focus-visible, button:focus-visible, input:focus-visible { outline: 3px solid var(--ink); outline-offset: 2px; }
  .masthead { background: var(--brand); color: var(--on-brand); }
  .masthead .bar { max-width: 1120px; margin: 0 auto; padding: 8px 20px; min-height: 64px; display: flex; align-items: center; justify-content: space-between; gap: 12px; }
  .brand { display: inline-flex; align-items: center; gap: 12px; min-height: 44px; color: inherit; text-decoration: none; font-weight: 700; font-size: 18px; min-width: 0; }
  .brand img { width: 40px; height: 40px; border-radius: 10px; object-fit: cover; background: #fff; flex: none; }
  .brand span { overflow-wrap: anywhere; }
  .button { display: inline-flex; align-items: center; justify-content: center; min-height: 48px; padding: 10px 24px; border: 0; border-radius: 8px; background: var(--brand); color: var(--on-brand); font: inherit; font-weight: 600; line-height: 1.2; cursor: pointer; text-decoration: none; box-shadow: inset 0 0 0 1px rgba(0, 0, 0, .12); }
  .button:hover { filter: brightness(.94); }
  .button.secondary { background: #fff; color: var(--ink); box-shadow: inset 0 0 0 1px #8a8886; font-weight: 600; }
  .button.secondary:hover { filter: none; background: var(--paper); box-shadow: inset 0 0 0 1px var(--ink); }
  .actions { display: flex; flex-wrap: wrap; align-items: center; gap: 12px 20px; margin: 16px 0; }
  .actions form { margin: 0; }
  .fine { font-size: 14px; color: var(--muted); }
  .masthead .button { background: var(--on-brand); color: var(--brand); min-height: 44px; padding: 8px 18px; flex: none; }
  .column { max-width: 730px; margin: 0 auto; padding: 32px 20px 56px; }
  article.column { font-size: 18px; line-height: 1.7; }
  .cover { display: block; width: 100%; aspect-ratio: 3 / 2; object-fit: cover; border-radius: 8px; margin-bottom: 24px; }
  h1 { font-size: clamp(28px, 5vw, 40px); line-height: 1.2; margin: 0 0 12px; }
  h2 { font-size: 24px; line-height: 1.3; margin: 40px 0 12px; }
  h3 { font-size: 20px; line-height: 1.35; margin: 28px 0 6px; }
  .subtitle { font-size: 20px; color: var(--muted); margin: 0 0 16px; }
  .byline { color: var(--muted); font-size: 15px; margin-bottom: 32px; }
  .notice[role="alert"] { color: #a4262c; font-weight: 600; }
  .items, .cards, .issues { list-style: none; padding: 0; margin: 0; }
  .items li { display: flex; gap: 16px; align-items: center; margin-bottom: 16px; }
  .items img { width: 120px; aspect-ratio: 3 / 2; object-fit: cover; border-radius: 6px; flex: none; }
  .cards li { background: #fff; border: 1px solid var(--line); border-radius: 8px; padding: 16px; margin-bottom: 12px; overflow: hidden; }
  .cards img.thumb { float: left; width: 64px; height: 64px; object-fit: cover; border-radius: 8px; margin-right: 16px; }
  .issues li { border-bottom: 1px solid var(--line); padding: 14px 0; }
  .issues li:first-child { border-top: 1px solid var(--line); }
  .issues a { display: inline-block; font-weight: 600; font-size: 19px; line-height: 1.35; padding: 6px 0; }
  .issues time { display: block; color: var(--muted); font-size: 14px; }
  .issues p { margin: 4px 0 0; color: var(--muted); }
  .more { display: inline-flex; align-items: center; min-height: 44px; font-weight: 600; }
  .mh-button { margin: 24px 0; }
  .mh-button a { display: inline-flex; align-items: center; min-height: 48px; padding: 12px 24px; border-radius: 8px; font-weight: 600; line-height: 1.2; text-decoration: none; max-width: 100%; }
  .mh-button a:hover { filter: brightness(.94); }
  .mh-embed { margin: 28px 0; }
  .mh-embed img { display: block; border-radius: 8px; }
  .mh-embed__frame { position: relative; width: 100%; }
  .mh-embed__frame iframe { position: absolute; inset: 0; width: 100%; height: 100%; border: 0; border-radius: 12px; }
  .mh-embed .twitter-tweet { margin: 0; }
  .includes { padding-left: 0; list-style: none; margin: 0 0 24px; }
  .includes li { position: relative; padding-left: 30px; margin-bottom: 8px; }
  .includes li::before { content: '✓'; position: absolute; left: 4px; font-weight: 700; }
  .plans { list-style: none; padding: 0; margin: 24px 0; display: grid; gap: 16px; grid-template-columns: 1fr; }
  @media (min-width: 560px) { .plans { grid-template-columns: repeat(auto-fit, minmax(220px, 1fr)); } }
  .plan { display: flex; flex-direction: column; gap: 8px; border: 1px solid var(--line); border-radius: 12px; padding: 20px; min-width: 0; }
  .plan h3 { margin: 0; font-size: 18px; }
  .plan .price { margin: 0; font-size: 15px; color: var(--muted); }
  .plan .price strong { font-size: 28px; color: var(--ink); }
  .plan .badge { align-self: flex-start; margin: 0; padding: 2px 12px; border-radius: 999px; background: var(--brand); color: var(--on-brand); font-size: 14px; font-weight: 700; }
  .plan .saving { margin: 0; font-size: 15px; }
  .plan form { margin-top: auto; padding-top: 8px; }
  .plan .button { width: 100%; }
  .pager { display: flex; justify-content: space-between; gap: 16px; margin-top: 24px; }
  .band { background: var(--paper); border-top: 4px solid var(--brand); }
  .band .signup { max-width: 730px; margin: 0 auto; padding: 32px 20px 40px; }
  .signup h2 { margin: 0 0 4px; font-size: 24px; }
  .signup p { margin: 0 0 16px; color: var(--muted); }
  .signup .fields { display: grid; gap: 12px; grid-template-columns: 1fr; align-items: end; }
  @media (min-width: 640px) { .signup .fields { grid-template-columns: repeat(auto-fit, minmax(190px, 1fr)); } }
  .field { display: flex; flex-direction: column; gap: 4px; font-size: 15px; font-weight: 600; min-width: 0; }
  .field input { font: inherit; font-weight: 400; min-height: 48px; width: 100%; padding: 10px 14px; border: 1px solid #8a8886; border-radius: 8px; background: #fff; color: var(--ink); }
  .field input:focus { border-color: var(--ink); }
  .signup .fine { margin: 12px 0 0; font-size: 14px; }
  .choices { border: 0; padding: 0; margin: 16px 0; }
  .choices legend { font-weight: 600; margin-bottom: 4px; }
  .choices label { display: flex; align-items: center; gap: 10px; min-height: 44px; }
  .choices input[type="radio"] { width: 20px; height: 20px; margin: 0; flex: none; }
  .choices .field { margin-left: 30px; }
  .hero { background: var(--brand); color: var(--on-brand); }
  .hero .cover { display: block; width: 100%; height: clamp(88px, 24vw, 320px); aspect-ratio: auto; object-fit: cover; border-radius: 0; margin: 0; }
  .hero-inner { max-width: 1120px; margin: 0 auto; padding: 20px 16px 24px; display: grid; gap: 20px; align-items: center; }
  .hero .intro { display: flex; align-items: center; gap: 16px; min-width: 0; }
  .hero .logo { width: 56px; height: 56px; border-radius: 12px; object-fit: cover; background: #fff; flex: none; }
  .hero h1 { margin: 0 0 4px; font-size: clamp(26px, 5vw, 44px); }
  .hero .tagline { font-size: 17px; line-height: 1.4; margin: 0; opacity: .92; }
  .hero .signup { background: #fff; color: var(--ink); border-radius: 12px; padding: 20px; box-shadow: 0 6px 24px rgba(0, 0, 0, .16); }
  .hero .signup p { margin-bottom: 12px; }
  @media (min-width: 900px) {
    .hero-inner { grid-template-columns: minmax(0, 1fr) minmax(0, 460px); gap: 48px; padding: 48px 20px; }
    .hero .intro { display: block; }
    .hero .logo { width: 96px; height: 96px; border-radius: 18px; display: block; margin-bottom: 16px; }
    .hero .tagline { font-size: 21px; }
    .hero .signup { padding: 28px; }
  }
  .hero .signup .fields { grid-template-columns: 1fr; }
  .site-footer { border-top: 1px solid var(--line); color: var(--muted); font-size: 15px; }
  .site-footer .inner { max-width: 1120px; margin: 0 auto; padding: 16px 20px 24px; display: flex; flex-wrap: wrap; align-items: center; justify-content: space-between; gap: 4px 24px; }
  .site-footer nav { display: flex; flex-wrap: wrap; gap: 0 20px; }
  .site-footer a { display: inline-flex; align-items: center; min-height: 44px; color: var(--ink); }
  .site-footer .powered { margin: 0; }
`;
}

function metaTags(title: string, newsletter: PublicPageNewsletter, meta: PublicPageMeta | undefined): string {
  const tags: string[] = [];
  if (meta) {
    const url = absoluteUrl(meta.path, meta.publicUrl);
    const image = absoluteUrl(meta.image || newsletter.image || '', meta.publicUrl);
    const description = (meta.description ?? '').trim();
    const property = (name: string, value: string) => `<meta property="${name}" content="${escapeHtml(value)}">`;
    const named = (name: string, value: string) => `<meta name="${name}" content="${escapeHtml(value)}">`;
    if (description) tags.push(named('description', description));
    tags.push(`<link rel="canonical" href="${escapeHtml(url)}">`);
    tags.push(property('og:type', meta.type), property('og:title', title), property('og:url', url), property('og:site_name', newsletter.title));
    if (description) tags.push(property('og:description', description));
    if (image) tags.push(property('og:image', image));
    tags.push(named('twitter:card', 'summary_large_image'), named('twitter:title', title));
    if (description) tags.push(named('twitter:description', description));
    if (image) tags.push(named('twitter:image', image));
  }
  if (newsletter.feeds?.rss) {
    const href = meta ? absoluteUrl(newsletter.feeds.rss, meta.publicUrl) : newsletter.feeds.rss;
    tags.push(`<link rel="alternate" type="application/rss+xml" title="${escapeHtml(newsletter.title)}" href="${escapeHtml(href)}">`);
  }
  return tags.map((tag) => `${tag}\n`).join('');
}

/** The newsletter's (or publisher's) home page, '' for none. */
const homeOf = (newsletter: PublicPageNewsletter) => newsletter.href ?? (newsletter.key ? `/n/${encodeURIComponent(newsletter.key)}` : '');

function headerHtml(newsletter: PublicPageNewsletter, subscribe: boolean): string {
  const href = homeOf(newsletter);
  const logo = newsletter.image ? `<img src="${escapeHtml(newsletter.image)}" alt="" width="40" height="40">` : '';
  const name = `${logo}<span>${escapeHtml(newsletter.title)}</span>`;
  const brand = href ? `<a class="brand" href="${escapeHtml(href)}">${name}</a>` : `<span class="brand">${name}</span>`;
  const button = subscribe ? `<a class="button" href="#${subscribeAnchor}">${escapeHtml(readerText(newsletter.lang, 'Subscribe'))}</a>` : '';
  return `<header class="masthead"><div class="bar">${brand}${button}</div></header>`;
}

function footerHtml(newsletter: PublicPageNewsletter): string {
  const link = (href: string, text: string, rel = '') => `<a href="${escapeHtml(href)}"${rel ? ` rel="${rel}"` : ''}>${escapeHtml(text)}</a>`;
  const links = [
    homeOf(newsletter) ? link(homeOf(newsletter), newsletter.title) : '',
    newsletter.publisher && newsletter.publisher.key ? link(`/p/${encodeURIComponent(newsletter.publisher.key)}`, newsletter.publisher.title) : '',
    newsletter.feeds?.rss ? link(newsletter.feeds.rss, 'RSS', 'alternate') : '',
    newsletter.feeds?.podcast ? link(newsletter.feeds.podcast, 'Podcast') : '',
  ].filter(Boolean);
  const nav = links.length ? `<nav aria-label="${escapeHtml(newsletter.title)}">${links.join('')}</nav>` : '';
  return `<footer class="site-footer"><div class="inner">${nav}<p class="powered">${escapeHtml(readerText(newsletter.lang, 'Published with Masthead'))}</p></div></footer>`;
}

export interface PublicPage {
  title: string;
  newsletter: PublicPageNewsletter;
  /** HTML the caller escaped or sanitized. */
  content: string;
  /** Markup after the content (the read beacon's script), made by the server. */
  end?: string;
  /** Asks search engines to leave the page out (a collection not opened to them, an answer to a form). */
  noindex?: boolean;
  meta?: PublicPageMeta;
  /**
   * 'article' (the default): the content in a reading column under the header. 'landing': the
   * content as given, full width, with no header (the landing page's own header carries the
   * newsletter's name and form), and no subscribe band.
   */
  layout?: 'article' | 'landing';
}

/** A reader page, whole. */
export function renderPublicPage(page: PublicPage): string {
  const { newsletter } = page;
  const landing = page.layout === 'landing';
  const band = !landing && newsletter.subscribe ? `<section class="band" id="${subscribeAnchor}">\n${newsletter.subscribe}\n</section>\n` : '';
  const title = page.title === newsletter.title ? page.title : `${page.title} · ${newsletter.title}`;
  return `<!doctype html>
<html lang="${escapeHtml(newsletter.lang || mastheadFrame.lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
${page.noindex ? '<meta name="robots" content="noindex">\n' : ''}<title>${escapeHtml(title)}</title>
${metaTags(page.title, newsletter, page.meta)}<link rel="icon" href="/favicon.svg">
<meta name="theme-color" content="${escapeHtml(cssColor(newsletter.color, mastheadFrame.color))}">
<style>${styles(newsletter)}</style>
</head>
<body>
${landing ? '' : `${headerHtml(newsletter, Boolean(band))}\n`}<main>
${landing ? page.content : `<article class="column">\n${page.content}\n</article>`}
</main>
${band}${footerHtml(newsletter)}
${page.end ?? ''}
</body>
</html>`;
}

/** The page of a 404, 410 or another mistake in a reader's address, in the newsletter's look when known (else Masthead's). */
export function renderErrorPage(status: number, look: PublicPageNewsletter | undefined): string {
  const newsletter = look ?? mastheadFrame;
  const { lang } = newsletter;
  const [heading, text] =
    status === 410
      ? [readerText(lang, 'This page is no longer published'), readerText(lang, 'This content has been taken down.')]
      : status === 404
        ? [readerText(lang, 'Page not found'), readerText(lang, 'The page you are looking for is not here. Check the address or go back to the home page.')]
        : [readerText(lang, 'This address is not valid'), readerText(lang, 'This address could not be read. Please check the link.')];
  // Always a way on: the newsletter's (or publisher's) page, else the site's home.
  const home = homeOf(newsletter) || '/';
  return renderPublicPage({
    title: heading,
    newsletter,
    noindex: true,
    content: `<h1>${escapeHtml(heading)}</h1>\n<p>${escapeHtml(text)}</p>\n<p><a class="button" href="${escapeHtml(home)}">${escapeHtml(readerText(lang, 'Back to the home page'))}</a></p>`,
  });
}

/** Whether the caller reads pages (a browser: Accept names text/html) rather than the API's JSON. */
export function wantsPage(request: FastifyRequest): boolean {
  const path = request.url.split('?')[0]!;
  if (/^\/api(\/|$)/.test(path)) return false;
  return /\btext\/html\b/i.test(request.headers.accept ?? '');
}

/** Sends a page no cache may keep: the answer to a personal link or a form. */
export function sendPrivatePage(reply: FastifyReply, status: number, html: string): FastifyReply {
  return reply.code(status).header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
}

/**
 * Sends a public page that caches keep but must revalidate on every view: an ETag answers 304
 * while nothing changed, so a change (unpublished, no longer indexed) shows at once.
 */
export function sendRevalidated(request: FastifyRequest, reply: FastifyReply, html: string, options: { personal?: boolean } = {}): FastifyReply {
  const etag = `"${createHash('sha1').update(html).digest('base64url')}"`;
  // A page made for one reader (a premium story read whole) is kept by no shared cache.
  reply
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', options.personal ? 'private, no-cache' : 'public, no-cache')
    .header('etag', etag);
  if (request.headers['if-none-match'] === etag) return reply.code(304).send();
  return reply.send(html);
}
