/**
 * A podcast host on a free local port for the tests: an RSS feed with iTunes tags, its MP3
 * episodes (audio the project makes itself) and, on request, a fake Megaphone API that checks
 * the Authorization header. The API tests and the end-to-end journey both use it.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { demoTone } from '../../core/server/services/demo-audio';

export interface PodcastHost {
  url: string;
  /** Requests seen, e.g. to check a header. */
  requests: IncomingMessage[];
  close(): Promise<void>;
}

export interface PodcastHostOptions {
  /** Where covers point (the console's own /demo images in the e2e journey, so its CSP allows them). */
  coverUrl?: string;
  megaphone?: { token: string; networkId: string };
}

export const feedTitle = 'Kuzey Sesleri';
export const feedEpisodes = [
  {
    guid: 'kuzey-sesleri-3',
    title: 'Üçüncü Bölüm: Şehir & Deniz',
    subtitle: 'Kıyı kentlerinin sesleri',
    date: 'Mon, 03 Nov 2025 07:00:00 GMT',
    duration: '00:00:04',
    notes: [659.25, 783.99],
  },
  {
    guid: 'kuzey-sesleri-2',
    title: 'İkinci Bölüm: Dağ Yolları',
    subtitle: 'Yaylalardan notlar',
    date: 'Mon, 27 Oct 2025 07:00:00 GMT',
    duration: '0:03',
    notes: [523.25, 659.25],
  },
  {
    guid: 'kuzey-sesleri-1',
    title: 'Birinci Bölüm: Başlangıç',
    subtitle: 'Neden bu podcast?',
    date: 'Mon, 20 Oct 2025 07:00:00 GMT',
    duration: '3',
    notes: [440, 554.37],
  },
];

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');

function feedXml(base: string, cover: string): string {
  const items = feedEpisodes
    .map(
      (episode, index) => `
    <item>
      <title>${escape(episode.title)}</title>
      <itunes:subtitle>${escape(episode.subtitle)}</itunes:subtitle>
      <description><![CDATA[<p>${episode.subtitle}</p>]]></description>
      <guid isPermaLink="false">${episode.guid}</guid>
      <pubDate>${episode.date}</pubDate>
      <enclosure url="${base}/audio/${index}.mp3" length="0" type="audio/mpeg"/>
      <itunes:duration>${episode.duration}</itunes:duration>
      <itunes:image href="${cover}"/>
    </item>`,
    )
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd">
  <channel>
    <title>${feedTitle}</title>
    <link>${base}</link>
    <description>Karadeniz'den haftalık hikâyeler.</description>
    <itunes:subtitle>Karadeniz'den haftalık hikâyeler</itunes:subtitle>
    <itunes:image href="${cover}"/>
    <language>tr</language>${items}
  </channel>
</rss>`;
}

export async function startPodcastHost(options: PodcastHostOptions = {}): Promise<PodcastHost> {
  const audio = await Promise.all(feedEpisodes.map((episode) => demoTone({ seconds: 3, notes: episode.notes })));
  const requests: IncomingMessage[] = [];
  let base = '';
  const server: Server = createServer((request, response) => {
    requests.push(request);
    const path = (request.url ?? '/').split('?')[0]!;
    const cover = options.coverUrl ?? `${base}/cover.svg`;
    const json = (status: number, body: unknown) => response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    const audioMatch = /^\/audio\/(\d+)\.mp3$/.exec(path);
    if (path === '/feed.xml') return response.writeHead(200, { 'content-type': 'application/rss+xml' }).end(feedXml(base, cover));
    if (path === '/redirect.xml') return response.writeHead(302, { location: `${base}/feed.xml` }).end();
    if (path === '/page.html') return response.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>Not a feed</body></html>');
    if (path === '/cover.svg')
      return response.writeHead(200, { 'content-type': 'image/svg+xml' }).end('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
    if (audioMatch && audio[Number(audioMatch[1])]) return response.writeHead(200, { 'content-type': 'audio/mpeg' }).end(audio[Number(audioMatch[1])]);
    const megaphone = options.megaphone;
    if (megaphone && path.startsWith(`/api/networks/${megaphone.networkId}/`)) {
      if (request.headers.authorization !== `Token token="${megaphone.token}"`) return json(401, { error: 'HTTP Token: Access denied.' });
      if (path === `/api/networks/${megaphone.networkId}/podcasts`) {
        return json(200, [
          {
            id: 'mp-podcast-1',
            title: 'Megaphone Gündem',
            subtitle: 'Haftalık',
            imageFile: cover,
            episodesCount: feedEpisodes.length,
            createdAt: '2025-01-15T10:00:00.000Z',
            updatedAt: '2025-11-03T07:00:00.000Z',
          },
        ]);
      }
      if (path === `/api/networks/${megaphone.networkId}/podcasts/mp-podcast-1/episodes`) {
        return json(
          200,
          feedEpisodes.map((episode, index) => ({
            id: `mp-episode-${index}`,
            podcastId: 'mp-podcast-1',
            title: episode.title,
            subtitle: episode.subtitle,
            summary: '',
            imageFile: cover,
            pubdate: new Date(episode.date).toISOString(),
            audioFile: `${base}/audio/${index}.mp3`,
            downloadUrl: `${base}/audio/${index}.mp3`,
            duration: 3.2,
            draft: false,
          })),
        );
      }
      return json(404, { error: 'Not found' });
    }
    response.writeHead(404).end('not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
