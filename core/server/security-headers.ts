/**
 * The security headers of every answer (helmet's): a Content-Security-Policy that allows only our
 * own origin, and the players of a story's or an issue's live page (core/server/rich-text-media.ts)
 * on those pages alone. Both policies are built once, when the server starts: @fastify/helmet built
 * helmet again on every request, which parsed the policy each time (docs/decisions/0044-security-headers.md).
 */
import type { FastifyInstance } from 'fastify';
import type { IncomingMessage } from 'node:http';
import helmet from 'helmet';
import type { ServerEnv } from './env';
import { liveEmbedSources } from './rich-text-media';

/** A story's or an issue's live page, where its embeds play. */
const livePage = (request: IncomingMessage) => /^\/[si]\//.test(request.url ?? '');

/**
 * Where our pictures and audio come from when that is a plain http address (PUBLIC_URL, an S3
 * bucket's public address). The console may be opened at another address than PUBLIC_URL (under
 * `npm start`, http://127.0.0.1:8080 or the machine's name, while PUBLIC_URL is
 * http://localhost:8080): 'self' does not match it then, and 'https:' matches only https, so the
 * pictures showed their alt texts.
 */
function plainHttpOrigins(env: Pick<ServerEnv, 'publicUrl' | 's3'>): string[] {
  const addresses = [env.publicUrl, env.s3?.publicUrl].filter((address): address is string => Boolean(address?.startsWith('http:')));
  return [...new Set(addresses.map((address) => new URL(address).origin))];
}

export function addSecurityHeaders(app: FastifyInstance, env: Pick<ServerEnv, 'apiUrl' | 'publicUrl' | 's3'>): void {
  const { apiUrl } = env;
  const ownHttp = plainHttpOrigins(env);
  const withPlayers = (players: boolean) =>
    helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          // Fluent UI writes its styles at run time.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", ...ownHttp, 'data:', 'blob:', 'https:'],
          mediaSrc: ["'self'", ...ownHttp, 'blob:', 'https:'],
          fontSrc: ["'self'", 'data:'],
          // Nothing else frames or loads others' scripts.
          frameSrc: ["'self'", ...(players ? liveEmbedSources.frames : [])],
          scriptSrc: ["'self'", ...(players ? liveEmbedSources.scripts : [])],
          // API_URL may name another origin (a proxy in front of the API).
          connectSrc: ["'self'", ...(/^https?:/.test(apiUrl) ? [new URL(apiUrl).origin] : [])],
          upgradeInsecureRequests: null,
        },
      },
      crossOriginEmbedderPolicy: false,
    });
  const live = withPlayers(true);
  const other = withPlayers(false);
  // As the request arrives, before the route's own hooks: a refusal carries the headers too.
  app.addHook('onRequest', (request, reply, done) =>
    (livePage(request.raw) ? live : other)(request.raw, reply.raw, (error) => done(error as Error | undefined)),
  );
}
