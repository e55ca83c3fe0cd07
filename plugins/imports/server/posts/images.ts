/**
 * The images of imported posts (a feature image, each <img> of the HTML): fetched through the
 * safe fetch under the embeds' rules (private addresses refused unless EMBED_ALLOW_PRIVATE allows
 * them, a time limit, the library's size cap), kept in the publisher's image library, and the
 * post's HTML pointed at our copies. An address is fetched once per import, and not again by a
 * later run (the run's memory keeps what it became, kind 'image'). One that cannot be had is a
 * report row, not a failure: the post keeps the old address.
 */
import { constants } from '../../../../core/shared/config';
import { fetchLimited, FetchRefused, type PrivateAccess } from '../../../../core/server/services/safe-fetch';
import { ImageRefused, keepImportedImage, sizeMessage } from '../../../images/server/public';
import type { ImportContext } from '../contract';
import { postReasons, reason } from '../../rules';

/** Ghost writes its own site's address as this placeholder in an export. */
export const ghostUrlPlaceholder = '__GHOST_URL__';

/** Which private addresses the fetch may reach: the embeds' switch (EMBED_ALLOW_PRIVATE). */
function privateAccess(ctx: ImportContext): PrivateAccess {
  const allowed = ctx.api.env.embedAllowPrivate;
  return Array.isArray(allowed) ? (url) => allowed.includes(url.origin) : allowed;
}

const imageSource = /(<img\b[^>]*?\bsrc=")([^"]*)(")/gi;
const imageTag = /<img\b[^>]*>/gi;

const decodeAttribute = (value: string) =>
  value
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

export class PostImages {
  /** This run's addresses: our copy's address, or null for one that could not be had. */
  private readonly kept = new Map<string, Promise<string | null>>();
  private readonly access: PrivateAccess;

  /** `siteUrl`: the old site's address, for Ghost's placeholder (none: those images are reported). */
  constructor(
    private readonly ctx: ImportContext,
    private readonly siteUrl: string | null = null,
  ) {
    this.access = privateAccess(ctx);
  }

  /** Our copy's address for an image of the post `ref` (`alt` describes it in the library); null when it could not be had (reported). */
  keep(address: string, ref: string, alt = ''): Promise<string | null> {
    const absolute = this.absolute(address.trim());
    let kept = this.kept.get(absolute);
    if (!kept) {
      kept = this.fetchOnce(absolute, ref, alt);
      this.kept.set(absolute, kept);
    }
    return kept;
  }

  /** The HTML with each image that could be had pointing at our copy. */
  async rewrite(html: string, ref: string): Promise<string> {
    const images = new Map<string, string>();
    for (const match of html.matchAll(imageTag)) {
      const address = decodeAttribute(/\bsrc="([^"]*)"/i.exec(match[0])?.[1] ?? '');
      if (address && !images.has(address)) images.set(address, decodeAttribute(/\balt="([^"]*)"/i.exec(match[0])?.[1] ?? ''));
    }
    const ours = new Map<string, string>();
    for (const [address, alt] of images) {
      if (this.ctx.signal.aborted) break;
      const url = await this.keep(address, ref, alt);
      if (url) ours.set(address, url);
    }
    return html.replace(imageSource, (whole, start: string, value: string, end: string) => {
      const url = ours.get(decodeAttribute(value));
      return url ? `${start}${url}${end}` : whole;
    });
  }

  private absolute(address: string): string {
    if (this.siteUrl && address.startsWith(ghostUrlPlaceholder)) return `${this.siteUrl.replace(/\/+$/, '')}${address.slice(ghostUrlPlaceholder.length)}`;
    return address;
  }

  private async fetchOnce(address: string, ref: string, alt: string): Promise<string | null> {
    const earlier = await this.ctx.taken('image', address);
    if (earlier) return earlier;
    const refuse = async (reason: string) => {
      await this.ctx.report.add({ action: 'failed', kind: 'image', ref: `${ref}: ${address}`, reason });
      return null;
    };
    if (address.startsWith(ghostUrlPlaceholder)) return refuse(postReasons.ghostImage);
    if (!/^https?:\/\//i.test(address)) return refuse(postReasons.imageNoAddress);
    let body: Buffer;
    try {
      ({ body } = await fetchLimited(address, {
        maxBytes: constants.limits.imageMaxBytes,
        timeoutMs: constants.embeds.fetchTimeoutMs,
        allowPrivate: this.access,
        tooBigMessage: sizeMessage,
        headers: { accept: 'image/png,image/jpeg,image/gif,image/webp,image/avif;q=0.9' },
        signal: this.ctx.signal,
      }));
    } catch (error) {
      if (error instanceof FetchRefused) return refuse(reason(postReasons.imageRefused, { error: error.message }));
      throw error;
    }
    try {
      const { url } = await keepImportedImage(this.ctx.api.db, this.ctx.api.storage, {
        publisherId: this.ctx.publisherId,
        bytes: body,
        source: address,
        alt: alt.slice(0, 250),
      });
      await this.ctx.remember('image', address, url);
      return url;
    } catch (error) {
      if (error instanceof ImageRefused) return refuse(reason(postReasons.imageRefused, { error: error.message }));
      throw error;
    }
  }
}
