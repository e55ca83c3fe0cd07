/**
 * An embed's small picture (docs/decisions/0054, point 4): the picture an e-mail shows beside the
 * card's words, without any text in it, at twice the 160 px it is shown at. It is the content's own
 * picture (our content's, a page's OpenGraph one, a video's thumbnail) cut to 16:9; a video's gets
 * a play mark. Without one, a provider's card gets its panel with its glyph drawn small (the demo's
 * video, made offline), and any other card none.
 */
import { loadSharp } from '../../../core/server/on-first-use';
import { embedText, type EmbedTarget } from '../../../core/shared/embeds';
import type { PrivateAccess } from '../../../core/server/services/safe-fetch';
import { glyphAt, panelSvg, type ProviderPanel } from './card';
import { cutPicture, fetchPicture } from './pictures';

const size = embedText.picture;
/** The glyph's share of the small picture: a mark, not the picture. */
const glyphScale = 0.6;

/** The small picture as a PNG, or null when there is nothing to show. */
export async function smallPicture(source: Buffer | null, panel: ProviderPanel | undefined): Promise<Buffer | null> {
  const cut = source ? await cutPicture(source, size) : null;
  const sharp = await loadSharp();
  if (cut && panel?.glyph === 'play') {
    const mark = `<svg xmlns="http://www.w3.org/2000/svg" width="${size.width}" height="${size.height}">${glyphAt(panel, size, glyphScale)}</svg>`;
    return sharp(cut)
      .composite([{ input: Buffer.from(mark) }])
      .png()
      .toBuffer();
  }
  if (cut) return cut;
  return panel
    ? sharp(Buffer.from(panelSvg(panel, size, glyphScale)))
        .png()
        .toBuffer()
    : null;
}

/** A YouTube video's own thumbnail (YouTube's picture host), or null when it cannot be had. */
export function videoThumbnail(target: EmbedTarget | null, access: PrivateAccess, signal?: AbortSignal): Promise<Buffer | null> {
  if (target?.kind !== 'youtube') return Promise.resolve(null);
  return fetchPicture(`https://i.ytimg.com/vi/${target.videoId}/hqdefault.jpg`, access, signal);
}
