/**
 * The card the server draws when it does not render a page (spec 002 section 9's product cards,
 * and the fallback of every other embed): satori lays it out as SVG with its text as paths, in
 * Noto Sans from @fontsource/noto-sans (latin and latin-ext, so Turkish letters draw; nothing is
 * downloaded), and sharp turns it into a PNG of exactly the embed's size.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { ReactNode } from 'react';
import { loadSharp } from '../../../core/server/on-first-use';
import { readableTextOn } from '../../../core/shared/color';
import { constants } from '../../../core/shared/config';
import type { EmbedSize } from '../../../core/shared/embeds';

export interface CardContent {
  title: string;
  excerpt: string;
  /** A PNG drawn in the card (already cut to the card's picture), or null. */
  image: Buffer | null;
  /** Above the title: the newsletter, the site's name. */
  label: string;
  /** Under the text: where the link goes (a host name). */
  footer: string;
  /** The accent stripe and label; the theme's accent unless said. */
  color?: string;
  /** Wide (a picture above the text) or square (a logo beside the title: newsletters, publishers). */
  shape: 'wide' | 'square';
  /** Drawn where a wide card's picture goes when there is none: the provider's colour and a glyph of what it holds. */
  panel?: ProviderPanel;
}

/** A provider's panel: a player (YouTube), something to listen to (Spotify), a post (Twitter/X). */
export interface ProviderPanel {
  color: string;
  glyph: 'play' | 'listen' | 'post';
}

const glyphs: Record<ProviderPanel['glyph'], (color: string) => string> = {
  play: (color) => `<circle cx="0" cy="0" r="44" fill="#ffffff"/><path d="M-14 -22 L24 0 L-14 22 Z" fill="${color}"/>`,
  listen: (color) =>
    `<circle cx="0" cy="0" r="44" fill="#ffffff"/><g fill="none" stroke="${color}" stroke-width="7" stroke-linecap="round"><path d="M-26 -12 Q0 -24 26 -8"/><path d="M-22 4 Q0 -6 22 8"/><path d="M-18 18 Q0 10 18 22"/></g>`,
  post: (color) =>
    `<path d="M-48 -34 h96 a10 10 0 0 1 10 10 v46 a10 10 0 0 1 -10 10 h-58 l-22 20 v-20 h-16 a10 10 0 0 1 -10 -10 v-46 a10 10 0 0 1 10 -10 z" fill="#ffffff"/><g stroke="${color}" stroke-width="6" stroke-linecap="round"><path d="M-32 -14 h64"/><path d="M-32 4 h40"/></g>`,
};

/**
 * The panel as SVG of `size`, its glyph in the middle: 100 units tall, smaller on a short panel (a
 * Spotify episode leaves 52 px), or at `scale` (an e-mail's small picture).
 */
export function panelSvg(panel: ProviderPanel, size: EmbedSize, scale = Math.min(1, (size.height - 8) / 100, (size.width - 8) / 120)): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size.width}" height="${size.height}" viewBox="0 0 ${size.width} ${size.height}">` +
    `<rect width="100%" height="100%" fill="${panelColor(panel)}"/>${glyphAt(panel, size, scale)}</svg>`
  );
}

