/**
 * The built console (dist/) and the Fluent UI icon fonts, from our own origin: the console makes
 * no request outside it. Any other GET that is not an API or file path answers the console's
 * index.html, so deep links work; the rest is a 404 in the spec's envelope. An unknown address
 * below a reader page's (/n/{key}/..., /i/...) is a reader's 404: a page for a browser, in the
 * newsletter's look when the address names one, JSON for any other caller.
 */
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { ServerEnv } from './env';
import type { Handle } from './db/database';
import type { RegisteredRoute } from './plugins/contract';
import { newsletterFrame, renderErrorPage, sendPrivatePage, wantsPage, type PublicPageNewsletter } from './public-page';
import { findNewsletterByKey, findPublisher } from './store';
import { isStorageKey, uploadsDir, type Storage } from './services/storage';

const require = createRequire(import.meta.url);
// The package exports no package.json; its data file sits two levels below the package root.
export const iconFontsDir = join(dirname(require.resolve('@fluentui/font-icons-mdl2/lib/data/AllIconNames.json')), '..', '..', 'fonts');

/** What the not-found handler knows of the reader pages the plugins registered. */
export interface ReaderAddresses {
  /** The first segments of the public pages' addresses ('n', 'i', ...). */
  prefixes: ReadonlySet<string>;
  /** The look of the newsletter an address names, if it names one. */
  lookOf(path: string): Promise<PublicPageNewsletter | undefined>;
}

/**
 * The reader addresses of the pages registered (`routes`: their first segments), and the look of
 * a newsletter named as /n/{key}/... (published; its colours, logo and publisher, from the core's tables).
 */
export function readerAddresses(routes: readonly RegisteredRoute[], db: Handle): ReaderAddresses {
  const prefixes = new Set(
    routes
      .filter((route) => route.access === 'public' && !route.url.startsWith('/api') && /^\/[^/:]+\/./.test(route.url))
      .map((route) => route.url.split('/')[1]!),
  );
  return {
    prefixes,
    async lookOf(path) {
      const key = /^\/n\/([^/]{1,120})(\/|$)/.exec(path)?.[1];
      const newsletter = key ? await findNewsletterByKey(db, safeDecode(key)) : undefined;
      if (!newsletter?.published) return undefined;
      const publisher = await findPublisher(db, newsletter.publisher_id);
      return { ...newsletterFrame(newsletter), ...(publisher && { publisher: { title: publisher.title, key: publisher.key } }) };
    },
  };
}

const safeDecode = (text: string) => {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
};

export async function serveConsole(app: FastifyInstance, env: ServerEnv, storage: Storage, reader?: ReaderAddresses): Promise<void> {
  await serveUploads(app, env, storage);

  await app.register(fastifyStatic, {
    root: iconFontsDir,
    prefix: '/fonts/',
    decorateReply: false,
    immutable: true,
    maxAge: '365d',
  });

  const built = existsSync(join(env.distDir, 'index.html'));
  const page = built ? consolePage(readFileSync(join(env.distDir, 'index.html'), 'utf8'), env.apiUrl) : undefined;
  if (built) {
    await app.register(fastifyStatic, {
      root: env.distDir,
      prefix: '/',
      wildcard: false,
      index: false,
      // The page is served below, with API_URL written into it.
      allowedPath: (path) => path !== '/index.html',
      // The build writes .br and .gz beside each asset.
      preCompressed: true,
      setHeaders(response, path) {
        const hashed = path.includes(`${join(env.distDir, 'assets')}`);
        response.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  } else {
    app.log.warn(`no built console in ${env.distDir}: run \`npm run build\` (npm start does)`);
  }

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0]!;
    if (reader?.prefixes.has(path.split('/')[1] ?? '')) {
      if (wantsPage(request)) return sendPrivatePage(reply, 404, renderErrorPage(404, await reader.lookOf(path)));
      return reply.status(404).send({ msg: `No such address: ${request.method} ${path}` });
    }
    const isPage = request.method === 'GET' && !/^\/(api|uploads|socket\.io)(\/|$)/.test(path) && !/\.[a-z0-9]+$/i.test(path);
    if (isPage && page) return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(page);
    return reply.status(404).send({ msg: `No such address: ${request.method} ${path}` });
  });
}

/** The console's index.html with the API base it calls (API_URL). */
export function consolePage(html: string, apiUrl: string): string {
  const escaped = apiUrl.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  return html.replace('<meta name="masthead-api" content="/api" />', `<meta name="masthead-api" content="${escaped}" />`);
}

/**
 * Uploaded files at /uploads/<key>. Their names are random and never reused, so they are cached
 * for a year, and other sites may load them (e-mail clients, podcast players, embeds). On disk
 * they are served with ranges (audio seeking); from a private bucket they are streamed through
 * the server.
 */
async function serveUploads(app: FastifyInstance, env: ServerEnv, storage: Storage): Promise<void> {
  if (storage.kind === 'disk') {
    mkdirSync(uploadsDir(env.dataDir), { recursive: true });
    await app.register(fastifyStatic, {
      root: uploadsDir(env.dataDir),
      prefix: '/uploads/',
      decorateReply: false,
      immutable: true,
      maxAge: '365d',
      index: false,
      list: false,
      allowedPath: (path) => isStorageKey(path.replace(/^\//, '')),
      setHeaders: (reply) => reply.header('cross-origin-resource-policy', 'cross-origin'),
    });
    return;
  }
  app.get('/uploads/*', async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    const file = await storage.read(key);
    if (!file) return reply.status(404).send({ msg: 'File not found.' });
    return reply
      .header('content-type', file.contentType)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('cross-origin-resource-policy', 'cross-origin')
      .header('content-length', file.size || undefined)
      .send(file.body);
  });
}
