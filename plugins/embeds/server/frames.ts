/**
 * The pages of our own that Chromium renders for the players (spec 002 section 9's sizes): the
 * provider's embed frame (YouTube without cookies, Spotify's player) at the embed's size, and a
 * post's blockquote with Twitter's widgets.js, which turns it into the post's card.
 */
import { embedFrameUrl, type EmbedSize, type EmbedTarget } from '../../../core/shared/embeds';
import { escapeHtml } from '../../../core/shared/text';

const page = (body: string, style = '') =>
  `<!doctype html><html><head><meta charset="utf-8"><style>html,body{margin:0;padding:0;overflow:hidden;background:#fff}${style}</style></head><body>${body}</body></html>`;

/** The player's frame at the embed's size, or null for a target without one. */
export function playerPage(target: EmbedTarget, size: EmbedSize): string | null {
  const address = embedFrameUrl(target);
  if (!address) return null;
  return page(
    `<iframe src="${escapeHtml(address)}" width="${size.width}" height="${size.height}" allow="encrypted-media; picture-in-picture" style="border:0;display:block"></iframe>`,
  );
}

/** A post as Twitter's widget draws it, from its cleaned oEmbed blockquote; the blockquote itself, styled, when the widget cannot load. */
export function postPage(cleanHtml: string, size: EmbedSize): string {
  const blockquote = cleanHtml.replace(/^<blockquote[^>]*>/i, `<blockquote class="twitter-tweet" data-dnt="true" data-width="${size.width}">`);
  return page(
    `${blockquote}<script async src="https://platform.twitter.com/widgets.js" charset="utf-8"></script>`,
    `body{font-family:"Noto Sans",Arial,sans-serif}blockquote{margin:0;padding:16px 20px;border:1px solid #cfd9de;border-radius:12px;font-size:15px;line-height:1.4;color:#0f1419;max-width:${size.width - 42}px}blockquote a{color:#1d9bf0;text-decoration:none}`,
  );
}