const panelColor = (panel: ProviderPanel) => (/^#[0-9a-f]{6}$/i.test(panel.color) ? panel.color : '#444444');

/** The panel's glyph alone, in the middle of `size` (a play mark over a video's thumbnail). */
export const glyphAt = (panel: ProviderPanel, size: EmbedSize, scale: number) =>
  `<g transform="translate(${size.width / 2} ${size.height / 2}) scale(${scale.toFixed(3)})">${glyphs[panel.glyph](panelColor(panel))}</g>`;

/** The panel as an SVG picture of `size`, its glyph in the middle. */
const panelPicture = (panel: ProviderPanel, size: EmbedSize) => `data:image/svg+xml;base64,${Buffer.from(panelSvg(panel, size)).toString('base64')}`;

type Style = Record<string, string | number>;
interface Node {
  type: string;
  props: { style?: Style; children?: Child | Child[]; src?: string; width?: number; height?: number };
}
type Child = Node | string;

const node = (type: string, style: Style, children?: Child | Child[]): Node => ({ type, props: { style, children } });
const image = (src: string, width: number, height: number, style: Style = {}): Node => ({
  type: 'img',
  props: { src, width, height, style: { width, height, objectFit: 'cover', ...style } },
});

const fontFamily = 'Noto Sans, Noto Sans Ext';
let fonts: { name: string; data: Buffer; weight: 400 | 700; style: 'normal' }[] | undefined;

/** The fonts, read once from the package (satori reads WOFF, not WOFF2). */
function cardFonts() {
  if (fonts) return fonts;
  const require = createRequire(import.meta.url);
  const file = (subset: string, weight: 400 | 700) => readFileSync(require.resolve(`@fontsource/noto-sans/files/noto-sans-${subset}-${weight}-normal.woff`));
  fonts = [400, 700].flatMap((weight) => [
    { name: 'Noto Sans', data: file('latin', weight as 400 | 700), weight: weight as 400 | 700, style: 'normal' as const },
    { name: 'Noto Sans Ext', data: file('latin-ext', weight as 400 | 700), weight: weight as 400 | 700, style: 'normal' as const },
  ]);
  return fonts;
}

/** The height of a wide card's picture: what the text below it leaves. */
export const wideTextHeight = 180;

/** A square card's logo. */
export const logoSize = 96;

/** The size a card's picture is cut to. */
export function pictureSize(size: EmbedSize, shape: 'wide' | 'square'): EmbedSize {
  return shape === 'square' ? { width: logoSize, height: logoSize } : { width: size.width, height: Math.max(size.height - wideTextHeight, 1) };
}

const clamp = (lines: number, fontSize: number, lineHeight: number): Style => ({
  display: 'block',
  lineClamp: lines,
  overflow: 'hidden',
  fontSize,
  lineHeight: `${lineHeight}px`,
  maxHeight: lines * lineHeight,
});

function layout(content: CardContent, size: EmbedSize): Node {
  const accent = content.color && /^#[0-9a-f]{6}$/i.test(content.color) ? content.color : constants.layout.accent;
  const label = node(
    'div',
    {
      display: 'flex',
      alignSelf: 'flex-start',
      fontSize: 12,
      fontWeight: 700,
      padding: '2px 8px',
      borderRadius: 4,
      backgroundColor: accent,
      color: readableTextOn(accent),
    },
    content.label,
  );
  const title = node('div', { ...clamp(2, content.shape === 'square' ? 22 : 21, 28), fontWeight: 700, color: '#111111', marginTop: 8 }, content.title);
  const excerpt = content.excerpt
    ? node('div', { ...clamp(content.shape === 'square' ? 4 : 2, 14, 20), color: '#444444', marginTop: 6 }, content.excerpt)
    : null;
  // The footer sits at the bottom, whatever the text above it takes.
  const spacer = node('div', { display: 'flex', flexGrow: 1 });
  const footer = node('div', { display: 'flex', fontSize: 12, color: '#6b6b6b' }, content.footer);
  const picture = content.image ? `data:image/png;base64,${content.image.toString('base64')}` : null;
  const frame: Style = {
    display: 'flex',
    flexDirection: 'column',
    width: size.width,
    height: size.height,
    backgroundColor: '#ffffff',
    fontFamily,
    border: '1px solid #e1e1e1',
    borderTop: `6px solid ${accent}`,
    overflow: 'hidden',
  };
  if (content.shape === 'square') {
    const head = node('div', { display: 'flex', alignItems: 'center' }, [
      ...(picture ? [image(picture, logoSize, logoSize, { borderRadius: 12, marginRight: 16 })] : []),
      label,
    ]);
    const column = node('div', { display: 'flex', flexDirection: 'column', flexGrow: 1, padding: 24 }, [
      head,
      title,
      ...(excerpt ? [excerpt] : []),
      spacer,
      footer,
    ]);
    return node('div', frame, column);
  }
  const text = node('div', { display: 'flex', flexDirection: 'column', flexGrow: 1, padding: '14px 20px 14px 20px' }, [
    label,
    title,
    ...(excerpt ? [excerpt] : []),
    spacer,
    footer,
  ]);
  const { width, height } = pictureSize(size, 'wide');
  const shown = picture ?? (content.panel ? panelPicture(content.panel, { width, height }) : null);
  return node('div', frame, [...(shown ? [image(shown, width, height)] : []), text]);
}

/** The card as a PNG of exactly `size`. */
export async function drawCard(content: CardContent, size: EmbedSize): Promise<Buffer> {
  // Loaded with the first card (some 35 MB that a server drawing none does not pay).
  const { default: satori } = await import('satori');
  const svg = await satori(layout(content, size) as unknown as ReactNode, { width: size.width, height: size.height, fonts: cardFonts() });
  const sharp = await loadSharp();
  return sharp(Buffer.from(svg)).resize(size.width, size.height, { fit: 'fill' }).png().toBuffer();
}
