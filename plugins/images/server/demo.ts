/**
 * Demo images for Kuzey Medya, drawn here from SVG and rasterised with sharp (nothing is
 * downloaded): landscapes and abstract shapes, PNG and JPEG, in the recommended 1200 x 500 and a
 * few other sizes, uploaded by different demo users, stored with their variants like any upload.
 */
import { loadSharp } from '../../../core/server/on-first-use';
import { ownTables } from '../../../core/server/db/database';
import type { Storage } from '../../../core/server/services/storage';
import type { SeedContext } from '../../../core/server/plugins/contract';
import { insertImage } from './store';
import { storeImage } from './variants';
import { clock } from '../../../core/server/clock';

type Uploader = keyof SeedContext['demo']['userIds'];

interface DemoImage {
  svg: string;
  format: 'png' | 'jpeg';
  uploader: Uploader;
  alt: string;
  caption: string;
  source: string;
}

const svg = (width: number, height: number, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`;

const gradient = (id: string, stops: string[], vertical = true) =>
  `<linearGradient id="${id}" x1="0" y1="0" x2="${vertical ? 0 : 1}" y2="${vertical ? 1 : 0}">${stops
    .map((color, index) => `<stop offset="${index / (stops.length - 1)}" stop-color="${color}"/>`)
    .join('')}</linearGradient>`;

/** Mountains at dawn: a sky, a sun, three ridges. */
function mountains(width: number, height: number, sky: string[], ridges: string[], sun: string): string {
  const ridge = (base: number, amplitude: number, seed: number, color: string) => {
    const points: string[] = [`0,${height}`];
    for (let x = 0; x <= width; x += width / 12)
      points.push(`${x.toFixed(0)},${(base - amplitude * Math.abs(Math.sin((x / width) * Math.PI * (seed + 1.3) + seed))).toFixed(0)}`);
    points.push(`${width},${height}`);
    return `<polygon points="${points.join(' ')}" fill="${color}"/>`;
  };
  return svg(
    width,
    height,
    `<defs>${gradient('sky', sky)}</defs>
    <rect width="${width}" height="${height}" fill="url(#sky)"/>
    <circle cx="${width * 0.72}" cy="${height * 0.38}" r="${height * 0.14}" fill="${sun}" opacity="0.9"/>
    ${ridge(height * 0.62, height * 0.25, 1, ridges[0]!)}
    ${ridge(height * 0.76, height * 0.2, 2, ridges[1]!)}
    ${ridge(height * 0.9, height * 0.14, 3, ridges[2]!)}`,
  );
}

/** A calm sea: sky, horizon, rolling waves. */
function sea(width: number, height: number): string {
  const waves = Array.from({ length: 6 }, (_, index) => {
    const y = height * (0.6 + index * 0.07);
    const path = `M0 ${y} ` + Array.from({ length: 8 }, () => `q ${width / 16} ${-12 - index * 2} ${width / 8} 0`).join(' ') + ` V ${height} H 0 Z`;
    return `<path d="${path}" fill="#0b5394" opacity="${0.25 + index * 0.1}"/>`;
  }).join('');
  return svg(
    width,
    height,
    `<defs>${gradient('sky', ['#fde2c4', '#f6a57c', '#6fa8dc'])}</defs>
    <rect width="${width}" height="${height}" fill="url(#sky)"/>
    <circle cx="${width * 0.3}" cy="${height * 0.55}" r="${height * 0.12}" fill="#fff2cc"/>
    ${waves}`,
  );
}

/** Overlapping translucent circles and bars on a diagonal gradient. */
function abstract(width: number, height: number, colors: string[]): string {
  const shapes = colors
    .map(
      (color, index) =>
        `<circle cx="${(width * (0.15 + index * 0.22)).toFixed(0)}" cy="${(height * (index % 2 ? 0.35 : 0.65)).toFixed(0)}" r="${(height * (0.22 + (index % 3) * 0.08)).toFixed(0)}" fill="${color}" opacity="0.55"/>`,
    )
    .join('');
  const bars = colors
    .map(
      (color, index) =>
        `<rect x="${(width * 0.1 * index).toFixed(0)}" y="${(height * 0.85).toFixed(0)}" width="${(width * 0.08).toFixed(0)}" height="${(height * 0.15).toFixed(0)}" fill="${color}"/>`,
    )
    .join('');
  return svg(
    width,
    height,
    `<defs>${gradient('bg', ['#201f1e', '#3b3a39'], false)}</defs>
    <rect width="${width}" height="${height}" fill="url(#bg)"/>${shapes}${bars}`,
  );
}

/** A city skyline at night with lit windows. */
function skyline(width: number, height: number): string {
  const buildings: string[] = [];
  let x = 0;
  let index = 0;
  while (x < width) {
    const w = 60 + ((index * 37) % 70);
    const h = height * (0.3 + ((index * 53) % 45) / 100);
    buildings.push(`<rect x="${x}" y="${(height - h).toFixed(0)}" width="${w}" height="${h.toFixed(0)}" fill="#1c2541"/>`);
    for (let wy = height - h + 14; wy < height - 16; wy += 26) {
      for (let wx = x + 10; wx < x + w - 14; wx += 20) {
        if ((wx * 7 + wy * 3 + index) % 5 < 2)
          buildings.push(`<rect x="${wx.toFixed(0)}" y="${wy.toFixed(0)}" width="8" height="12" fill="#ffce14" opacity="0.85"/>`);
      }
    }
    x += w + 6;
    index += 1;
  }
  return svg(
    width,
    height,
    `<defs>${gradient('sky', ['#0b132b', '#3a506b', '#5bc0be'])}</defs>
    <rect width="${width}" height="${height}" fill="url(#sky)"/>
    <circle cx="${width * 0.82}" cy="${height * 0.2}" r="${height * 0.07}" fill="#f4f1de"/>${buildings.join('')}`,
  );
}

const images: DemoImage[] = [
  {
    svg: mountains(1200, 500, ['#ffd6a5', '#ff9f80', '#7b6d8d'], ['#6d597a', '#515073', '#355070'], '#fff3b0'),
    format: 'png',
    uploader: 'director',
    alt: 'Gün doğumunda mor tonlarda üst üste sıralanmış dağ sırtları',
    caption: 'Kaçkar Dağları’nda sabah',
    source: 'Kuzey Medya',
  },
  {
    svg: sea(1200, 500),
    format: 'jpeg',
    uploader: 'editor',
    alt: 'Gün batımında sakin deniz ve ufukta alçalan güneş',
    caption: 'Karadeniz kıyısında akşam',
    source: 'Kuzey Medya Arşivi',
  },
  {
    svg: skyline(1200, 500),
    format: 'png',
    uploader: 'editor',
    alt: 'Gece ışıkları yanan yüksek binalarla şehir silueti',
    caption: 'Teknoloji Notları için şehir silueti',
    source: 'Emre Demir',
  },
  {
    svg: abstract(1200, 500, ['#ffce14', '#2b88d8', '#c239b3', '#00b294', '#e74856']),
    format: 'png',
    uploader: 'author',
    alt: 'Koyu zemin üzerinde renkli yarı saydam daireler',
    caption: 'Kültür Sanat Haftalık kapak denemesi',
    source: 'Ayşe Yılmaz',
  },
  {
    svg: mountains(1600, 900, ['#caf0f8', '#90e0ef', '#00b4d8'], ['#588157', '#3a5a40', '#344e41'], '#ffffff'),
    format: 'jpeg',
    uploader: 'director',
    alt: 'Açık mavi gökyüzü altında yeşil tepeler',
    caption: 'Yayla yolunda bahar',
    source: 'Kuzey Medya',
  },
  {
    svg: abstract(800, 800, ['#ff595e', '#ffca3a', '#8ac926', '#1982c4']),
    format: 'png',
    uploader: 'author',
    alt: 'Kare biçimde kırmızı, sarı, yeşil ve mavi daireler',
    caption: 'Sosyal medya paylaşım görseli',
    source: 'Ayşe Yılmaz',
  },
  {
    svg: sea(600, 400),
    format: 'jpeg',
    uploader: 'editor',
    alt: 'Küçük boyutlu deniz ve gün batımı çizimi',
    caption: 'Sabah Bülteni için küçük görsel',
    source: 'Kuzey Medya Arşivi',
  },
];

const mimeOf = { png: 'image/png', jpeg: 'image/jpeg' } as const;
const day = 24 * 60 * 60 * 1000;

export async function seedDemoImages(context: SeedContext, storage: Storage): Promise<void> {
  const db = ownTables(context.db, 'images');
  const now = clock.ms();
  const sharp = await loadSharp();
  // Oldest first, a few days apart, so the gallery's newest-first order is the list above reversed.
  for (const [index, image] of images.entries()) {
    const rendered = sharp(Buffer.from(image.svg));
    const buffer = await (image.format === 'png' ? rendered.png({ compressionLevel: 9, palette: true }) : rendered.jpeg({ quality: 82 })).toBuffer();
    const stored = await storeImage(storage, buffer, mimeOf[image.format]);
    await insertImage(db, {
      publisherId: context.demo.publisherId,
      uploaderId: context.demo.userIds[image.uploader],
      stored,
      credentials: { alt: image.alt, caption: image.caption, source: image.source },
      createdAt: new Date(now - (images.length - index) * 3 * day),
    });
  }
  context.log.info({ count: images.length }, 'demo images created');
}
