/**
 * The built console (dist/) and the Fluent UI icon fonts, from our own origin: the console makes
 * no request outside it. Any other GET that is not an API or file path answers the console's
 * index.html, so deep links work; the rest is a 404 in the spec's envelope.
 */
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { ServerEnv } from './env';
import { isStorageKey, uploadsDir, type Storage } from './services/storage';

const require = createRequire(import.meta.url);
// The package exports no package.json; its data file sits two levels below the package root.
export const iconFontsDir = join(dirname(require.resolve('@fluentui/font-icons-mdl2/lib/data/AllIconNames.json')), '..', '..', 'fonts');

export async function serveConsole(app: FastifyInstance, env: ServerEnv, storage: Storage): Promise<void> {
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

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0]!;
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
