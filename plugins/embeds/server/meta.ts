/**
 * What a page says of itself in its head: the OpenGraph and Twitter card tags, else its title and
 * description, which the server draws as a card when it does not render the page. Pure: the HTML
 * in, the tags out.
 */
import { loadHtmlParser } from '../../../core/server/on-first-use';

export interface PageMeta {
  title: string;
  description: string;
  /** An absolute http(s) address, or '' when the page names no usable image. */
  image: string;
  siteName: string;
}

/** The tags read, by the property or name they carry; the first one found of each list wins. */
const sources = {
  title: ['og:title', 'twitter:title'],
  description: ['og:description', 'twitter:description', 'description'],
  image: ['og:image:secure_url', 'og:image', 'og:image:url', 'twitter:image', 'twitter:image:src'],
  siteName: ['og:site_name', 'application-name'],
} as const;

const clean = (text: string) => text.replace(/\s+/g, ' ').trim();

/** An address the page names, resolved against the page's own and kept only when it is http(s). */
function absolute(address: string, base: URL): string {
  if (!address.trim()) return '';
  try {
    const url = new URL(address.trim(), base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : '';
  } catch {
    return '';
  }
}

/** The meta tags of `html`, read from the document's head (a tag after the body starts is not the page's own). */
export function readPageMeta(html: string, pageUrl: URL): PageMeta {
  const tags = new Map<string, string>();
  let titleText = '';
  let inTitle = false;
  let done = false;
  const parser = new (loadHtmlParser().Parser)(
    {
      onopentag(name, attributes) {
        if (done) return;
        if (name === 'body') done = true;
        else if (name === 'title') inTitle = true;
        else if (name === 'meta') {
          const key = (attributes.property ?? attributes.name ?? '').trim().toLowerCase();
          const content = attributes.content;
          if (key && content !== undefined && !tags.has(key)) tags.set(key, content);
        }
      },
      ontext(text) {
        if (inTitle && !done) titleText += text;
      },
      onclosetag(name) {
        if (name === 'title') inTitle = false;
        if (name === 'head') done = true;
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  const first = (names: readonly string[]) => names.map((name) => clean(tags.get(name) ?? '')).find(Boolean) ?? '';
  return {
    title: first(sources.title) || clean(titleText),
    description: first(sources.description),
    image: sources.image.map((name) => absolute(tags.get(name) ?? '', pageUrl)).find(Boolean) ?? '',
    siteName: first(sources.siteName) || pageUrl.hostname.replace(/^www\./, ''),
  };
}

/** The text of a fetched page: its charset from the Content-Type header or a meta tag, else UTF-8. */
export function decodePage(body: Buffer, contentType: string): string {
  const declared = /charset=["']?([\w-]+)/i.exec(contentType)?.[1] ?? /<meta[^>]+charset=["']?([\w-]+)/i.exec(body.subarray(0, 2048).toString('latin1'))?.[1];
  try {
    return new TextDecoder(declared ?? 'utf-8').decode(body);
  } catch {
    return new TextDecoder('utf-8').decode(body);
  }
}
